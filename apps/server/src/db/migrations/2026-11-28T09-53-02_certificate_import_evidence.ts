import type { Kysely } from 'kysely';

/*
 * Issue 41 (docs/decisions/1138): a certificate imported from a file keeps what vouched for it,
 * as JSON: the verification address or QR code printed on it, an Open Badges credential's
 * verification result, whether the name on it matched the member's. Null for every certificate
 * typed in by hand, those before this migration included: nothing existing changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tracker_certificates').addColumn('evidence', 'text').execute();
}
