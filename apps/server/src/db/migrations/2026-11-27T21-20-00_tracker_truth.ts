import type { Kysely } from 'kysely';

/*
 * A CE tracker that tells the truth (issue 36, docs/decisions/1110–1115).
 * - A licence says what its rule needs to decide: the day it was first issued, the member's
 *   birth month and year, permits held (JSON), the member's own total where the rule has none,
 *   and where its period comes from ('rule', 'member', or 'unconfirmed' for a licence saved
 *   before: its dates may have been a guess).
 * - tracker_licence_checks: a requirement the member marked done on a day (an assessment passed,
 *   a one-off course taken before, a card), one row per licence and requirement key, so two
 *   marks saved at once never overwrite each other.
 * - Deleting a licence or a certificate can be undone for a while: deleted_at marks it, a job
 *   removes it (and the certificate's file) once the undo window has passed.
 * - A rule says whether a licence's first period is exempt, whether its cycle anchor is stated
 *   by the rule itself (else the member is asked), and which version of the project's additions
 *   it carries (the seed applies newer ones to rules staff have not verified).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of [
    ['issued_on', 'text'],
    ['birth_month', 'integer'],
    ['birth_year', 'integer'],
    ['required_hours', 'double precision'],
    ['deleted_at', 'text'],
  ] as const) {
    await db.schema.alterTable('tracker_licences').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('tracker_licences')
    .addColumn('permits', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('tracker_licences')
    .addColumn('period_basis', 'text', (c) => c.notNull().defaultTo('unconfirmed'))
    .execute();
  await db.schema
    .createTable('tracker_licence_checks')
    .addColumn('licence_id', 'text', (c) => c.notNull().references('tracker_licences.id').onDelete('cascade'))
    .addColumn('requirement_key', 'text', (c) => c.notNull())
    .addColumn('done_on', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tracker_licence_checks_pk', ['licence_id', 'requirement_key'])
    .execute();
  await db.schema.alterTable('tracker_certificates').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('tracker_rules').addColumn('first_period_exempt', 'integer').execute();
  await db.schema
    .alterTable('tracker_rules')
    .addColumn('anchor_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tracker_rules')
    .addColumn('additions_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('tracker_licences_deleted_at_ix')
    .on('tracker_licences')
    .column('deleted_at')
    .execute();
  await db.schema
    .createIndex('tracker_certificates_deleted_at_ix')
    .on('tracker_certificates')
    .column('deleted_at')
    .execute();
}
