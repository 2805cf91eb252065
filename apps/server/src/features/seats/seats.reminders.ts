import type { Kysely } from 'kysely';
import { Texts } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { nowIso } from '../../lib/ids.ts';
import { yieldToRequests, type TJob } from '../../lib/jobs.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { badRequest } from '../../lib/api-errors.ts';
import { webinarNewTimeMail, webinarReminderMail, type TReminderKind } from './seats.mails.ts';
import * as repo from './seats.reminders.repo.ts';
import {
  unsubscribeHeaders,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from '../../domain/unsubscribe.ts';
import { webinarCalendarAttachment, webinarLinks, webinarMailFacts } from './seats.reservation-mail.ts';

/*
 * Reminders of live webinars (issue 25, docs/decisions/0411): 24 hours and 1 hour before the
 * start and at the start, to every seat holder (not the waitlist), each once per seat and start
 * time: the insert of its webinar_reminders row is the claim, in the transaction that queues the
 * mail, so two scheduler processes never send one twice. A cancelled seat is deleted (its rows
 * go with it), so it is never reminded. A class moved to another time sends a 'new time' mail
 * once, and its reminders follow the new time. Every reminder carries a one-click unsubscribe.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A 'starting now' mail is no use later than this after the start. */
const START_GRACE_MS = 15 * MINUTE_MS;
/** How far ahead a class's seats are watched for a change of time. */
const NEW_TIME_HORIZON_MS = 366 * 24 * HOUR_MS;

/** Each reminder: due from `before` ahead of the start until `until` ahead of it. */
const REMINDERS: readonly { kind: TReminderKind; beforeMs: number; untilMs: number }[] = [
  { kind: '24h', beforeMs: 24 * HOUR_MS, untilMs: HOUR_MS },
  { kind: '1h', beforeMs: HOUR_MS, untilMs: 0 },
  { kind: 'start', beforeMs: 0, untilMs: -START_GRACE_MS },
];

/** The reminders due for a seat now: a seat taken after a reminder's moment skips it (its confirmation said as much). */
export function dueReminders(startIso: string, seatCreatedIso: string, now: Date): TReminderKind[] {
  const start = Date.parse(startIso);
  const created = Date.parse(seatCreatedIso);
  const t = now.getTime();
  return REMINDERS.filter(
    (r) =>
      t >= start - r.beforeMs &&
      t < start - r.untilMs &&
      (r.kind === 'start' || created <= start - r.beforeMs),
  ).map((r) => r.kind);
}

export type TRemindersDeps = {
  db: Kysely<DB>;
  publicUrl: string;
  brand: () => Promise<string>;
  mailQueued: () => void;
};

export function createReminders(deps: TRemindersDeps) {
  const { db } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  const { roomUrl, cancelUrl } = webinarLinks(publicUrl);

  async function mailParts(seat: repo.TReminderSeat, brand: string) {
    const facts = webinarMailFacts(brand, seat, seat);
    const token = await unsubscribeToken(db, 'reminders', seat.member_hash);
    const links = {
      roomUrl: roomUrl(seat.hash),
      cancelUrl: cancelUrl(seat.cancel_code),
      unsubscribeUrl: unsubscribeUrl(publicUrl, 'reminders', token),
    };
    const headers = unsubscribeHeaders(links.unsubscribeUrl);
    return { facts, links, headers };
  }

  /** Claims and queues one mail of one seat in one transaction: false when it was claimed before. */
  async function claimAndQueue(
    seat: repo.TReminderSeat,
    kind: TReminderKind | 'time',
    brand: string,
    now: Date,
  ): Promise<boolean> {
    const { facts, links, headers } = await mailParts(seat, brand);
    const content =
      kind === 'time' ? webinarNewTimeMail(facts, links) : webinarReminderMail(facts, kind, links);
    const attachments = kind === 'start' ? [] : [webinarCalendarAttachment(publicUrl, seat, brand, now)];
    return db.transaction().execute(async (trx) => {
      const at = nowIso(now);
      if (!(await repo.claimReminder(trx, { seatId: seat.seat_id, kind, releaseAt: seat.release_at, at })))
        return false;
      await enqueueMail(
        trx,
        Object.assign({ to: seat.email, kind: `webinar-${kind === 'time' ? 'new-time' : kind}` }, content, {
          attachments,
          headers,
        }),
        now,
      );
      return true;
    });
  }

  /** Sends the reminders due now; returns how many were queued by this call. */
  async function sendDue(now: Date): Promise<number> {
    const seats = await repo.selectReminderSeats(
      db,
      nowIso(new Date(now.getTime() - START_GRACE_MS)),
      nowIso(new Date(now.getTime() + 24 * HOUR_MS)),
    );
    const due = seats.flatMap((seat) =>
      seat.opted_out
        ? []
        : dueReminders(seat.release_at, seat.seat_created_at, now).map((kind) => ({ seat, kind })),
    );
    if (due.length === 0) return 0;
    const sent = new Set(
      (await repo.selectReminderRows(db, [...new Set(due.map((d) => d.seat.seat_id))])).map(
        (r) => `${r.seat_id} ${r.kind} ${r.release_at}`,
      ),
    );
    const brand = await deps.brand();
    let queued = 0;
    for (const { seat, kind } of due) {
      if (sent.has(`${seat.seat_id} ${kind} ${seat.release_at}`)) continue;
      if (await claimAndQueue(seat, kind, brand, now)) queued++;
      await yieldToRequests();
    }
    return queued;
  }

  /**
   * Seats whose class moved: the first time a seat is seen its start is recorded ('time' row,
   * no mail: the confirmation told it); a start that differs from every recorded one is mailed
   * once as the new time.
   */
  async function sendNewTimes(now: Date): Promise<number> {
    const seats = await repo.selectReminderSeats(
      db,
      nowIso(now),
      nowIso(new Date(now.getTime() + NEW_TIME_HORIZON_MS)),
    );
    if (seats.length === 0) return 0;
    const rows = await repo.selectReminderRows(
      db,
      seats.map((s) => s.seat_id),
    );
    const known = new Map<string, Set<string>>();
    for (const r of rows) {
      if (r.kind !== 'time') continue;
      const set = known.get(r.seat_id) ?? new Set<string>();
      set.add(r.release_at);
      known.set(r.seat_id, set);
    }
    await repo.recordToldTimes(
      db,
      seats
        .filter((seat) => !known.has(seat.seat_id))
        .map((seat) => ({ seatId: seat.seat_id, releaseAt: seat.release_at })),
      nowIso(now),
    );
    let brand: string | undefined;
    let queued = 0;
    for (const seat of seats) {
      const times = known.get(seat.seat_id);
      if (!times || times.has(seat.release_at)) continue;
      brand ??= await deps.brand();
      if (await claimAndQueue(seat, 'time', brand, now)) queued++;
      await yieldToRequests();
    }
    return queued;
  }

  return {
    sendDue,
    sendNewTimes,
    /** Both passes; wakes the mail worker when something was queued. */
    async run(now: Date): Promise<number> {
      const queued = (await sendNewTimes(now)) + (await sendDue(now));
      if (queued > 0) deps.mailQueued();
      return queued;
    },
    /** The one-click unsubscribe: valid token → the member gets no more reminders. */
    async unsubscribe(token: string, now: Date = new Date()) {
      const memberHash = await verifyUnsubscribeToken(db, 'reminders', token);
      const member = memberHash ? await repo.selectMemberIdByHash(db, memberHash) : undefined;
      if (!member) throw badRequest(Texts.REMINDERS_UNSUBSCRIBE_INVALID, 't');
      await repo.insertReminderOptout(db, member.id, nowIso(now));
      return { status: true as const, msg: Texts.REMINDERS_UNSUBSCRIBED };
    },
    /** Whether a token is valid (the link's confirmation page). */
    async isValidToken(token: string): Promise<boolean> {
      const memberHash = await verifyUnsubscribeToken(db, 'reminders', token);
      return !!memberHash && !!(await repo.selectMemberIdByHash(db, memberHash));
    },
  };
}
export type TReminders = ReturnType<typeof createReminders>;

/** The scheduler's job: once a minute. */
export function remindersJob(reminders: TReminders): TJob {
  return {
    name: 'seats.webinar-reminders',
    everyMs: MINUTE_MS,
    run: async (now) => {
      await reminders.run(now);
    },
  };
}
