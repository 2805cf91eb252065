import type { Kysely } from 'kysely';

/*
 * Issue 40 (docs/decisions/1130–1132): every certificate is also an Open Badges 3.0 credential.
 * open_badges: one row per certificate whose credential was issued, with its place in the
 * site's Bitstring Status List (status_index, unique) and its revocation by staff (reason and who).
 * credential_keys: the provider's Ed25519 signing keys; the secret half sealed with AES-256-GCM by
 * a secret kept outside the database (CREDENTIAL_KEY_SECRET or its file). A rotated key is retired,
 * never deleted: did.json keeps publishing it, so credentials it signed still verify.
 * Nothing existing changes: old certificates get their row when their credential is first asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credential_keys')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('fragment', 'text', (c) => c.notNull().unique())
    .addColumn('public_key_multibase', 'text', (c) => c.notNull())
    .addColumn('secret_key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute();

  await db.schema
    .createTable('open_badges')
    .addColumn('completion_id', 'text', (c) =>
      c.primaryKey().notNull().references('completions.id').onDelete('cascade'),
    )
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('status_index', 'integer', (c) => c.notNull().unique())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('revoked_by', 'text', (c) => c.references('members.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('open_badges_revoked_at_ix').on('open_badges').column('revoked_at').execute();
}
