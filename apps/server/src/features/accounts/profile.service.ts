import { Texts } from '@opence/shared';
import type { TProfileRequest } from '@opence/shared/schemas';
import { isUniqueViolation } from '../../db/dialect/index.ts';
import { nowIso } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { revokeOtherSessions, type TSessionMember } from '../../domain/sessions.ts';
import type { TAccountsContext } from './accounts.context.ts';
import * as repo from './accounts.repo.ts';
import { requestEmailChange, requestHomeEmailConfirmation } from './email-change.service.ts';

/* The member's profile (01 §5, 03 §3): the form, read and saved, and the AGD reminder. */

export function createProfileService(context: TAccountsContext) {
  const { db, deps, now, memberOf, studentOf, assertAvailable, profileColumns } = context;
  return {
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
      if (newEmail) await requestEmailChange(context, current, newEmail);
      if (newHomeEmail && homeEmail) await requestHomeEmailConfirmation(context, current, homeEmail);
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

    async hideAgdReminder(session: TSessionMember) {
      await repo.updateMember(db, session.id, { hide_agd_reminder: 1, updated_at: nowIso(now()) });
      return { status: true };
    },
  };
}
