import { sql, type Kysely } from 'kysely';

/*
 * Issue 42 (docs/decisions/1155–1157): in-person scan-in and scan-out. An event that uses scanning
 * has is_scanning = 1, its minimum presence in minutes and the secret its rotating door codes are
 * an HMAC of. event_scans keeps every scan: how it was made (a door code, the claim, a staff
 * correction with its reason) and, for a scan staff removed, who removed it, when and why; the
 * row stays so the evidence shows it. One kept entry and one kept exit per member and event: the
 * partial unique index makes a repeated or concurrent scan record nothing. Events existing now
 * keep is_scanning = 0 and behave as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('in_person_events')
    .addColumn('is_scanning', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('in_person_events').addColumn('min_presence_min', 'integer').execute();
  await db.schema.alterTable('in_person_events').addColumn('scan_secret', 'text').execute();

  await db.schema
    .createTable('event_scans')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().references('in_person_events.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('staff_id', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('removed_at', 'text')
    .addColumn('removed_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('removed_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_scans_kept_ux')
    .on('event_scans')
    .columns(['event_id', 'member_id', 'direction'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
  // A member's scans at an event and an event's scans (the console) start here; the unique index
  // above is partial, which SQLite uses only where a query names removed_at IS NULL.
  await db.schema
    .createIndex('event_scans_event_member_ix')
    .on('event_scans')
    .columns(['event_id', 'member_id'])
    .execute();
  await db.schema.createIndex('event_scans_member_ix').on('event_scans').column('member_id').execute();
}
