import type { Kysely } from 'kysely';
import { Texts } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { nowIso } from '../../lib/ids.ts';
import { restForRequests, yieldToRequests, type TJob } from '../../lib/jobs.ts';
import { enqueueMails } from '../../lib/mail/outbox.ts';
import { mailTemplate } from '../../lib/mail/templates.ts';
import { badRequest } from '../../lib/api-errors.ts';
import {
  webinarNewTimeMail,
  webinarReminderMail,
  webinarReminderSubject,
  type TReminderKind,
} from './seats.mails.ts';
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

/**
 * The reminders due now for a class starting at startIso, each with the latest creation of a
 * seat it goes to (null: every seat): a seat taken after a reminder's moment skips it (its
 * confirmation said as much).
 */
export function remindersDueAt(
  startIso: string,
  now: Date,
): { kind: TReminderKind; createdBy: string | null }[] {
  const start = Date.parse(startIso);
  const t = now.getTime();
  return REMINDERS.filter((r) => t >= start - r.beforeMs && t < start - r.untilMs).map((r) => ({
    kind: r.kind,
    createdBy: r.kind === 'start' ? null : nowIso(new Date(start - r.beforeMs)),
  }));
}

/** The reminders due for one seat now. */
export function dueReminders(startIso: string, seatCreatedIso: string, now: Date): TReminderKind[] {
  const created = Date.parse(seatCreatedIso);
  return remindersDueAt(startIso, now)
    .filter((r) => r.createdBy === null || created <= Date.parse(r.createdBy))
    .map((r) => r.kind);
}

/**
 * Seats read at a time, and seats whose mails are claimed and queued in one transaction: each
 * read and each chunk is a few milliseconds of SQLite's one thread, so members' requests wait
 * no longer than that while a class of 10,000 seats starts (decision 1180).
 */
const SEAT_PAGE = 500;
const MAIL_CHUNK = 25;
/** The rest after each chunk: the job takes at most about a fifth of a busy process. */
const CHUNK_REST_MS = 10;

/** What a reminder or new-time mail is rendered from: plain values, stored as JSON (decisions 1116, 1180). */
type TReminderMailFacts = {
  publicUrl: string;
  brand: string;
  mailee: { firstname: string | null; lastname: string | null; time_zone: string | null };
  webinar: {
    hash: string;
    title: string;
    speaker_name: string | null;
    release_at: string;
    duration_min: number;
  };
  cancelCode: string;
  kind: TReminderKind | 'time';
  /** When the mail was queued (ISO): the calendar file's stamp. */
  at: string;
  unsubscribeUrl: string;
};

function renderReminderMail(f: TReminderMailFacts) {
  const facts = webinarMailFacts(f.brand, f.mailee, f.webinar);
  const { roomUrl, cancelUrl } = webinarLinks(f.publicUrl);
  const links = {
    roomUrl: roomUrl(f.webinar.hash),
    cancelUrl: cancelUrl(f.cancelCode),
    unsubscribeUrl: f.unsubscribeUrl,
  };
  const content =
    f.kind === 'time' ? webinarNewTimeMail(facts, links) : webinarReminderMail(facts, f.kind, links);
  const attachments =
    f.kind === 'start' ? [] : [webinarCalendarAttachment(f.publicUrl, f.webinar, f.brand, new Date(f.at))];
  return Object.assign(content, { attachments, headers: unsubscribeHeaders(f.unsubscribeUrl) });
}

export const reminderMailTemplate = mailTemplate('webinar-reminder', renderReminderMail);

export type TRemindersDeps = {
  db: Kysely<DB>;
  publicUrl: string;
  brand: () => Promise<string>;
  mailQueued: () => void;
};

