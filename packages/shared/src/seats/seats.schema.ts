import { z } from 'zod';
import { ZOptionalToken, ZPublicId } from '../api.schema.ts';
import { ZFeaturedPodcast } from '../ads/ads.schema.ts';
import { ZSeatRow } from '../catalog/catalog.schema.ts';
import { ZOptionalHash, ZRowRef } from '../classroom/classroom.schema.ts';
import { LOBBY_KINDS } from './seats.rules.ts';

/*
 * Requests and responses of live webinars (02 §7 reserve-seat, set-privacy-optin, class-start,
 * cancel-seat, webinar-lobby; 01 §7 seats; 03 §5 the calendar file). attendeeId is the member's
 * own seat id (a random UUID, never sequential), 0 when there is none.
 */

/** A class by hash and the member's token: reserve-seat, class-start. */
export const ZSeatClassQuery = z.object({ c: ZPublicId, s: ZOptionalToken });
export type TSeatClassQuery = z.infer<typeof ZSeatClassQuery>;

/** The sponsor's privacy opt-in question (02 §2): shown until the member answers it. */
export const ZPrivacyBlock = z.object({
  status: z.boolean(),
  title: z.string(),
  blurb: z.string(),
  learnmore: z.string(),
});
export type TPrivacyBlock = z.infer<typeof ZPrivacyBlock>;

/** GET /api/reserve-seat: the seat or waitlist place, the same one on every call. */
export const ZReserveSeatResponse = z.object({
  status: z.boolean(),
  attendeeId: ZRowRef,
  isWaiting: z.boolean(),
  /** Added beside the spec's fields (decision 1002): the place's number on the waitlist, 0 for a seat. */
  waitlistPosition: z
    .number()
    .int()
    .describe('The number of this place on the waitlist (1 = next to get a seat); 0 for a seat.'),
  privacyBlock: ZPrivacyBlock.optional(),
});
export type TReserveSeatResponse = z.infer<typeof ZReserveSeatResponse>;

/** Yes or no, as a form or a query may write it. */
const ZYesNo = z.preprocess(
  (v) => {
    const text = typeof v === 'string' ? v.trim().toLowerCase() : v;
    if (text === true || text === 1 || text === 'true' || text === '1' || text === 'yes' || text === 'y')
      return true;
    if (text === false || text === 0 || text === 'false' || text === '0' || text === 'no' || text === 'n')
      return false;
    return v;
  },
  z.boolean({ message: 'Must be yes or no.' }),
);

/** POST /api/set-privacy-optin: s, c, o (yes or no). */
export const ZSetPrivacyOptinRequest = z.object({ c: ZPublicId, s: ZOptionalToken, o: ZYesNo });
export type TSetPrivacyOptinRequest = z.infer<typeof ZSetPrivacyOptinRequest>;

/** GET /api/class-start: the start is recorded; joinUrl is the meeting to open (03 §4). */
export const ZClassStartResponse = z.object({
  status: z.boolean(),
  attendeeId: z.string(),
  gradebookId: z.string(),
  joinUrl: z.string(),
});
export type TClassStartResponse = z.infer<typeof ZClassStartResponse>;

/** GET and POST /api/cancel-seat: code (the seat's cancel code), s. */
export const ZCancelSeatRequest = z.object({ code: ZPublicId, s: ZOptionalToken });
export type TCancelSeatRequest = z.infer<typeof ZCancelSeatRequest>;

/** The class a cancel code is for (02 §2 Cancel seat page). */
export const ZCancelSeatClass = z.object({
  hash: z.string(),
  className: z.string(),
  speakerName: z.string(),
  sponsorCompanyName: z.string(),
  photo: z.string().nullable(),
  releaseDateUTC: z.string(),
  durationMin: z.number().int(),
  credits: z.number(),
  creditName: z.string(),
  isWaiting: z.boolean(),
});
export type TCancelSeatClass = z.infer<typeof ZCancelSeatClass>;

export const ZCancelSeatInfoResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(ZCancelSeatClass),
});
export type TCancelSeatInfoResponse = z.infer<typeof ZCancelSeatInfoResponse>;

export const ZCancelSeatResponse = z.object({ status: z.boolean(), errorMsg: z.string() });
export type TCancelSeatResponse = z.infer<typeof ZCancelSeatResponse>;

/** GET /api/calendar.ics: the webinar as an event file (03 §5). */
export const ZCalendarQuery = z.object({ c: ZPublicId });

/** GET /api/webinar-lobby: c or p (the class or episode the lobby follows), s, loc (the lobby kind). */
export const ZWebinarLobbyQuery = z.object({
  c: ZOptionalHash,
  p: ZOptionalHash,
  s: ZOptionalToken,
  loc: z.preprocess((v) => (v === '' || v == null ? 'webinar' : v), z.enum(LOBBY_KINDS)),
});
export type TWebinarLobbyQuery = z.infer<typeof ZWebinarLobbyQuery>;

/** A lobby drill-down (02 §3): hash, title, youtubeUrl; the photo is its poster. */
export const ZLobbyDrilldown = z.object({
  hash: z.string(),
  slug: z.string(),
  title: z.string(),
  youtubeUrl: z.string().nullable(),
  photo: z.string().nullable(),
});
export type TLobbyDrilldown = z.infer<typeof ZLobbyDrilldown>;

/** A lobby episode: the featured podcast's fields (lobbyTypeId says which is featured) and its blurb. */
export const ZLobbyPodcast = ZFeaturedPodcast.extend({ blurb: z.string() });
export type TLobbyPodcast = z.infer<typeof ZLobbyPodcast>;

export const ZWebinarLobbyResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  drilldowns: z.object({ status: z.boolean(), data: z.array(ZLobbyDrilldown) }),
  podcasts: z.object({ status: z.boolean(), data: z.array(ZLobbyPodcast) }),
});
export type TWebinarLobbyResponse = z.infer<typeof ZWebinarLobbyResponse>;

/** GET /api/seats (01 §7): the member's seats and waitlist places on webinars still to come. */
export const ZSeatsQuery = z.object({ s: ZOptionalToken });
export const ZSeatsResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(ZSeatRow),
});
export type TSeatsResponse = z.infer<typeof ZSeatsResponse>;

/**
 * GET and POST /api/unsubscribe-reminders: t, the signed token of a reminder mail's one-click
 * unsubscribe (issue 25; RFC 8058's POST carries List-Unsubscribe=One-Click in a form body).
 */
export const ZUnsubscribeRemindersQuery = z.object({ t: z.string().min(1).max(200) });
export type TUnsubscribeRemindersQuery = z.infer<typeof ZUnsubscribeRemindersQuery>;
export const ZUnsubscribeRemindersBody = z
  .object({ 'List-Unsubscribe': z.string().max(40).optional() })
  .optional();
