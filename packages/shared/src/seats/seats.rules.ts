import { Texts } from '../texts.ts';
import { CeType, Timing } from '../constants.ts';

/*
 * Pure rules of live webinars (02 §2, §4, §9; 03 §5): when a webinar ends, when its room
 * opens, who gets a seat, and the links the room offers (meeting, web calendar).
 */

const MINUTE_MS = 60_000;

/** The lobbies (02 §2): 'webinar' before a live class, 'exam' after a passed exam. */
export const LOBBY_KINDS = ['webinar', 'exam'] as const;
export type TLobbyKind = (typeof LOBBY_KINDS)[number];

/** Lobby type 1 is the featured episode (02 §2), 2 the others. */
export const LobbyType = { FEATURED: 1, MORE: 2 } as const;

/** When a live class ends: its release plus its duration. */
export function webinarEndsAt(releaseAtIso: string, durationMin: number): Date {
  return new Date(Date.parse(releaseAtIso) + durationMin * MINUTE_MS);
}

/** Whole seconds from now until the release (negative once it has started). */
export function secondsUntil(releaseAtIso: string, now: Date): number {
  return Math.floor((Date.parse(releaseAtIso) - now.getTime()) / 1000);
}

/**
 * Enter Webinar is offered from 5 minutes before the start (02 §2, §9), exactly: the server
 * refuses class-start earlier and live credit counts a start only from then (docs/decisions/0403).
 */
export function isWebinarOpen(secondsLeft: number): boolean {
  return secondsLeft <= Timing.ENTER_WEBINAR_BEFORE_SEC;
}

/**
 * A seat's row offers Enter while its room is open: from 5 minutes before the start until the
 * class ends (issue 22, item 13). The room itself still checks with the server's clock.
 */
export function isRoomOpenAt(row: { releaseDateUTC: string; durationMin: number }, nowMs: number): boolean {
  const now = new Date(nowMs);
  return (
    isWebinarOpen(secondsUntil(row.releaseDateUTC, now)) &&
    now < webinarEndsAt(row.releaseDateUTC, row.durationMin)
  );
}

/**
 * The attendance confirmation asks the live question ('Yes I Attended', 02 §2) of a member who
 * held a seat in a class that carries live credit, also once the ended class shows as ARCHIVE.
 */
export function isLiveAttendance(
  classObj: { ceTypeId: number },
  studentData: { isReserved: boolean },
): boolean {
  return classObj.ceTypeId === CeType.LIVE && studentData.isReserved;
}

/**
 * Seats a class has left, as lists show them: null when it has no capacity (unlimited), never
 * below 0 (decision 1003). Who gets a seat is the server's waitlist rule
 * (features/seats/seats.waitlist.repo.ts, 0008); its table-driven test holds this to it: none
 * left exactly when a new arrival waits.
 */
export function seatsLeft(capacity: number | null, seatedCount: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - seatedCount);
}

/** Below this many seats left, lists and the pre-live page say how many remain (decision 1003). */
export const FEW_SEATS_LEFT = 10;

/**
 * What the lists and the pre-live page say of the seats: 'Full — join the waitlist' when none is
 * left, 'N seats left' once few remain, nothing otherwise or without a capacity.
 */
export function seatsLeftText(left: number | null | undefined): string | null {
  if (left === null || left === undefined || left > FEW_SEATS_LEFT) return null;
  if (left === 0) return Texts.SEATS_FULL;
  return left === 1 ? Texts.SEAT_LEFT_ONE : Texts.SEATS_LEFT.replace('{n}', String(left));
}

/** The meeting's join URL from the template setting (03 §4: default 'https://zoom.us/j/{code}'). */
export function meetingJoinUrl(template: string, code: string): string {
  return template.replaceAll('{code}', encodeURIComponent(code.trim()));
}

/** A UTC date-time as calendars write it: 20261202T180000Z (RFC 5545 form #2). */
export function calendarUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export type TWebinarEvent = {
  title: string;
  speakerName: string | null;
  releaseDateUTC: string;
  durationMin: number;
  /** The live room's address, so the event leads back to it. */
  roomUrl: string;
};

/** The event's description: who speaks and where to join. */
export function webinarEventDetails(event: TWebinarEvent): string {
  const speaker = event.speakerName ? `Speaker: ${event.speakerName}\n` : '';
  return `${speaker}Join from the live room: ${event.roomUrl}`;
}

/** The web calendar link of the room (02 §2): a Google Calendar event template. */
export function webCalendarUrl(event: TWebinarEvent): string {
  const start = new Date(event.releaseDateUTC);
  const end = webinarEndsAt(event.releaseDateUTC, event.durationMin);
  const params: [string, string][] = [
    ['action', 'TEMPLATE'],
    ['text', event.title],
    ['dates', `${calendarUtc(start)}/${calendarUtc(end)}`],
    ['details', webinarEventDetails(event)],
    ['location', event.roomUrl],
  ];
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `https://calendar.google.com/calendar/render?${query}`;
}

/**
 * A webinar's date and time with the zone's abbreviation (03 §1), e.g. 'Wednesday, December 2,
 * 2026 at 1:00 PM EST'. Without a zone, the runtime's own (the browser's).
 */
export function webinarDateTime(isoDate: string, timeZone?: string): string {
  return webinarDateTimeFormat(timeZone).format(new Date(isoDate));
}

/** One formatter per zone: building one costs far more than formatting (every webinar mail, issue 21). */
const webinarFormats = new Map<string, Intl.DateTimeFormat>();

function webinarDateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let found = webinarFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    // Zones come from profiles and are checked before they get here; the cap is a safety net.
    if (webinarFormats.size >= 1_000) webinarFormats.clear();
    webinarFormats.set(key, found);
  }
  return found;
}
