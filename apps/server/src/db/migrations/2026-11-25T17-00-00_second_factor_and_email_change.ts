import type { Kysely } from 'kysely';

/*
 * Issue 28 (docs/decisions/0920, 0921): a second factor (TOTP with recovery codes), which
 * sessions passed it, and e-mail changes confirmed by a link to the new address. The TOTP
 * secret has its own table so that no `selectAll` of members (the data export, the console)
 * can carry it out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'text').execute();

  await db.schema
    .createTable('member_totp')
    .addColumn('member_id', 'text', (c) =>
      c.primaryKey().notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (c) => c.notNull())
    // Null while enrolment waits for its first code.
    .addColumn('confirmed_at', 'text')
    // The last accepted time step: a code is never accepted twice (RFC 6238 §5.2).
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_codes_member_id_ix')
    .on('recovery_codes')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_member_id_ix').on('email_changes').column('member_id').execute();
}
