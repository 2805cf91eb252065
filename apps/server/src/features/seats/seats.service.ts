import type { Kysely, Transaction } from 'kysely';
import {
  CeType,
  ClassType,
  isWebinarOpen,
  meetingJoinUrl,
  secondsUntil,
  Texts,
  webinarEndsAt,
} from '@opence/shared';
import type {
  TCancelSeatClass,
  TClassStartResponse,
  TReserveSeatResponse,
  TSeatRow,
  TWebinarLobbyQuery,
  TWebinarLobbyResponse,
} from '@opence/shared/schemas';
import { type TDialectName, writesInOneStatement } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import { presentSeatRow } from '../../domain/class-rows.ts';
import { hashToken, newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import { loginLinkUrl } from '../../domain/login-links.ts';
import { acceptSession, isTokenShaped, sessionRowFrom } from '../../domain/sessions.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { ApiError, conflict, forbidden, notFound, unauthorized } from '../../lib/api-errors.ts';
import { seatPromotedMail } from './seats.mails.ts';
import { writeCalendar, type TCalendarSession } from './seats.calendar.ts';
import {
  queuedReservationMail,
  webinarCalendarAttachment,
  webinarCalendarFile,
  webinarLinks,
  webinarMailFacts,
} from './seats.reservation-mail.ts';
import {
  presentCancelClass,
  presentLobbyDrilldown,
  presentLobbyPodcast,
  presentReservation,
} from './seats.presenter.ts';
import * as repo from './seats.repo.ts';
import * as waitlist from './seats.waitlist.repo.ts';
import { selectLobbyDrilldowns, selectLobbyPodcasts } from './seats.lobby.repo.ts';
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from '../../domain/unsubscribe.ts';
import type { TMailee, TWebinarRow } from './seats.repo.ts';

export type TSeatsDeps = {
  db: Kysely<DB>;
  dialect: TDialectName;
  publicUrl: string;
  /** The site settings: brand, and meetingUrlTemplate among the raw values. */
  siteSettings: () => Promise<{ brand: string; raw: Record<string, string> }>;
  /** Wakes the mail worker after a change queued mail. */
  mailQueued: () => void;
  now?: () => Date;
};

const DEFAULT_MEETING_URL_TEMPLATE = 'https://zoom.us/j/{code}';
/** How many drill-downs and podcast episodes a lobby offers (docs/decisions/0408). */
const LOBBY_ITEMS = 5;

/** Rolls back a reservation whose member already holds a seat in the class (a double tap). */
const SEAT_HELD = new Error('The member already holds a seat in this class.');

export function createSeatsService(deps: TSeatsDeps) {
  const { db, dialect } = deps;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  const { cancelUrl } = webinarLinks(publicUrl);

  async function webinarOr404(ref: string): Promise<TWebinarRow> {
    const webinar = await repo.selectWebinar(db, ref);
    if (!webinar) throw notFound();
    return webinar;
  }

  /** A class that is not live (any more): an archived webinar has ended, others never were one. */
  function assertLive(webinar: TWebinarRow): void {
    if (webinar.type_id === ClassType.LIVE) return;
    throw conflict(webinar.ce_type_id === CeType.LIVE ? Texts.WEBINAR_ENDED : Texts.NOT_A_WEBINAR);
  }

  /** A live class that has not ended: the only kind that takes reservations. */
  function assertBookable(webinar: TWebinarRow, at: Date): void {
    assertLive(webinar);
    if (webinarEndsAt(webinar.release_at, webinar.duration_min) <= at) throw conflict(Texts.WEBINAR_ENDED);
  }

  /**
   * Takes the class row's lock with its seats taken, then inserts the seat and its mail (03 §5:
   * capacity never exceeded, first come first served; issue 21, decision 0822). On PostgreSQL
   * everything that needs no lock (the unsubscribe link, both possible mails with the calendar
   * file) is made before; SQLite builds only the mail it sends. On PostgreSQL that is one statement, so the lock is held for no round trip; on
   * SQLite (one writer, no round trips) three statements in a transaction. A member who already
   * holds a seat (a second tab, a double tap) gets it back.
   */
  async function reserveInTransaction(
    memberId: string,
    webinar: TWebinarRow,
    mailee: TMailee,
    brand: string,
  ): Promise<{ seat: repo.TSeat; isNew: boolean; waitingBefore?: number }> {
    const unsubscribe = unsubscribeUrl(
      publicUrl,
      'reminders',
      await unsubscribeToken(db, 'reminders', mailee.hash),
    );
    const at = now();
    const cancelCode = newPublicHash();
    const mailOf = (isWaiting: number) =>
      queuedReservationMail(mailee.email, {
        publicUrl,
        brand,
        mailee: { firstname: mailee.firstname, lastname: mailee.lastname, time_zone: mailee.time_zone },
        webinar: {
          hash: webinar.hash,
          title: webinar.title,
          speaker_name: webinar.speaker_name,
          release_at: webinar.release_at,
          duration_min: webinar.duration_min,
        },
        cancelCode,
        isWaiting,
        at: nowIso(at),
        unsubscribeUrl: unsubscribe,
      });
    if (writesInOneStatement(dialect)) {
      const mails = [mailOf(0), mailOf(1)];
      const reserved = await repo.reserveInOneStatement(db, {
        classId: webinar.id,
        memberId,
        seatId: newId(),
        cancelCode,
        at,
        mailId: newId(),
        mails: [mails[0]!, mails[1]!],
      });
      if (reserved) return { seat: reserved.seat, waitingBefore: reserved.waitingBefore, isNew: true };
      const existing = await repo.selectSeat(db, memberId, webinar.id);
      if (!existing) throw notFound();
      return { seat: existing, isNew: false };
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const arrival = await repo.claimArrival(trx, webinar.id, at);
        if (!arrival) throw notFound();
        const row = {
          id: newId(),
          class_id: webinar.id,
          member_id: memberId,
          cancel_code: cancelCode,
          is_waiting: arrival.isWaiting,
          privacy_optin: null,
          started_at: null,
          created_at: nowIso(arrival.arrivalAt),
        };
        if (!(await repo.insertNewSeat(trx, row))) throw SEAT_HELD;
        // SQLite runs one transaction at a time on one thread, so building the one mail that is
        // sent here holds nothing anyone else could run meanwhile, and saves building the other
        // (about 85 µs of the event loop per reservation in the surge: decision 0820).
        await repo.insertReservationMail(trx, mailOf(row.is_waiting), newId(), at);
        return { seat: row, waitingBefore: arrival.waiting, isNew: true };
      });
    } catch (error) {
      if (error !== SEAT_HELD) throw error;
      const existing = await repo.selectSeat(db, memberId, webinar.id);
      if (!existing) throw error;
      return { seat: existing, isNew: false };
    }
  }

  /** Moves the waitlist places the free seats take into them and mails each a login link (03 §5). */
  async function promoteWaitlist(trx: Transaction<DB>, webinar: TWebinarRow, brand: string): Promise<number> {
    const movers = await waitlist.selectWaitlistPromotions(trx, webinar.id);
    const at = now();
    for (const seat of movers) {
      await waitlist.promoteSeat(trx, seat.id, nowIso(at));
      const mailee = await repo.selectMailee(trx, seat.member_id);
      if (!mailee) continue;
      const loginUrl = await loginLinkUrl(trx, publicUrl, mailee.id, `/live/${webinar.hash}`, { now: at });
      const content = seatPromotedMail(webinarMailFacts(brand, mailee, webinar), {
        loginUrl,
        cancelUrl: cancelUrl(seat.cancel_code),
      });
      const attachments = [webinarCalendarAttachment(publicUrl, webinar, brand, at)];
      const headers = unsubscribeHeaders(
        unsubscribeUrl(publicUrl, 'reminders', await unsubscribeToken(trx, 'reminders', mailee.hash)),
      );
      await enqueueMail(
        trx,
        Object.assign({ to: mailee.email, kind: 'seat-promoted' as const }, content, {
          attachments,
          headers,
        }),
        at,
      );
    }
    return movers.length;
  }

  /**
   * The answer of reserve-seat: the seat, or the waitlist place with its number (decision 1002).
   * A place just made is the last in line: its number is the places before it plus one, read with
   * the class row's lock (decision 0825); a place held earlier is counted.
   */
  async function reservation(
    webinar: TWebinarRow,
    seat: Parameters<typeof presentReservation>[1],
    waitingBefore?: number,
  ) {
    if (seat.is_waiting !== 1) return presentReservation(webinar, seat, 0);
    const position =
      waitingBefore === undefined ? await waitlist.selectWaitlistPosition(db, seat) : waitingBefore + 1;
    return presentReservation(webinar, seat, position);
  }

  /** The seat a cancel code names; a signed-in member may only reach their own (decision 0405). */
  async function seatByCode(code: string, memberId: string | null) {
    const seat = await repo.selectSeatByCode(db, code);
    if (!seat) throw new ApiError(404, Texts.CANCEL_CODE_UNKNOWN, { errorMsg: true });
    if (memberId && seat.member_id !== memberId)
      throw new ApiError(403, Texts.CANCEL_NOT_YOURS, { errorMsg: true });
    return seat;
  }

  /** A member's seats on webinars that have not ended, as rows of the seat lists (01 §3). */
  function upcomingSeats(rows: repo.TMemberSeatRow[]): TSeatRow[] {
    const at = now();
    return rows.filter((r) => webinarEndsAt(r.release_at, r.duration_min) > at).map(presentSeatRow);
  }

  return {
    /** GET /api/reserve-seat: the member's seat or waitlist place, made on the first call. */
    async reserve(memberId: string, ref: string): Promise<TReserveSeatResponse> {
      // The class, the member's seat in it and the member's mail facts: one statement.
      const facts = await repo.selectReservationFacts(db, ref, memberId);
      if (!facts) throw notFound();
      const { webinar, held, mailee } = facts;
      if (held) return reservation(webinar, held);
      assertBookable(webinar, now());
      if (!mailee) throw notFound();
      const { brand } = await deps.siteSettings();
      const { seat, isNew, waitingBefore } = await reserveInTransaction(memberId, webinar, mailee, brand);
      if (isNew) deps.mailQueued();
      return reservation(webinar, seat, waitingBefore);
    },

    /** POST /api/set-privacy-optin: yes or no to the sponsor's question, on the member's seat. */
    async setPrivacyOptin(memberId: string, ref: string, optin: boolean): Promise<void> {
      const webinar = await webinarOr404(ref);
      if (!(await repo.updatePrivacyOptin(db, memberId, webinar.id, optin))) throw notFound(Texts.NO_SEAT);
    },

    /**
     * GET /api/class-start: records the member's first start on the seat and the gradebook, and
     * gives the meeting's join URL. Only a seat holder, from 5 minutes before the start.
     */
    async start(memberId: string, ref: string): Promise<TClassStartResponse> {
      const webinar = await webinarOr404(ref);
      assertLive(webinar);
      const seat = await repo.selectSeat(db, memberId, webinar.id);
      if (!seat) throw forbidden(Texts.NO_SEAT);
      if (seat.is_waiting === 1) throw forbidden(Texts.SEAT_WAITLISTED);
      const at = now();
      if (!isWebinarOpen(secondsUntil(webinar.release_at, at))) throw conflict(Texts.WEBINAR_NOT_OPEN);
      if (!webinar.zoom_code) throw conflict(Texts.NO_MEETING_LINK);
      const gradebookId = await db.transaction().execute(async (trx) => {
        await repo.markSeatStarted(trx, seat.id, nowIso(at));
        return repo.upsertGradebookStart(trx, {
          id: newId(),
          memberId,
          classId: webinar.id,
          ceTypeId: CeType.SELF_STUDY,
          at: nowIso(at),
        });
      });
      const { raw } = await deps.siteSettings();
      const template = raw.meetingUrlTemplate || DEFAULT_MEETING_URL_TEMPLATE;
      return {
        status: true,
        attendeeId: seat.id,
        gradebookId,
        joinUrl: meetingJoinUrl(template, webinar.zoom_code),
      };
    },

    /** GET /api/cancel-seat: the class a cancel code is for. */
    async cancelInfo(code: string, memberId: string | null): Promise<TCancelSeatClass> {
      const seat = await seatByCode(code, memberId);
      return presentCancelClass(await webinarOr404(seat.class_hash), seat);
    },

    /** POST /api/cancel-seat: frees the seat and promotes the first waitlisted, in one transaction. */
    async cancel(code: string, memberId: string | null): Promise<void> {
      const found = await seatByCode(code, memberId);
      const webinar = await webinarOr404(found.class_hash);
      if (webinarEndsAt(webinar.release_at, webinar.duration_min) <= now()) {
        throw new ApiError(409, Texts.WEBINAR_ENDED, { errorMsg: true });
      }
      const { brand } = await deps.siteSettings();
      const promoted = await db.transaction().execute(async (trx) => {
        await repo.lockClass(trx, dialect, webinar.id);
        const seat = await repo.selectSeatByCode(trx, code);
        // Released meanwhile (a second click, another tab): nothing left to do.
        if (!seat) return 0;
        await repo.deleteSeat(trx, seat.id);
        return seat.is_waiting === 1 ? 0 : promoteWaitlist(trx, webinar, brand);
      });
      if (promoted > 0) deps.mailQueued();
    },

    /** GET /api/calendar.ics: the webinar as a calendar file. */
    async calendar(ref: string): Promise<{ filename: string; body: string }> {
      const webinar = await webinarOr404(ref);
      if (webinar.type_id !== ClassType.LIVE) throw notFound(Texts.NOT_A_WEBINAR);
      const { brand } = await deps.siteSettings();
      return { filename: `${webinar.slug}.ics`, body: webinarCalendarFile(publicUrl, webinar, brand, now()) };
    },

    /**
     * Many sessions as one calendar file (the renewal plan's, issue 41): each entry keyed by its
     * class's hash, so a webinar keeps the UID of its own file and a calendar updates it.
     */
    async calendarOf(
      entries: readonly (TCalendarSession & { key: string; path: string })[],
    ): Promise<string> {
      const { brand } = await deps.siteSettings();
      const host = new URL(publicUrl).host;
      return writeCalendar(
        entries.map((e) => Object.assign({ uid: `${e.key}@${host}`, url: `${publicUrl}${e.path}` }, e)),
        brand,
        now(),
      );
    },

    /** The member's seats and waitlist places on webinars that have not ended (the member's home). */
    async memberSeats(memberId: string): Promise<TSeatRow[]> {
      return upcomingSeats(await repo.selectMemberSeats(db, memberId));
    },

    /**
     * GET /api/seats: memberSeats for the session of the token the request carries, 401 as the
     * member guard answers without a live one. The session and the seats are read in one
     * statement (issue 21), as the live room's poll reads its rows.
     */
    async sessionSeats(token: string | null): Promise<TSeatRow[]> {
      const found = isTokenShaped(token) ? await repo.selectSessionSeats(db, hashToken(token)) : undefined;
      const member = found ? await acceptSession(db, sessionRowFrom(found.session)) : null;
      if (!found || !member) throw unauthorized();
      return upcomingSeats(found.seats);
    },

    /**
     * GET /api/webinar-lobby: the newest drill-downs and podcast episodes (02 §2 Lobbies). The
     * exam lobby (loc 'exam') leaves out the episode whose exam was just passed.
     */
    async lobby(query: TWebinarLobbyQuery): Promise<TWebinarLobbyResponse> {
      const at = nowIso(now());
      const except = query.loc === 'exam' ? (query.p ?? null) : null;
      const [drilldowns, podcasts] = await Promise.all([
        selectLobbyDrilldowns(db, at, LOBBY_ITEMS),
        selectLobbyPodcasts(db, at, LOBBY_ITEMS, except),
      ]);
      return {
        status: drilldowns.length + podcasts.length > 0,
        rowCount: drilldowns.length + podcasts.length,
        drilldowns: { status: drilldowns.length > 0, data: drilldowns.map(presentLobbyDrilldown) },
        podcasts: { status: podcasts.length > 0, data: podcasts.map(presentLobbyPodcast) },
      };
    },
  };
}

export type TSeatsService = ReturnType<typeof createSeatsService>;
