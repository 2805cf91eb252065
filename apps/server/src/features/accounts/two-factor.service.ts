import type { Kysely } from 'kysely';
import { Texts } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { hashToken } from '../../lib/ids.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hitRateLimit, releaseRateLimit } from '../../lib/rate-limit.ts';
import { markSecondFactor, revokeOtherSessions, type TSessionMember } from '../../domain/sessions.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpEnrolment,
  totpStep,
} from '../../lib/totp.ts';
import { ApiError, badRequest, forbidden, rateLimited, unauthorized } from '../../lib/api-errors.ts';
import * as repo from './two-factor.repo.ts';
import { selectMemberById } from './accounts.repo.ts';

/*
 * Two-factor sign-in (issue 28, docs/decisions/0920): TOTP with ten single-use recovery codes.
 * Staff need it before the console opens; members may turn it on. Codes and current passwords
 * are tried at most 5 and 10 times in 15 minutes per account.
 */

const MINUTE = 60_000;
export const CODE_LIMIT = { hits: 5, windowMs: 15 * MINUTE };
export const CURRENT_PASSWORD_LIMIT = { hits: 10, windowMs: 15 * MINUTE };

export type TTwoFactorDeps = { db: Kysely<DB>; brand: () => Promise<string>; now?: () => Date };

