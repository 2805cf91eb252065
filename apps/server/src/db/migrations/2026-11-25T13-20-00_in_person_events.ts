import type { Kysely } from 'kysely';

/*
 * In-person events (issue 25, docs/decisions/0413): each is a class row of its own (type
 * SEMINAR, live credit, not published in the catalog), so a claim's completion has the same
 * certificate, transcript and AGD submission as any other; the event adds its claim code, place,
 * claim window and capacity. One claim per member and event (primary key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('in_person_events')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('class_id', 'text', (c) => c.notNull().unique().references('classes.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('claim_opens_at', 'text', (c) => c.notNull())
    .addColumn('claim_closes_at', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer')
    .addColumn('created_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('event_claims')
    .addColumn('event_id', 'text', (c) => c.notNull().references('in_person_events.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('completion_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_claims_pk', ['event_id', 'member_id'])
    .execute();
  await db.schema.createIndex('event_claims_member_id_ix').on('event_claims').column('member_id').execute();
}
