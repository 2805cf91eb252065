import type { Kysely } from 'kysely';
import {
  DEFAULT_TIME_ZONE,
  AGD_NUMBER_PATTERN,
  CeType,
  creditLabel,
  EMAIL_PATTERN,
  roundCredits,
  studentName,
  Texts,
  Timing,
} from '@opence/shared';
import {
  ZUsername,
  type TProfileRequest,
  type TRegisterRequest,
  type TResetPasswordRequest,
} from '@opence/shared/schemas';
import { isUniqueViolation } from '../../db/dialect/index.ts';
import type { DB, TMember } from '../../db/types.ts';
import { hashToken, newId, newPublicHash, newSecretToken, nowIso } from '../../lib/ids.ts';
import { looksLikeLoginToken, readLoginLink, spendLoginLink } from '../../domain/login-links.ts';
import { enqueueMail, type TMailAttachment } from '../../lib/mail/outbox.ts';
import {
  ceReportMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  homeEmailConfirmMail,
  gdprConfirmMail,
  resetPasswordMail,
  type TCeReport,
} from '../../domain/mail-templates.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hitRateLimit, releaseRateLimit } from '../../lib/rate-limit.ts';
import {
  createSession,
  resolveSession,
  revokeOtherSessions,
  revokeSession,
  type TSessionMember,
} from '../../domain/sessions.ts';
import { ApiError, badRequest, rateLimited, unauthorized } from '../../lib/api-errors.ts';
import {
  presentAccountItems,
  presentLoginStudent,
  presentStudent,
  profileTimeZone,
} from './accounts.presenter.ts';
import * as repo from './accounts.repo.ts';
import type { TTwoFactorService } from './two-factor.service.ts';

/*
 * Accounts and sessions (01 §2, §5, §7; 03 §3): register, login, recover and reset, profile,
 * account home and CE report, GDPR erasure and the data export.
 */

const MINUTE = 60_000;
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
/** Mail-sending requests per address, and per account (docs/decisions/0102). */
const MAIL_REQUEST_LIMIT = { hits: 10, windowMs: 15 * MINUTE };
const MAIL_PER_ACCOUNT_LIMIT = { hits: 5, windowMs: 60 * MINUTE };
/** Availability checks per address: the register form checks as the member types. */
const VALIDATE_LIMIT = { hits: 300, windowMs: 15 * MINUTE };
/**
 * New accounts per address: a conference room may sign up together, a script may not
 * (docs/decisions/0410). Beyond the ceiling, a slower path: one attempt per address every
 * REGISTER_SLOW_LIMIT.windowMs, so the rest of a crowd still gets in, a minute or two later.
 */
export const REGISTER_LIMIT = { hits: 100, windowMs: 15 * MINUTE };
export const REGISTER_SLOW_LIMIT = { hits: 1, windowMs: 20_000 };
/** How long a GDPR confirmation link works (docs/decisions/0106). */
export const GDPR_LINK_TTL_HOURS = 24;
/** How long the link that confirms a new e-mail works (docs/decisions/0921). */
export const EMAIL_CHANGE_LINK_TTL_HOURS = 24;
export type TAccountsDeps = {
  db: Kysely<DB>;
  /** The second factor: login asks for its code, sensitive changes too (0920, 0921). */
  twoFactor: TTwoFactorService;
  publicUrl: string;
  /** The brand from the settings, for mails. */
  brand: () => Promise<string>;
  /** Tells the outbox worker a mail was queued. */
  mailQueued?: () => void;
  /** Attachments of the CE report mail (the PDF transcript arrives with certificates). */
  ceReportAttachments?: (report: TCeReport, member: TMember) => Promise<TMailAttachment[]>;
  /** After an erasure has committed: other features remove the member's files (the tracker's uploads). */
  afterErasure?: (memberId: string) => Promise<void>;
  now?: () => Date;
};

