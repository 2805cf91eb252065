import { sql, type Kysely, type Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

export type TKeyRow = {
  id: string;
  fragment: string;
  public_key_multibase: string;
  secret_key_sealed: string;
  created_at: string;
  retired_at: string | null;
};

/** Every signing key, oldest first: the last unretired one signs. */
export function selectKeys(db: TDb): Promise<TKeyRow[]> {
  return db.selectFrom('credential_keys').selectAll().orderBy('created_at').orderBy('fragment').execute();
}

/** Adds a key unless one of that fragment exists (two processes making the first key at once). */
export async function insertKey(db: TDb, row: TKeyRow): Promise<void> {
  await db
    .insertInto('credential_keys')
    .values(row)
    .onConflict((oc) => oc.column('fragment').doNothing())
    .execute();
}

export async function retireKeys(db: TDb, at: string): Promise<void> {
  await db.updateTable('credential_keys').set({ retired_at: at }).where('retired_at', 'is', null).execute();
}

export type TBadgeRow = {
  completion_id: string;
  credential_id: string;
  status_index: number;
  issued_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
};

export function selectBadge(db: TDb, completionId: string): Promise<TBadgeRow | undefined> {
  return db
    .selectFrom('open_badges')
    .select(['completion_id', 'credential_id', 'status_index', 'issued_at', 'revoked_at', 'revoked_reason'])
    .where('completion_id', '=', completionId)
    .executeTakeFirst();
}

export function selectBadgeByCredentialId(db: TDb, credentialId: string): Promise<TBadgeRow | undefined> {
  return db
    .selectFrom('open_badges')
    .select(['completion_id', 'credential_id', 'status_index', 'issued_at', 'revoked_at', 'revoked_reason'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/**
 * The certificate's row with the next free place in the status list. Two issues at once may take
 * the same place: the unique index refuses the second, which takes the next one; a row already
 * there for the certificate is kept.
 */
export async function insertBadge(
  db: TDb,
  row: { completionId: string; credentialId: string; issuedAt: string },
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db
        .insertInto('open_badges')
        .columns(['completion_id', 'credential_id', 'status_index', 'issued_at'])
        .expression((eb) =>
          eb
            .selectFrom('open_badges')
            .select((s) => [
              s.val(row.completionId).as('completion_id'),
              s.val(row.credentialId).as('credential_id'),
              s(s.fn.coalesce(s.fn.max('status_index'), s.lit(-1)), '+', 1).as('status_index'),
              s.val(row.issuedAt).as('issued_at'),
            ])
            // SQLite reads ON CONFLICT after a bare SELECT as a join's ON: a WHERE ends the SELECT.
            .where(sql<boolean>`1 = 1`),
        )
        .onConflict((oc) => oc.column('completion_id').doNothing())
        .execute();
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
}

/** Revokes once: false when it was already revoked (the first reason stands). */
export async function revokeBadge(
  db: TDb,
  completionId: string,
  revocation: { at: string; reason: string; by: string },
): Promise<boolean> {
  const result = await db
    .updateTable('open_badges')
    .set({ revoked_at: revocation.at, revoked_reason: revocation.reason, revoked_by: revocation.by })
    .where('completion_id', '=', completionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function selectRevokedIndexes(db: TDb): Promise<number[]> {
  const rows = await db
    .selectFrom('open_badges')
    .select('status_index')
    .where('revoked_at', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.status_index));
}
