import { studentName, Texts, Timing } from '@opence/shared';
import type { TResetPasswordRequest } from '@opence/shared/schemas';
import { hashToken, newId, newSecretToken, nowIso } from '../../lib/ids.ts';
import { resetPasswordMail } from '../../domain/mail-templates.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { revokeOtherSessions } from '../../domain/sessions.ts';
import { badRequest, rateLimited } from '../../lib/api-errors.ts';
import {
  MAIL_PER_ACCOUNT_LIMIT,
  MAIL_REQUEST_LIMIT,
  MINUTE,
  type TAccountsContext,
} from './accounts.context.ts';
import * as repo from './accounts.repo.ts';

/* A forgotten password (03 §3): the reset link by mail, and the new password it sets. */

export function createPasswordsService({ db, deps, now, link, queueMail }: TAccountsContext) {
  return {
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
  };
}