export function createAccountsService(deps: TAccountsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const link = (path: string) => `${deps.publicUrl.replace(/\/$/, '')}${path}`;
  // Verifying against a throwaway hash makes an unknown username cost as much as a wrong password.
  let dummyHash: Promise<string> | null = null;

  async function memberOf(session: TSessionMember): Promise<TMember> {
    const member = await repo.selectMemberById(db, session.id);
    if (!member || member.erased_at) throw unauthorized();
    return member;
  }

  /** The member as the spec's Student, with their webinar reminder choice (issue 36). */
  async function studentOf(member: TMember) {
    return presentStudent(member, await repo.hasWebinarReminders(db, member.id));
  }

  /** 409 with errorMsg when a unique value is used by another account. */
  async function assertAvailable(
    values: { username?: string; email: string; agdNumber?: string | null },
    exceptMemberId: string | null,
  ) {
    if (
      values.username &&
      (await repo.isTaken(db, 'username_key', values.username.toLowerCase(), exceptMemberId))
    ) {
      throw new ApiError(409, Texts.USERNAME_TAKEN, { field: 'username', errorMsg: true });
    }
    if (await repo.isTaken(db, 'email_key', values.email.toLowerCase(), exceptMemberId)) {
      throw new ApiError(409, Texts.EMAIL_IN_USE, { field: 'email', errorMsg: true });
    }
    if (values.agdNumber && (await repo.isTaken(db, 'agd_number', values.agdNumber, exceptMemberId))) {
      throw new ApiError(409, Texts.AGD_IN_USE, { field: 'agdNumber', errorMsg: true });
    }
  }

  /** Columns of the profile form (01 §5) from a validated body. */
  function profileColumns(body: TProfileRequest | TRegisterRequest) {
    return {
      title: body.title,
      firstname: body.firstname,
      lastname: body.lastname,
      email: body.email,
      email_key: body.email.toLowerCase(),
      job_title: body.jobTitle,
      office_name: body.officeName,
      address: body.address,
      city: body.city,
      state: body.state,
      zip: body.zip,
      country: body.country,
      phone: body.phone,
      is_phone_mobile: body.isPhoneMobile ? 1 : 0,
      agd_number: body.agdNumber ?? null,
      cert_year: body.certYear,
      gender: body.gender,
      age_range: body.ageRange,
      office_size: body.officeSize,
    };
  }

  async function queueMail(mail: Parameters<typeof enqueueMail>[1], trx: Kysely<DB> = db) {
    await enqueueMail(trx, mail, now());
  }

  async function buildCeReport(member: TMember): Promise<TCeReport> {
    const timeZone = member.time_zone || DEFAULT_TIME_ZONE;
    const dateFormat = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const rows = (await repo.selectCompletionsForReport(db, member.id)).map((r) => ({
      date: dateFormat.format(new Date(r.completed_at)),
      title: r.classTitle ?? r.podcastTitle ?? '',
      credits: Number(r.credits),
      typeLabel: creditLabel(Number(r.ce_type_id)),
      certificateNumber: r.certificate_number,
    }));
    const totals = await creditTotals(member.id);
    return {
      memberName: studentName(member.firstname, member.lastname),
      agdNumber: member.agd_number,
      timeZone,
      generatedAt: now(),
      rows,
      totals: { selfStudy: totals.ceHome, live: totals.ceLive, total: totals.ceTotal },
    };
  }

  async function creditTotals(memberId: string) {
    const sums = await repo.selectCreditSums(db, memberId);
    const of = (type: number) => roundCredits(sums.find((s) => s.ceTypeId === type)?.credits ?? 0);
    const ceHome = of(CeType.SELF_STUDY);
    const ceLive = of(CeType.LIVE);
    return { ceHome, ceLive, ceTotal: roundCredits(ceHome + ceLive) };
  }

  /**
   * A change of e-mail (0921): a link to the new address confirms it, and the old address is
   * told, in the outbox, in one transaction.
   */
  async function requestEmailChange(member: TMember, newEmail: string) {
    const token = newSecretToken();
    const at = now();
    const brand = await deps.brand();
    const name = studentName(member.firstname, member.lastname);
    const confirm = emailChangeConfirmMail({
      brand,
      name,
      url: link(`/email/confirm/${token}`),
      ttlHours: EMAIL_CHANGE_LINK_TTL_HOURS,
    });
    const notice = emailChangeNoticeMail({ brand, name, newEmail });
    await db.transaction().execute(async (trx) => {
      await repo.insertEmailChange(trx, {
        id: newId(),
        member_id: member.id,
        new_email: newEmail,
        field: 'email',
        token_hash: hashToken(token),
        expires_at: nowIso(new Date(at.getTime() + EMAIL_CHANGE_LINK_TTL_HOURS * 60 * MINUTE)),
        created_at: nowIso(at),
      });
      await queueMail(Object.assign({}, confirm, { to: newEmail, kind: 'email-change' as const }), trx);
      await queueMail(
        Object.assign({}, notice, { to: member.email, kind: 'email-change-notice' as const }),
        trx,
      );
    });
    deps.mailQueued?.();
  }

  /**
   * A home e-mail (0931) is confirmed by a link to it before a participant report may match it:
   * whoever types someone else's address there cannot follow the link.
   */
  async function requestHomeEmailConfirmation(member: TMember, homeEmail: string) {
    const token = newSecretToken();
    const at = now();
    const mail = homeEmailConfirmMail({
      brand: await deps.brand(),
      name: studentName(member.firstname, member.lastname),
      url: link(`/email/confirm/${token}`),
      ttlHours: EMAIL_CHANGE_LINK_TTL_HOURS,
    });
    await db.transaction().execute(async (trx) => {
      await repo.insertEmailChange(trx, {
        id: newId(),
        member_id: member.id,
        new_email: homeEmail,
        field: 'email2',
        token_hash: hashToken(token),
        expires_at: nowIso(new Date(at.getTime() + EMAIL_CHANGE_LINK_TTL_HOURS * 60 * MINUTE)),
        created_at: nowIso(at),
      });
      await queueMail(Object.assign({}, mail, { to: homeEmail, kind: 'home-email' as const }), trx);
    });
    deps.mailQueued?.();
  }

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
     * POST /api/reset-password-request (03 §3): mails a single-use link valid 1 hour. The answer
     * is the same whether or not an account matched.
     */
    async requestPasswordReset(body: TResetPasswordRequest, ip: string) {
      const byAddress = await hitRateLimit(
        db,
        `recover:ip:${hashToken(ip)}`,
        MAIL_REQUEST_LIMIT.hits,
        MAIL_REQUEST_LIMIT.windowMs,
        now(),
      );
      if (!byAddress.allowed) throw rateLimited();
      const member = body.u
        ? await repo.selectMemberByLogin(db, body.u)
        : body.m
          ? await repo.selectMemberByEmail(db, body.m)
          : undefined;
      if (member) {
        const perAccount = await hitRateLimit(
          db,
          `recover:member:${member.id}`,
          MAIL_PER_ACCOUNT_LIMIT.hits,
          MAIL_PER_ACCOUNT_LIMIT.windowMs,
          now(),
        );
        if (perAccount.allowed) {
          const token = newSecretToken();
          const at = now();
          const ttlMinutes = Timing.RESET_TOKEN_TTL_MIN;
          const mail = resetPasswordMail({
            brand: await deps.brand(),
            name: studentName(member.firstname, member.lastname),
            username: member.username,
            url: link(`/reset/${token}`),
            ttlMinutes,
          });
          await db.transaction().execute(async (trx) => {
            await repo.insertPasswordReset(trx, {
              id: newId(),
              member_id: member.id,
              token_hash: hashToken(token),
              expires_at: nowIso(new Date(at.getTime() + ttlMinutes * MINUTE)),
              created_at: nowIso(at),
            });
            await queueMail(Object.assign({}, mail, { to: member.email, kind: 'reset' as const }), trx);
          });
          deps.mailQueued?.();
        }
      }
      return { status: true, rowCount: 1, data: [{ status: true, msg: Texts.RECOVER_SUCCESS }] };
    },

    /** POST /api/reset-password: sets the password and ends every session of the member (03 §3). */
    async resetPassword(t: string, p: string) {
      const passwordHash = await hashPassword(p);
      const at = now();
      const memberId = await db.transaction().execute(async (trx) => {
        const id = await repo.consumePasswordReset(trx, hashToken(t), at);
        if (!id) return undefined;
        const member = await repo.selectMemberById(trx, id);
        if (!member || member.erased_at) return undefined;
        await repo.updateMember(trx, id, { password_hash: passwordHash, updated_at: nowIso(at) });
        await repo.closePasswordResets(trx, id, at);
        return id;
      });
      if (!memberId) throw badRequest(Texts.RESET_LINK_INVALID, 't');
      await revokeOtherSessions(db, memberId, null);
      return { status: true, msg: Texts.RESET_SUCCESS };
    },

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

    async profile(session: TSessionMember) {
      return { status: true as const, student: await studentOf(await memberOf(session)) };
    },

    /**
     * POST /api/profile: the whole form; e-mail and AGD number unique among other accounts. A new
     * password ends the member's other sessions (03 §3).
     */
    async updateProfile(session: TSessionMember, body: TProfileRequest) {
      const current = await memberOf(session);
      const newEmail = body.email.toLowerCase() !== current.email_key ? body.email : null;
      // A new e-mail or password needs the current password, and the code when TOTP is on (0921).
      // Another account's e-mail is refused first: the form names the field whatever else is wrong.
      await assertAvailable({ email: body.email, agdNumber: body.agdNumber }, session.id);
      if (newEmail || body.password) await deps.twoFactor.checkReauthentication(session.id, body);
      const at = now();
      const columns = profileColumns(body);
      // The new e-mail waits for its link; the account keeps the one it has until then.
      const keptEmail = newEmail ? { email: current.email, email_key: current.email_key } : {};
      // A new home e-mail is unconfirmed until its link is followed (0931).
      const homeEmail = body.email2?.trim() || null;
      const newHomeEmail = homeEmail?.toLowerCase() !== current.email2?.trim().toLowerCase();
      const patch = Object.assign(columns, keptEmail, newHomeEmail ? { email2_verified_at: null } : {}, {
        email2: homeEmail,
        updated_at: nowIso(at),
        // Left out by a form that does not offer it: the stored zone stays (0831).
        ...(body.timeZone === undefined ? {} : { time_zone: body.timeZone }),
        ...(body.ceReminders === undefined ? {} : { ce_reminders: body.ceReminders ? 1 : 0 }),
        ...(body.password ? { password_hash: await hashPassword(body.password) } : {}),
      });
      try {
        await db.transaction().execute(async (trx) => {
          await repo.updateMember(trx, session.id, patch);
          // Left out by a form that does not offer it: the stored choice stays.
          if (body.webinarReminders !== undefined)
            await repo.setWebinarReminders(trx, session.id, body.webinarReminders, nowIso(at));
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await assertAvailable({ email: body.email, agdNumber: body.agdNumber }, session.id);
        throw error;
      }
      if (newEmail) await requestEmailChange(current, newEmail);
      if (newHomeEmail && homeEmail) await requestHomeEmailConfirmation(current, homeEmail);
      if (body.password) {
        await revokeOtherSessions(db, session.id, session.sessionId);
        await repo.closePasswordResets(db, session.id, at);
        return { status: true, msg: Texts.ACCOUNT_PASSWORD_UPDATED };
      }
      if (newEmail) return { status: true, msg: Texts.EMAIL_CHANGE_SENT.replace('{email}', newEmail) };
      if (newHomeEmail && homeEmail) {
        return { status: true, msg: Texts.HOME_EMAIL_LINK_SENT.replace('{email}', homeEmail) };
      }
      return { status: true, msg: Texts.PROFILE_UPDATED };
    },

    /** POST /api/home-email-link: the home e-mail's confirmation link again (0931), limited per account. */
    async resendHomeEmailLink(session: TSessionMember) {
      const member = await memberOf(session);
      const homeEmail = member.email2?.trim();
      if (!homeEmail) throw badRequest(Texts.HOME_EMAIL_NONE, 'email2');
      if (member.email2_verified_at) return { status: true, msg: Texts.HOME_EMAIL_CONFIRMED };
      const hit = await hitRateLimit(
        db,
        `home-email:member:${member.id}`,
        MAIL_PER_ACCOUNT_LIMIT.hits,
        MAIL_PER_ACCOUNT_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) throw rateLimited();
      await requestHomeEmailConfirmation(member, homeEmail);
      return { status: true, msg: Texts.HOME_EMAIL_LINK_RESENT.replace('{email}', homeEmail) };
    },

    /** POST /api/confirm-email: the link mailed to the new address makes it the account's (0921). */
    async confirmEmailChange(t: string) {
      const at = now();
      const changed = await db.transaction().execute(async (trx) => {
        const change = await repo.consumeEmailChange(trx, hashToken(t), at);
        const member = change ? await repo.selectMemberById(trx, change.member_id) : undefined;
        if (!change || !member || member.erased_at) return null;
        if (change.field === 'email2') {
          // Only the address the profile still names; a link to an earlier one confirms nothing.
          const confirmed = await repo.confirmHomeEmail(trx, member.id, change.new_email, at);
          return confirmed ? { memberId: member.id, email: null } : null;
        }
        return { memberId: member.id, email: change.new_email };
      });
      if (!changed) throw badRequest(Texts.EMAIL_CHANGE_LINK_INVALID, 't');
      if (changed.email === null) return { status: true, msg: Texts.HOME_EMAIL_CONFIRMED };
      await assertAvailable({ email: changed.email }, changed.memberId);
      try {
        await repo.updateMember(db, changed.memberId, {
          email: changed.email,
          email_key: changed.email.toLowerCase(),
          updated_at: nowIso(at),
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await assertAvailable({ email: changed.email }, changed.memberId);
        throw error;
      }
      return { status: true, msg: Texts.EMAIL_CHANGE_CONFIRMED };
    },

    async hideAgdReminder(session: TSessionMember) {
      await repo.updateMember(db, session.id, { hide_agd_reminder: 1, updated_at: nowIso(now()) });
      return { status: true };
    },

    async accountItems() {
      return presentAccountItems(await repo.selectAccountItems(db));
    },

    /** GET /api/account-home: credits by CE type (03 §7) and whether to remind about the AGD number. */
    async accountHome(session: TSessionMember) {
      const member = await memberOf(session);
      const totals = await creditTotals(member.id);
      return Object.assign({ status: true }, totals, {
        showAgdReminder: !member.agd_number && !member.hide_agd_reminder,
      });
    },

    buildCeReport,

    /** GET /api/send-ce-report: mails every completion with the totals (01 §2, 03 §7). */
    async sendCeReport(session: TSessionMember) {
      const member = await memberOf(session);
      const hit = await hitRateLimit(
        db,
        `ce-report:member:${member.id}`,
        MAIL_REQUEST_LIMIT.hits,
        MAIL_REQUEST_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) throw rateLimited();
      const report = await buildCeReport(member);
      const mail = ceReportMail({ brand: await deps.brand(), report });
      const attachments = (await deps.ceReportAttachments?.(report, member)) ?? [];
      await queueMail(Object.assign({}, mail, { to: member.email, kind: 'ce-report' as const, attachments }));
      deps.mailQueued?.();
      return { status: true, msg: Texts.CE_REPORT_SENT };
    },

    /** POST /api/remove-consent: mails a confirmation link (03 §3); h is the member's token. */
    async requestErasure(h: string, ip: string) {
      const session = await resolveSession(db, h, now());
      if (!session) throw unauthorized();
      const member = await memberOf(session);
      const hit = await hitRateLimit(
        db,
        `gdpr:ip:${hashToken(ip)}`,
        MAIL_REQUEST_LIMIT.hits,
        MAIL_REQUEST_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) throw rateLimited();
      const token = newSecretToken();
      const at = now();
      const mail = gdprConfirmMail({
        brand: await deps.brand(),
        name: studentName(member.firstname, member.lastname),
        url: link(`/gdpr/confirm/${token}`),
        ttlHours: GDPR_LINK_TTL_HOURS,
      });
      await db.transaction().execute(async (trx) => {
        await repo.insertGdprRequest(trx, {
          id: newId(),
          member_id: member.id,
          token_hash: hashToken(token),
          expires_at: nowIso(new Date(at.getTime() + GDPR_LINK_TTL_HOURS * 60 * MINUTE)),
          created_at: nowIso(at),
        });
        await queueMail(Object.assign({}, mail, { to: member.email, kind: 'gdpr' as const }), trx);
      });
      deps.mailQueued?.();
      return { status: true, msg: Texts.GDPR_SUCCESS };
    },

    /** POST /api/remove-consent-confirm: erases the member's personal data (03 §3). */
    async confirmErasure(t: string) {
      const at = now();
      const erased = await db.transaction().execute(async (trx) => {
        const memberId = await repo.consumeGdprRequest(trx, hashToken(t), at);
        const member = memberId ? await repo.selectMemberById(trx, memberId) : undefined;
        if (!member || member.erased_at) return false;
        await repo.eraseMember(trx, member, at);
        return member.id;
      });
      if (!erased) throw badRequest(Texts.GDPR_LINK_INVALID, 't');
      await deps.afterErasure?.(erased);
      return { status: true, msg: Texts.GDPR_ERASED };
    },

    /**
     * Erases a member's personal data at staff's request (03 §3, the console's member page): the
     * same erasure as the member's confirmed link. False when the member is unknown or already erased.
     */
    async eraseById(memberId: string): Promise<boolean> {
      const at = now();
      const erased = await db.transaction().execute(async (trx) => {
        const member = await repo.selectMemberById(trx, memberId);
        if (!member || member.erased_at) return false;
        await repo.eraseMember(trx, member, at);
        return true;
      });
      if (erased) await deps.afterErasure?.(memberId);
      return erased;
    },

    /** GET /api/my-data: all the member's data as JSON (03 §3). */
    async myData(session: TSessionMember) {
      await memberOf(session);
      return {
        status: true as const,
        exportedAt: nowIso(now()),
        data: await repo.selectMemberData(db, session.id),
      };
    },
  };
}

export type TAccountsService = ReturnType<typeof createAccountsService>;
