import type { Kysely } from 'kysely';

/*
 * Issue 37 row 1 (docs/decisions/0930): a mailed login link works once, then expires; its token
 * is random and kept only as a SHA-256 hash, like every other one-time link.
 * Issue 35 (docs/decisions/0931): the home e-mail (members.email2) matches a participant report
 * only once a link to it was followed; an e-mail change link now names the address it confirms
 * ('email' as before, or 'email2'). Today's home e-mails stay as they are, unconfirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey().notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_links_member_id_ix').on('login_links').column('member_id').execute();
  await db.schema.createIndex('login_links_expires_at_ix').on('login_links').column('expires_at').execute();

  await db.schema.alterTable('members').addColumn('email2_verified_at', 'text').execute();
  await db.schema
    .alterTable('email_changes')
    .addColumn('field', 'text', (c) => c.notNull().defaultTo('email'))
    .execute();
}
