import type { Kysely } from 'kysely';

/*
 * Issue 39 (docs/decisions/1116): a mail may be queued as its facts and rendered by the outbox
 * worker when it is sent. template names the renderer, facts is its JSON; both stay null for a
 * mail queued rendered, as every existing row was. Nothing existing changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('template', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('facts', 'text').execute();
}
