import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';

/* Queries of the second factor (docs/decisions/0920): portable Kysely only. */

type TDb = Kysely<DB> | Transaction<DB>;

export async function selectTotp(db: TDb, memberId: string) {
  return db.selectFrom('member_totp').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** A new, unconfirmed secret replaces any earlier unconfirmed one. */
export async function putPendingTotp(db: TDb, memberId: string, secret: string, now: Date) {
  await db.deleteFrom('member_totp').where('member_id', '=', memberId).execute();
  await db
    .insertInto('member_totp')
    .values({ member_id: memberId, secret, confirmed_at: null, last_step: null, created_at: nowIso(now) })
    .execute();
}

/**
 * Takes a time step for a member: true only when it is later than every step accepted before,
 * in one conditional update, so two requests with one code cannot both pass (RFC 6238 §5.2).
 */
export async function claimTotpStep(db: TDb, memberId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('member_totp')
    .set({ last_step: step })
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function confirmTotp(db: TDb, memberId: string, now: Date) {
  await db
    .updateTable('member_totp')
    .set({ confirmed_at: nowIso(now) })
    .where('member_id', '=', memberId)
    .execute();
}

export async function deleteTotp(db: TDb, memberId: string) {
  await db.deleteFrom('member_totp').where('member_id', '=', memberId).execute();
  await db.deleteFrom('recovery_codes').where('member_id', '=', memberId).execute();
}

export async function replaceRecoveryCodes(db: TDb, memberId: string, hashes: string[], now: Date) {
  await db.deleteFrom('recovery_codes').where('member_id', '=', memberId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      hashes.map((code_hash) => ({
        id: newId(),
        member_id: memberId,
        code_hash,
        used_at: null,
        created_at: nowIso(now),
      })),
    )
    .execute();
}

/** Uses a recovery code: true only the first time, in one conditional update. */
export async function consumeRecoveryCode(db: TDb, memberId: string, codeHash: string, now: Date) {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso(now) })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: TDb, memberId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
