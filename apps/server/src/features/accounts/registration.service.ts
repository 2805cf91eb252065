import { AGD_NUMBER_PATTERN, EMAIL_PATTERN, Texts } from '@opence/shared';
import { ZUsername, type TRegisterRequest } from '@opence/shared/schemas';
import { isUniqueViolation } from '../../db/dialect/index.ts';
import { hashToken, newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { createSession, type TSessionMember } from '../../domain/sessions.ts';
import { rateLimited } from '../../lib/api-errors.ts';
import { MINUTE, type TAccountsContext } from './accounts.context.ts';
import { presentLoginStudent } from './accounts.presenter.ts';
import * as repo from './accounts.repo.ts';

/*
 * Registration (01 §5, 03 §3): the availability checks the form makes as the member types, and
 * the new account, signed in.
 */

/** Availability checks per address: the register form checks as the member types. */
const VALIDATE_LIMIT = { hits: 300, windowMs: 15 * MINUTE };
/**
 * New accounts per address: a conference room may sign up together, a script may not
 * (docs/decisions/0410). Beyond the ceiling, a slower path: one attempt per address every
 * REGISTER_SLOW_LIMIT.windowMs, so the rest of a crowd still gets in, a minute or two later.
 */
export const REGISTER_LIMIT = { hits: 100, windowMs: 15 * MINUTE };
export const REGISTER_SLOW_LIMIT = { hits: 1, windowMs: 20_000 };

export function createRegistrationService({ db, now, assertAvailable, profileColumns }: TAccountsContext) {
  return {
    /** Rate limit of the availability checks, per client address. */
    async limitValidation(ip: string) {
      const hit = await hitRateLimit(
        db,
        `validate:ip:${hashToken(ip)}`,
        VALIDATE_LIMIT.hits,
        VALIDATE_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) throw rateLimited();
    },

    /** GET /api/validate-username: status true when the username is valid and free. */
    async validateUsername(u: string, session: TSessionMember | null) {
      const parsed = ZUsername.safeParse(u);
      if (!parsed.success)
        return { status: false, msg: parsed.error.issues[0]?.message ?? Texts.USERNAME_MIN };
      const taken = await repo.isTaken(db, 'username_key', parsed.data.toLowerCase(), session?.id ?? null);
      return taken ? { status: false, msg: Texts.USERNAME_TAKEN } : { status: true };
    },

    /** GET /api/validate-email: the own account is excluded when s is a session (profile page). */
    async validateEmail(email: string, session: TSessionMember | null) {
      if (!email) return { status: false, msg: Texts.EMAIL_REQUIRED };
      if (!EMAIL_PATTERN.test(email)) return { status: false, msg: Texts.EMAIL_INVALID };
      const taken = await repo.isTaken(db, 'email_key', email.toLowerCase(), session?.id ?? null);
      return taken ? { status: false, msg: Texts.EMAIL_IN_USE } : { status: true };
    },

    /** GET /api/validate-agd-number: blank is valid; otherwise 5-9 digits and not used by another. */
    async validateAgdNumber(agdNumber: string, session: TSessionMember | null) {
      if (!agdNumber) return { status: true };
      if (!AGD_NUMBER_PATTERN.test(agdNumber)) return { status: false, msg: Texts.AGD_INVALID };
      const taken = await repo.isTaken(db, 'agd_number', agdNumber, session?.id ?? null);
      return taken ? { status: false, msg: Texts.AGD_IN_USE } : { status: true };
    },

    /** POST /api/register: validated by the shared schema; success signs the member in (03 §3). */
    async register(body: TRegisterRequest, ip: string) {
      const hit = await hitRateLimit(
        db,
        `register:ip:${hashToken(ip)}`,
        REGISTER_LIMIT.hits,
        REGISTER_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) {
        // The slower path past the ceiling: not a lock-out, one sign-up at a time.
        const slow = await hitRateLimit(
          db,
          `register:ip-slow:${hashToken(ip)}`,
          REGISTER_SLOW_LIMIT.hits,
          REGISTER_SLOW_LIMIT.windowMs,
          now(),
        );
        if (!slow.allowed) throw rateLimited();
      }
      await assertAvailable({ username: body.username, email: body.email, agdNumber: body.agdNumber }, null);
      const at = nowIso(now());
      const row = Object.assign(
        {
          id: newId(),
          hash: newPublicHash(),
          role: 'member' as const,
          username: body.username,
          username_key: body.username.toLowerCase(),
          password_hash: await hashPassword(body.password),
        },
        profileColumns(body),
        { source_heard: body.sourceHeard, created_at: at, updated_at: at },
      );
      try {
        await repo.insertMember(db, row);
      } catch (error) {
        // Two registrations raced past the checks: the unique index decides, the check names the field.
        if (!isUniqueViolation(error)) throw error;
        await assertAvailable(
          { username: body.username, email: body.email, agdNumber: body.agdNumber },
          null,
        );
        throw error;
      }
      const member = (await repo.selectMemberById(db, row.id))!;
      const token = await createSession(db, member.id, now());
      return {
        status: true as const,
        student: { status: true, ...presentLoginStudent(member) },
        hash: member.hash,
        token,
        errorMsg: '',
      };
    },
  };
}
