import type { Kysely } from 'kysely';

/*
 * Issue 42 (docs/decisions/1160–1162): members' questions to a live webinar's presenter, asked
 * before it starts and while it runs, and members' votes for them.
 * webinar_questions: the member's plain text; answered by staff (with an optional short written
 * answer) or hidden by staff with the reason, each with who and when. A withdrawn question is
 * deleted. question_votes: one row per member and question (the primary key makes a second vote
 * a no-op). Nothing existing changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webinar_questions')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('asked_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('webinar_questions_class_ix')
    .on('webinar_questions')
    .columns(['class_id', 'asked_at'])
    .execute();
  await db.schema
    .createIndex('webinar_questions_member_ix')
    .on('webinar_questions')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('question_votes')
    .addColumn('question_id', 'text', (c) =>
      c.notNull().references('webinar_questions.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('voted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_votes_pk', ['question_id', 'member_id'])
    .execute();
  await db.schema.createIndex('question_votes_member_ix').on('question_votes').column('member_id').execute();
}
