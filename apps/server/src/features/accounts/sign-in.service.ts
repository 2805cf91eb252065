import { Texts } from '@opence/shared';
import { hashToken, newSecretToken } from '../../lib/ids.ts';
import { looksLikeLoginToken, readLoginLink, spendLoginLink } from '../../domain/login-links.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hitRateLimit, releaseRateLimit } from '../../lib/rate-limit.ts';
import { createSession, resolveSession, revokeSession, type TSessionMember } from '../../domain/sessions.ts';
import { ApiError, rateLimited, unauthorized } from '../../lib/api-errors.ts';
import { MINUTE, type TAccountsContext } from './accounts.context.ts';
import { presentLoginStudent, profileTimeZone } from './accounts.presenter.ts';
import * as repo from './accounts.repo.ts';

/*
 * Signing in and out (01 §2, 03 §3): by password, by a mailed login link, and the session's
 * member.
 */

/**
 * Failed logins per account (the username or e-mail as typed): 10 in 15 minutes (03 §3).
 * The address has a much higher ceiling, so a room on one network address is not locked out
 * by its neighbours' typos (docs/decisions/0410).
 */
export const LOGIN_LIMIT = { hits: 10, windowMs: 15 * MINUTE };
/** What a login link that cannot sign in says; each offers the normal login (0930). */
const LOGIN_LINK_REFUSALS = {
  used: Texts.LOGIN_LINK_USED,
  expired: Texts.LOGIN_LINK_EXPIRED,
  invalid: Texts.LOGIN_LINK_INVALID,
} as const;
export const LOGIN_ADDRESS_LIMIT = { hits: 200, windowMs: 15 * MINUTE };

export function createSignInService({ db, deps, now, memberOf, studentOf }: TAccountsContext) {
  // Verifying against a throwaway hash makes an unknown username cost as much as a wrong password.
  let dummyHash: Promise<string> | null = null;

  return {
    /** POST /api/login: by username or e-mail, case-insensitive; failures limited (03 §3). */
    async login(u: string, p: string, ip: string, code?: string) {
      // The account is counted whatever names it (username or e-mail, any case: issue 37 row 5);
      // a name that is no account is counted as typed. Keys hold ids and hashes, never a name.
      const member = await repo.selectMemberByLogin(db, u);
      const keys = [
        member ? `login:account:${member.id}` : `login:user:${hashToken(u.trim().toLowerCase())}`,
        `login:ip:${hashToken(ip)}`,
      ];
      const limits = [LOGIN_LIMIT, LOGIN_ADDRESS_LIMIT];
      const hits = await Promise.all(
        keys.map((k, i) => hitRateLimit(db, k, limits[i]!.hits, limits[i]!.windowMs, now())),
      );
      if (hits.some((h) => !h.allowed)) throw rateLimited(Texts.LOGIN_RATE_LIMITED);

      dummyHash ??= hashPassword(newSecretToken());
      const isValid = await verifyPassword(p, member?.password_hash ?? (await dummyHash));
      if (!member || !isValid) throw unauthorized(Texts.LOGIN_FAILED);

      // A successful attempt does not count against the limit.
      await Promise.all(keys.map((k) => releaseRateLimit(db, k)));
      // With two-factor sign-in on, the right password alone opens nothing: the code is asked
      // for, and the form sends u, p and code again (0920). Codes have their own limit.
      const hasSecondFactor = await deps.twoFactor.isOn(member.id);
      if (hasSecondFactor) {
        if (!code) throw new ApiError(401, Texts.TWO_FACTOR_CODE_NEEDED, { secondFactor: 'code' });
        if (!(await deps.twoFactor.checkCode(member.id, code))) {
          throw new ApiError(401, Texts.TWO_FACTOR_CODE_WRONG, { field: 'code', secondFactor: 'code' });
        }
      }
      const token = await createSession(db, member.id, now(), { secondFactor: hasSecondFactor });
      return Object.assign({ status: true as const }, presentLoginStudent(member), {
        timeZone: profileTimeZone(member),
        token,
      });
    },

    /**
     * POST /api/login-link (docs/decisions/0930): a mailed login link, exchanged once for a
     * session. With two-factor sign-in on, the link alone opens nothing: the code is asked for
     * (`secondFactor: 'code'`) and the link stays unspent until a right code comes with it.
     */
    async loginByLink(t: string, code?: string) {
      const link = await readLoginLink(db, t, now());
      if (link.state !== 'valid') throw unauthorized(LOGIN_LINK_REFUSALS[link.state]);
      const member = await repo.selectMemberById(db, link.memberId);
      if (!member || member.erased_at) throw unauthorized(Texts.LOGIN_LINK_INVALID);
      const hasSecondFactor = await deps.twoFactor.isOn(member.id);
      if (hasSecondFactor) {
        if (!code) throw new ApiError(401, Texts.LOGIN_LINK_CODE_NEEDED, { secondFactor: 'code' });
        if (!(await deps.twoFactor.checkCode(member.id, code))) {
          throw new ApiError(401, Texts.TWO_FACTOR_CODE_WRONG, { field: 'code', secondFactor: 'code' });
        }
      }
      // Two tabs (or a scanner and the member) racing with one link: one session, one refusal.
      if (!(await spendLoginLink(db, t, now()))) throw unauthorized(Texts.LOGIN_LINK_USED);
      const token = await createSession(db, member.id, now(), { secondFactor: hasSecondFactor });
      return { status: true as const, student: await studentOf(member), token };
    },

    async logout(session: TSessionMember | null) {
      if (session) await revokeSession(db, session.sessionId);
      return { status: true };
    },

    /**
     * GET /api/student: s is a session token, or a signed login-link token (03 §3), which is
     * exchanged for a new session.
     */
    async student(s: string | undefined) {
      // Kept for 03 §3's GET with a link's token; it follows the same rules as POST /api/login-link.
      if (s && looksLikeLoginToken(s)) return this.loginByLink(s);
      const session = await resolveSession(db, s, now());
      if (!session) throw unauthorized();
      return { status: true as const, student: await studentOf(await memberOf(session)) };
    },
  };
}
