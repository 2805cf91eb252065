import { studentName, Texts } from '@opence/shared';
import { hashToken, newId, newSecretToken, nowIso } from '../../lib/ids.ts';
import { gdprConfirmMail } from '../../domain/mail-templates.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { resolveSession, type TSessionMember } from '../../domain/sessions.ts';
import { badRequest, rateLimited, unauthorized } from '../../lib/api-errors.ts';
import { MAIL_REQUEST_LIMIT, MINUTE, type TAccountsContext } from './accounts.context.ts';
import * as repo from './accounts.repo.ts';

/*
 * GDPR (03 §3): erasure of the member's personal data, by their confirmed link or at staff's
 * request, and the export of all their data.
 */

/** How long a GDPR confirmation link works (docs/decisions/0106). */
export const GDPR_LINK_TTL_HOURS = 24;

export function createGdprService({ db, deps, now, link, memberOf, queueMail }: TAccountsContext) {
  return {
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
