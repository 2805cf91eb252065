import type { Kysely } from 'kysely';

/*
 * Issue 43, the DSO level (docs/decisions/1167, 1168): an organisation groups offices; its
 * managers ("for all") manage every office in it. An office joins with its own manager's consent
 * through an invite link (SHA-256 of the token kept); `offices.organisation_id` says which
 * organisation an office is in (null: none). Existing offices stay outside any organisation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organisation_managers')
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organisation_managers_pk', ['organisation_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('organisation_managers_member_ix')
    .on('organisation_managers')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('organisation_invites')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('organisation_id', 'text', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('organisation_invites_organisation_ix')
    .on('organisation_invites')
    .column('organisation_id')
    .execute();

  await db.schema
    .alterTable('offices')
    .addColumn('organisation_id', 'text', (c) => c.references('organisations.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('offices_organisation_ix').on('offices').column('organisation_id').execute();
}
