import type { Kysely } from 'kysely';

/*
 * Webinar evidence (issue 42, docs/decisions/1150, 1151): the polls staff prepare for a webinar
 * (opened and closed by the presenter, by the server's clock), each attendee's one answer with
 * the server's time, and the webinar's credit rule. A rule's three columns are null on every
 * existing webinar: no rule, live credit decided as before.
 * A participant report's rows also keep their joined/left intervals (JSON, null on reports
 * imported before); a live webinar's completion keeps the evidence its credit was decided on
 * (JSON, null before: documents show none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webinar_polls')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('choices', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webinar_polls_class_id_ix')
    .on('webinar_polls')
    .columns(['class_id', 'position'])
    .execute();
  await db.schema
    .createTable('webinar_poll_answers')
    .addColumn('poll_id', 'text', (c) => c.notNull().references('webinar_polls.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('choice', 'integer', (c) => c.notNull())
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webinar_poll_answers_pk', ['poll_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('webinar_poll_answers_member_id_ix')
    .on('webinar_poll_answers')
    .column('member_id')
    .execute();
  await db.schema.alterTable('classes').addColumn('credit_min_minutes', 'integer').execute();
  await db.schema.alterTable('classes').addColumn('credit_min_polls', 'integer').execute();
  await db.schema.alterTable('classes').addColumn('credit_below', 'text').execute();
  await db.schema.alterTable('attendance_records').addColumn('presence', 'text').execute();
  await db.schema.alterTable('completions').addColumn('evidence', 'text').execute();
}
