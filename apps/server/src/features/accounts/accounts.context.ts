import type { Kysely } from 'kysely';
import { Texts } from '@opence/shared';
import type { TProfileRequest, TRegisterRequest } from '@opence/shared/schemas';
import type { DB, TMember } from '../../db/types.ts';
import { enqueueMail, type TMailAttachment } from '../../lib/mail/outbox.ts';
import type { TCeReport } from '../../domain/mail-templates.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { ApiError, unauthorized } from '../../lib/api-errors.ts';
import { presentStudent } from './accounts.presenter.ts';
import * as repo from './accounts.repo.ts';
import type { TTwoFactorService } from './two-factor.service.ts';

/*
 * What the accounts services share (sign-in, registration, passwords, profile and e-mail,
 * CE report, GDPR): their dependencies and the few steps more than one of them takes.
 */

export const MINUTE = 60_000;
/** Mail-sending requests per address, and per account (docs/decisions/0102). */
export const MAIL_REQUEST_LIMIT = { hits: 10, windowMs: 15 * MINUTE };
export const MAIL_PER_ACCOUNT_LIMIT = { hits: 5, windowMs: 60 * MINUTE };

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

export function createAccountsContext(deps: TAccountsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const link = (path: string) => `${deps.publicUrl.replace(/\/$/, '')}${path}`;

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

  return { db, deps, now, link, memberOf, studentOf, assertAvailable, profileColumns, queueMail };
}

export type TAccountsContext = ReturnType<typeof createAccountsContext>;
