import type { Kysely } from 'kysely';

/*
 * Webinar reminders (issue 25, docs/decisions/0411): one row per seat, kind and start time a
 * reminder was claimed for ('24h', '1h', 'start', and 'time': the start the member was last
 * told of, so a rescheduled class mails the new time once). The primary key is the claim:
 * two scheduler processes insert the same row and only one of them sends. Members who
 * unsubscribed from reminders; headers of outgoing mail (List-Unsubscribe).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webinar_reminders')
    .addColumn('seat_id', 'text', (c) => c.notNull().references('seats.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('release_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('webinar_reminders_pk', ['seat_id', 'kind', 'release_at'])
    .execute();
  await db.schema
    .createTable('reminder_optouts')
    .addColumn('member_id', 'text', (c) =>
      c.primaryKey().notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
}
