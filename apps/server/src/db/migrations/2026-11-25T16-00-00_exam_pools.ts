import type { Kysely } from 'kysely';

/*
 * Exam pools (issue 28, docs/decisions/0908): staff may set how many of an exam's questions an
 * attempt draws (null: all, in order, options as written). Each exam page served from a pool is
 * stored, with the questions drawn and their options' order, and the grade follows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exams').addColumn('draw_count', 'integer').execute();
  await db.schema
    .createTable('exam_servings')
    .addColumn('id', 'text', (col) => col.primaryKey().notNull())
    .addColumn('exam_id', 'text', (col) => col.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (col) => col.notNull().references('members.id').onDelete('cascade'))
    // JSON: [{ "id": question id, "order": [original option number at each shown position] }]
    .addColumn('questions', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('exam_servings_member_exam_ix')
    .on('exam_servings')
    .columns(['member_id', 'exam_id', 'created_at'])
    .execute();
  await db.schema.alterTable('exam_attempts').addColumn('serving_id', 'text').execute();
}
