import type { Kysely } from 'kysely';

/*
 * Verified attendance of live webinars (issue 25, docs/decisions/0412): staff import the
 * meeting service's participant report; each import keeps its matched members (minutes, and
 * whether they reached the threshold) and its unmatched rows. One import per class is
 * 'confirmed' at a time; a corrected report replaces it ('replaced'). A class's threshold in
 * percent of its duration (null: 80).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('classes').addColumn('attendance_threshold_pct', 'integer').execute();
  await db.schema
    .createTable('attendance_imports')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('threshold_pct', 'integer', (c) => c.notNull())
    .addColumn('threshold_min', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('unmatched', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  await db.schema
    .createIndex('attendance_imports_class_id_status_ix')
    .on('attendance_imports')
    .columns(['class_id', 'status'])
    .execute();
  await db.schema
    .createTable('attendance_records')
    .addColumn('import_id', 'text', (c) =>
      c.notNull().references('attendance_imports.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('minutes', 'real', (c) => c.notNull())
    .addColumn('is_live', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_records_pk', ['import_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('attendance_records_member_id_ix')
    .on('attendance_records')
    .column('member_id')
    .execute();
}
