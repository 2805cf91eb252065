import type { Kysely } from 'kysely';

/*
 * Issue 43 (docs/decisions/1163–1166): offices. An office (name, address, state) has members,
 * each a manager or a colleague, who chose at joining what the office sees (shares_deadlines:
 * licence type, state and deadline; shares_hours: hours still needed per requirement). Invites
 * are a link or a mailed link, kept as the SHA-256 of their token. Assignments are a course or
 * topic a manager asks a member to finish by a day; the member marks it done. Nothing existing changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('offices')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('office_members')
    .addColumn('office_id', 'text', (c) => c.notNull().references('offices.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('shares_deadlines', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shares_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('office_members_pk', ['office_id', 'member_id'])
    .execute();
  await db.schema.createIndex('office_members_member_ix').on('office_members').column('member_id').execute();

  await db.schema
    .createTable('office_invites')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('office_id', 'text', (c) => c.notNull().references('offices.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('created_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('office_invites_office_ix').on('office_invites').column('office_id').execute();

  await db.schema
    .createTable('office_assignments')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('office_id', 'text', (c) => c.notNull().references('offices.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .addColumn('reminded_at', 'text')
    .addColumn('overdue_noticed_at', 'text')
    .execute();
  await db.schema
    .createIndex('office_assignments_office_ix')
    .on('office_assignments')
    .columns(['office_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('office_assignments_member_ix')
    .on('office_assignments')
    .columns(['member_id', 'due_on'])
    .execute();
}