export function createReminders(deps: TRemindersDeps) {
  const { db } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, '');

  /** A reminder or new-time mail of one seat, queued as its facts. */
  async function queuedMail(
    seat: repo.TReminderSeat,
    kind: TReminderKind | 'time',
    brand: string,
    at: string,
  ) {
    const token = await unsubscribeToken(db, 'reminders', seat.member_hash);
    const facts: TReminderMailFacts = {
      publicUrl,
      brand,
      mailee: { firstname: seat.firstname, lastname: seat.lastname, time_zone: seat.time_zone },
      webinar: {
        hash: seat.hash,
        title: seat.title,
        speaker_name: seat.speaker_name,
        release_at: seat.release_at,
        duration_min: seat.duration_min,
      },
      cancelCode: seat.cancel_code,
      kind,
      at,
      unsubscribeUrl: unsubscribeUrl(publicUrl, 'reminders', token),
    };
    return {
      to: seat.email,
      kind: `webinar-${kind === 'time' ? 'new-time' : kind}`,
      subject: webinarReminderSubject({ brand, title: seat.title }, kind),
      text: '',
      template: reminderMailTemplate.queued(facts),
    };
  }

  /**
   * Claims one kind of mail for some seats of one start and queues the mail of each seat claimed,
   * a chunk of seats per transaction, so two schedulers never send one twice; returns how many
   * were queued. A class of thousands of seats starting is a few dozen statements, not four
   * round trips per seat, and the requests run between the chunks (decision 1180).
   */
  async function claimAndQueue(
    seats: readonly repo.TReminderSeat[],
    kind: TReminderKind | 'time',
    brand: string,
    now: Date,
  ): Promise<number> {
    const at = nowIso(now);
    let queued = 0;
    for (let i = 0; i < seats.length; i += MAIL_CHUNK) {
      const chunk = seats.slice(i, i + MAIL_CHUNK);
      const mails = await Promise.all(chunk.map((seat) => queuedMail(seat, kind, brand, at)));
      queued += await db.transaction().execute(async (trx) => {
        const claimed = new Set(
          await repo.claimReminders(trx, {
            seatIds: chunk.map((s) => s.seat_id),
            kind,
            releaseAt: chunk[0]!.release_at,
            at,
          }),
        );
        const owed = mails.filter((_, j) => claimed.has(chunk[j]!.seat_id));
        await enqueueMails(trx, owed, now);
        return owed.length;
      });
      await restForRequests(CHUNK_REST_MS);
    }
    return queued;
  }

  /**
   * Sends the reminders due now; returns how many were queued by this call. The database picks
   * the seats still owed each one, so a pass in which nothing is due reads no seat.
   */
  async function sendDue(now: Date): Promise<number> {
    const classes = await repo.selectLiveClassesStarting(
      db,
      nowIso(new Date(now.getTime() - START_GRACE_MS)),
      nowIso(new Date(now.getTime() + 24 * HOUR_MS)),
    );
    let brand: string | undefined;
    let queued = 0;
    for (const webinar of classes) {
      for (const { kind, createdBy } of remindersDueAt(webinar.release_at!, now)) {
        // A page's seats are claimed before the next is read, so the next leaves them out.
        for (;;) {
          const owed = { classId: webinar.id, kind, createdBy, limit: SEAT_PAGE };
          const seats = await repo.selectSeatsOwedReminder(db, owed);
          if (seats.length === 0) break;
          brand ??= await deps.brand();
          const sent = await claimAndQueue(seats, kind, brand, now);
          queued += sent;
          // Another scheduler claimed the whole page: it goes on with the rest.
          if (seats.length < SEAT_PAGE || sent === 0) break;
        }
      }
    }
    return queued;
  }

  /**
   * Seats whose class moved: the first time a seat is seen its start is recorded ('time' row,
   * no mail: the confirmation told it); a start that differs from every recorded one is mailed
   * once as the new time. The database answers only the seats whose start is not recorded, a
   * page at a time; a page's seats are recorded or mailed before the next is read.
   */
  async function sendNewTimes(now: Date): Promise<number> {
    const from = nowIso(now);
    const to = nowIso(new Date(now.getTime() + NEW_TIME_HORIZON_MS));
    let brand: string | undefined;
    let queued = 0;
    for (;;) {
      const seats = await repo.selectSeatsWithUntoldStart(db, from, to, SEAT_PAGE);
      if (seats.length === 0) break;
      const recorded = await repo.recordToldTimes(
        db,
        seats
          .filter((seat) => !seat.told_before)
          .map((seat) => ({ seatId: seat.seat_id, releaseAt: seat.release_at })),
        nowIso(now),
      );
      const moved = new Map<string, repo.TReminderSeat[]>();
      for (const seat of seats) {
        if (seat.told_before) moved.set(seat.release_at, [...(moved.get(seat.release_at) ?? []), seat]);
      }
      let sent = 0;
      for (const movedSeats of moved.values()) {
        brand ??= await deps.brand();
        sent += await claimAndQueue(movedSeats, 'time', brand, now);
      }
      queued += sent;
      await yieldToRequests();
      // Another scheduler took the whole page: it goes on with the rest.
      if (seats.length < SEAT_PAGE || recorded + sent === 0) break;
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
