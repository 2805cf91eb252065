import type { Kysely } from 'kysely';
import { addDays, daysBetween, dueTrackerReminder, TrackerTexts } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { nowIso } from '../../lib/ids.ts';
import { yieldToRequests, type TJob } from '../../lib/jobs.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import {
  unsubscribeHeaders,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from '../../domain/unsubscribe.ts';
import { badRequest } from '../../lib/api-errors.ts';
import { trackerReminderMail } from './tracker.mails.ts';
import * as repo from './tracker.reminders.repo.ts';
import type { TTrackerService } from './tracker.service.ts';

/*
 * CE deadline reminders (issue 23, docs/decisions/1104): 90, 30 and 7 days before a licence's
 * period ends, a mail with what is still missing and free courses for it, to members whose
 * profile has them on. Each is sent once per licence, period end and kind: the insert of its
 * tracker_reminders row is the claim, in the transaction that queues the mail, so two
 * scheduler processes never send one twice.
 */

const HOUR_MS = 60 * 60_000;

export type TTrackerRemindersDeps = {
  db: Kysely<DB>;
  tracker: TTrackerService;
  publicUrl: string;
  brand: () => Promise<string>;
  mailQueued: () => void;
};

export function createTrackerReminders(deps: TTrackerRemindersDeps) {
  const { db } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, '');

  /** Queues the reminders due now; returns how many this call queued. */
  async function run(now: Date): Promise<number> {
    const today = nowIso(now).slice(0, 10);
    const licences = await repo.selectReminderLicences(db, today, addDays(today, 90));
    if (licences.length === 0) return 0;
    const claimed = new Set(
      (
        await repo.selectTrackerReminders(
          db,
          licences.map((l) => l.id),
        )
      ).map((r) => `${r.licence_id} ${r.period_end} ${r.kind}`),
    );
    let brand: string | undefined;
    let queued = 0;
    for (const licence of licences) {
      const daysLeft = daysBetween(today, licence.period_end);
      const kind = dueTrackerReminder(daysLeft);
      if (!kind || claimed.has(`${licence.id} ${licence.period_end} ${kind}`)) continue;
      const standing = await deps.tracker.standingFor(licence.member_id, licence.id);
      if (!standing) continue;
      brand ??= await deps.brand();
      const content = trackerReminderMail({
        brand,
        firstname: licence.firstname,
        lastname: licence.lastname,
        standing,
        daysLeft,
        publicUrl,
      });
      const sent = await db.transaction().execute(async (trx) => {
        const won = await repo.claimTrackerReminder(trx, {
          licence_id: licence.id,
          period_end: licence.period_end,
          kind,
          created_at: nowIso(now),
        });
        if (!won) return false;
        // A one-click way out of these mails (RFC 8058; issue 37 row 11).
        const token = await unsubscribeToken(trx, 'ce-reminders', licence.member_hash);
        const headers = unsubscribeHeaders(unsubscribeUrl(publicUrl, 'ce-reminders', token));
        await enqueueMail(
          trx,
          Object.assign({ to: licence.email, kind: `tracker-${kind}`, headers }, content),
          now,
        );
        return true;
      });
      if (sent) queued++;
      await yieldToRequests();
    }
    if (queued > 0) deps.mailQueued();
    return queued;
  }

  return {
    run,
    /** The one-click unsubscribe: a valid token turns the member's CE reminders off. */
    async unsubscribe(token: string, now: Date = new Date()) {
      const memberHash = await verifyUnsubscribeToken(db, 'ce-reminders', token);
      if (!memberHash || !(await repo.turnCeRemindersOff(db, memberHash, nowIso(now)))) {
        throw badRequest(TrackerTexts.UNSUBSCRIBE_INVALID, 't');
      }
      return { status: true as const, msg: TrackerTexts.UNSUBSCRIBED };
    },
    /** Whether a token is valid (the link's confirmation page). */
    async isValidToken(token: string): Promise<boolean> {
      return (await verifyUnsubscribeToken(db, 'ce-reminders', token)) !== null;
    },
  };
}
export type TTrackerReminders = ReturnType<typeof createTrackerReminders>;

/** The scheduler's job: once an hour (a reminder is a matter of days). */
export function trackerRemindersJob(reminders: TTrackerReminders): TJob {
  return {
    name: 'tracker.deadline-reminders',
    everyMs: HOUR_MS,
    run: async (now) => {
      await reminders.run(now);
    },
  };
}
