import type { Kysely } from 'kysely';

/*
 * The CE tracker's second part (issue 23).
 * - Deadline reminders (docs/decisions/1104): one row per licence, period end and kind ('90d',
 *   '30d', '7d') a reminder was claimed for. The primary key is the claim, inserted in the
 *   transaction that queues the mail, so two scheduler processes never send one twice; a new
 *   period (another end) gets its own. The member's preference: 1 = mail me (the default), 0 = off.
 * - Who verified a requirement rule last: the staff member whose console save set verified_on.
 * - The model's additions (docs/decisions/1106): a licence's controlled-substance registration
 *   (conditional requirements), a certificate's expiry (a CPR card), a rule's minutes per hour
 *   (50-minute states) and its category caps (JSON).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracker_reminders')
    .addColumn('licence_id', 'text', (c) => c.notNull().references('tracker_licences.id').onDelete('cascade'))
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tracker_reminders_pk', ['licence_id', 'period_end', 'kind'])
    .execute();
  await db.schema
    .alterTable('members')
    .addColumn('ce_reminders', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('tracker_rules')
    .addColumn('verified_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('tracker_rules').addColumn('hour_minutes', 'integer').execute();
  await db.schema.alterTable('tracker_rules').addColumn('category_caps', 'text').execute();
  await db.schema
    .alterTable('tracker_licences')
    .addColumn('holds_dea', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tracker_certificates').addColumn('expires_on', 'text').execute();
}
