import { studentName, Texts } from '@opence/shared';
import type { TMember } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/dialect/index.ts';
import { hashToken, newId, newSecretToken, nowIso } from '../../lib/ids.ts';
import {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  homeEmailConfirmMail,
} from '../../domain/mail-templates.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { badRequest, rateLimited } from '../../lib/api-errors.ts';
import { MAIL_PER_ACCOUNT_LIMIT, MINUTE, type TAccountsContext } from './accounts.context.ts';
import * as repo from './accounts.repo.ts';

/*
 * The member's e-mail addresses (0921, 0931): a new e-mail and a home e-mail are each confirmed
 * by a link mailed to them; the profile asks for the links, the member follows them.
 */

/** How long the link that confirms a new e-mail works (docs/decisions/0921). */
export const EMAIL_CHANGE_LINK_TTL_HOURS = 24;

/**
 * A change of e-mail (0921): a link to the new address confirms it, and the old address is
 * told, in the outbox, in one transaction.
 */
export async function requestEmailChange(
  { db, deps, now, link, queueMail }: TAccountsContext,
  member: TMember,
  newEmail: string,
) {
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
export async function requestHomeEmailConfirmation(
  { db, deps, now, link, queueMail }: TAccountsContext,
  member: TMember,
  homeEmail: string,
) {
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

export function createEmailChangeService(context: TAccountsContext) {
  const { db, now, memberOf, assertAvailable } = context;
  return {
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
      await requestHomeEmailConfirmation(context, member, homeEmail);
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
  };
}