export function createTwoFactorService(deps: TTwoFactorDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function isOn(memberId: string): Promise<boolean> {
    const row = await repo.selectTotp(db, memberId);
    return Boolean(row?.confirmed_at);
  }

  /**
   * Checks a second-factor code of a member with it on: a TOTP code of a step not used before,
   * or an unused recovery code (then used up). Refuses with 429 past the limit.
   */
  async function checkCode(memberId: string, code: string): Promise<boolean> {
    const key = `second-factor:member:${hashToken(memberId)}`;
    const hit = await hitRateLimit(db, key, CODE_LIMIT.hits, CODE_LIMIT.windowMs, now());
    if (!hit.allowed) throw rateLimited(Texts.TWO_FACTOR_RATE_LIMITED);
    const totp = await repo.selectTotp(db, memberId);
    if (!totp?.confirmed_at) return false;
    const cleaned = code.replace(/[\s-]/g, '').toLowerCase();
    let ok = false;
    if (/^\d{6}$/.test(cleaned)) {
      const step = totpStep(totp.secret, cleaned, now());
      ok = step !== null && (await repo.claimTotpStep(db, memberId, step));
    } else {
      ok = await repo.consumeRecoveryCode(db, memberId, recoveryCodeHash(memberId, cleaned), now());
    }
    if (ok) await releaseRateLimit(db, key);
    return ok;
  }

  /** The member's current password, limited per account; refuses with 403 when wrong. */
  async function checkCurrentPassword(memberId: string, password: string | undefined): Promise<void> {
    if (!password) throw new ApiError(403, Texts.CURRENT_PASSWORD_REQUIRED, { field: 'currentPassword' });
    const key = `current-password:member:${hashToken(memberId)}`;
    const hit = await hitRateLimit(
      db,
      key,
      CURRENT_PASSWORD_LIMIT.hits,
      CURRENT_PASSWORD_LIMIT.windowMs,
      now(),
    );
    if (!hit.allowed) throw rateLimited();
    const member = await selectMemberById(db, memberId);
    if (!member || member.erased_at) throw unauthorized();
    if (!(await verifyPassword(password, member.password_hash))) {
      throw new ApiError(403, Texts.CURRENT_PASSWORD_WRONG, { field: 'currentPassword' });
    }
    await releaseRateLimit(db, key);
  }

  /**
   * What a sensitive change of the account needs (docs/decisions/0921): the current password,
   * and a code when two-factor sign-in is on.
   */
  async function checkReauthentication(
    memberId: string,
    given: { currentPassword?: string; code?: string },
  ): Promise<void> {
    await checkCurrentPassword(memberId, given.currentPassword);
    if (!(await isOn(memberId))) return;
    if (!given.code) throw new ApiError(403, Texts.CURRENT_PASSWORD_CODE_REQUIRED, { field: 'code' });
    if (!(await checkCode(memberId, given.code))) {
      throw new ApiError(403, Texts.TWO_FACTOR_CODE_WRONG, { field: 'code' });
    }
  }

  return {
    isOn,
    checkCode,
    checkReauthentication,

    /** GET /api/two-factor */
    async status(session: TSessionMember) {
      return {
        status: true as const,
        enabled: await isOn(session.id),
        required: session.role === 'staff',
        sessionVerified: Boolean(session.secondFactorAt),
        recoveryCodesLeft: await repo.countRecoveryCodesLeft(db, session.id),
      };
    },

    /** POST /api/two-factor/setup: a new secret waits for its first code. */
    async setup(session: TSessionMember, currentPassword: string) {
      await checkCurrentPassword(session.id, currentPassword);
      if (await isOn(session.id)) throw new ApiError(409, Texts.TWO_FACTOR_ALREADY_ON);
      const secret = newTotpSecret();
      await repo.putPendingTotp(db, session.id, secret, now());
      const { uri, qrCode } = await totpEnrolment(secret, session.username, await deps.brand());
      return { status: true as const, secret, uri, qrCode };
    },

    /**
     * POST /api/two-factor/confirm: the first code turns it on; the recovery codes are answered
     * this once. This session counts as passed; every other session of the member ends.
     */
    async confirm(session: TSessionMember, code: string) {
      const key = `second-factor:member:${hashToken(session.id)}`;
      const hit = await hitRateLimit(db, key, CODE_LIMIT.hits, CODE_LIMIT.windowMs, now());
      if (!hit.allowed) throw rateLimited(Texts.TWO_FACTOR_RATE_LIMITED);
      const pending = await repo.selectTotp(db, session.id);
      if (!pending) throw badRequest(Texts.TWO_FACTOR_NOT_STARTED, 'code');
      if (pending.confirmed_at) throw new ApiError(409, Texts.TWO_FACTOR_ALREADY_ON);
      const step = totpStep(pending.secret, code.replace(/[\s-]/g, ''), now());
      if (step === null || !(await repo.claimTotpStep(db, session.id, step))) {
        throw badRequest(Texts.TWO_FACTOR_CODE_WRONG, 'code');
      }
      await releaseRateLimit(db, key);
      const codes = newRecoveryCodes();
      const at = now();
      await db.transaction().execute(async (trx) => {
        await repo.confirmTotp(trx, session.id, at);
        await repo.replaceRecoveryCodes(
          trx,
          session.id,
          codes.map((c) => recoveryCodeHash(session.id, c)),
          at,
        );
      });
      await markSecondFactor(db, session.sessionId, at);
      await revokeOtherSessions(db, session.id, session.sessionId);
      return { status: true as const, msg: Texts.TWO_FACTOR_ENABLED, recoveryCodes: codes };
    },

    /**
     * POST /api/two-factor/recovery-codes: ten new codes replace every old one, used or not,
     * without turning two-factor sign-in off and on; the current password and a code first.
     */
    async regenerateRecoveryCodes(session: TSessionMember, currentPassword: string, code: string) {
      if (!(await isOn(session.id))) throw new ApiError(409, Texts.TWO_FACTOR_NOT_ON);
      await checkReauthentication(session.id, { currentPassword, code });
      const codes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await repo.replaceRecoveryCodes(
          trx,
          session.id,
          codes.map((c) => recoveryCodeHash(session.id, c)),
          now(),
        );
      });
      return { status: true as const, msg: Texts.TWO_FACTOR_NEW_RECOVERY_CODES, recoveryCodes: codes };
    },

    /** POST /api/two-factor/disable: members only, with the current password and a code. */
    async disable(session: TSessionMember, currentPassword: string, code: string) {
      if (session.role === 'staff') throw forbidden(Texts.TWO_FACTOR_STAFF_KEEPS);
      await checkReauthentication(session.id, { currentPassword, code });
      await repo.deleteTotp(db, session.id);
      return { status: true, msg: Texts.TWO_FACTOR_DISABLED };
    },
  };
}

export type TTwoFactorService = ReturnType<typeof createTwoFactorService>;
