import { createEvent, createEvents, type EventAttributes } from 'ics';
import { addDays, webinarEndsAt, webinarEventDetails, type TWebinarEvent } from '@opence/shared';

/*
 * A webinar as an iCalendar file (RFC 5545): the room's "Add Event to Calendar" download and the
 * seat mails' attachment (03 §5), written by `ics` (issue 38, decision 0016). Times in UTC, so
 * every calendar shows them in its own zone; the UID stays the same for a webinar, so a calendar
 * updates the event instead of adding a second one.
 */

export type TCalendarEvent = TWebinarEvent & {
  /** Stable across downloads, so a calendar updates the event instead of adding a second one. */
  uid: string;
  stampedAt: Date;
  /** The brand, for PRODID. */
  brand: string;
};

/**
 * ics folds lines at 75 characters; RFC 5545 §3.1 counts 75 octets, which a title in Spanish
 * passes. Its folds are undone and the lines folded again by octets, never inside a character.
 */
function foldByOctets(calendar: string): string {
  const lines = calendar.replace(/\r\n[\t ]/g, '').split('\r\n');
  return lines
    .map((line) => {
      const parts: string[] = [];
      let current = '';
      let octets = 0;
      for (const char of line) {
        const size = Buffer.byteLength(char, 'utf8');
        if (octets + size > (parts.length === 0 ? 75 : 74)) {
          parts.push(current);
          current = '';
          octets = 0;
        }
        current += char;
        octets += size;
      }
      parts.push(current);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** The webinar as a one-event calendar, written by `ics` (the reference the cache below keeps). */
export function writeWebinarCalendar(event: TCalendarEvent): string {
  // DTSTAMP is ics's `timestamp` (in its schema and writer), which its types leave out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: `-//${event.brand.replace(/\/\//g, '/')}//Live Webinars//EN`,
    method: 'PUBLISH',
    uid: event.uid,
    timestamp: event.stampedAt.getTime(),
    start: Date.parse(event.releaseDateUTC),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: webinarEndsAt(event.releaseDateUTC, event.durationMin).getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    description: webinarEventDetails(event),
    location: event.roomUrl,
    url: event.roomUrl,
    status: 'CONFIRMED',
    transp: 'OPAQUE',
  };
  const { error, value } = createEvent(attributes);
  if (!value) throw error ?? new Error('The calendar file could not be written.');
  return foldByOctets(value);
}

/*
 * `ics` validates every event with its yup schema before writing it: about 270 µs of CPU per
 * file, the largest part of a reservation's own work (issue 39, decision 1125). A webinar's file
 * differs between reservations only in DTSTAMP (when it was made), so each webinar's file is
 * written once, with the stamp at 0, and its DTSTAMP line put in per call. The key holds every
 * other field, so a webinar staff edited gets a file of its own.
 */
const STAMP_LINE_AT_ZERO = '\r\nDTSTAMP:19700101T000000Z\r\n';
const CACHED_WEBINARS = 64;
const written = new Map<string, [before: string, after: string]>();

/** DTSTAMP as ics writes a UTC time: 20310301T091530Z. */
const stampText = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The webinar as a one-event calendar. */
export function webinarCalendar(event: TCalendarEvent): string {
  const key = JSON.stringify([
    event.uid,
    event.brand,
    event.title,
    event.speakerName,
    event.releaseDateUTC,
    event.durationMin,
    event.roomUrl,
  ]);
  let parts = written.get(key);
  if (!parts) {
    const file = writeWebinarCalendar(Object.assign({}, event, { stampedAt: new Date(0) }));
    const at = file.indexOf(STAMP_LINE_AT_ZERO);
    // Never without the line; a file written otherwise is sent as written, uncached.
    if (at < 0) return writeWebinarCalendar(event);
    parts = [file.slice(0, at), file.slice(at + STAMP_LINE_AT_ZERO.length)];
    // Map keeps insertion order: the first key is the oldest webinar.
    if (written.size >= CACHED_WEBINARS) written.delete(written.keys().next().value as string);
    written.set(key, parts);
  }
  return `${parts[0]}\r\nDTSTAMP:${stampText(event.stampedAt)}\r\n${parts[1]}`;
}

/** A session of a calendar of many: timed, or a day (an on-demand class to take that day). */
export type TCalendarSession = {
  title: string;
  description: string;
  location: string | null;
} & ({ startsAt: string; endsAt: string } | { day: string });
export type TCalendarEntry = TCalendarSession & { uid: string; url: string };

const dateArray = (day: string): [number, number, number] =>
  day.split('-').map(Number) as [number, number, number];

/**
 * Many sessions in one file (the renewal plan's, issue 41), written by the same `ics` and folded
 * the same way: timed sessions in UTC, and days as all-day events (decision 1141), which every
 * calendar shows, where a to-do (VTODO) is dropped by many.
 */
export function writeCalendar(entries: readonly TCalendarEntry[], brand: string, stampedAt: Date): string {
  const events = entries.map((e): EventAttributes & { timestamp: number } => {
    const common = {
      productId: `-//${brand.replace(/\/\//g, '/')}//Renewal Plan//EN`,
      method: 'PUBLISH',
      uid: e.uid,
      timestamp: stampedAt.getTime(),
      title: e.title,
      description: e.description,
      url: e.url,
      location: e.location ?? undefined,
      status: 'CONFIRMED' as const,
    };
    if ('day' in e)
      return Object.assign({}, common, {
        start: dateArray(e.day),
        end: dateArray(addDays(e.day, 1)),
        transp: 'TRANSPARENT' as const,
      });
    return Object.assign({}, common, {
      start: Date.parse(e.startsAt),
      startInputType: 'utc' as const,
      startOutputType: 'utc' as const,
      end: Date.parse(e.endsAt),
      endInputType: 'utc' as const,
      endOutputType: 'utc' as const,
      transp: 'OPAQUE' as const,
    });
  });
  const { error, value } = createEvents(events);
  if (!value) throw error ?? new Error('The calendar file could not be written.');
  return foldByOctets(value);
}
