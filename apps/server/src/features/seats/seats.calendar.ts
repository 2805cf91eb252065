import { calendarUtc, webinarEndsAt, webinarEventDetails, type TWebinarEvent } from '@opence/shared';

/*
 * A webinar as an iCalendar file (RFC 5545): the room's "Add Event to Calendar" download and the
 * seat mails' attachment (03 §5). Times in UTC, so every calendar shows them in its own zone.
 */

export type TCalendarEvent = TWebinarEvent & {
  /** Stable across downloads, so a calendar updates the event instead of adding a second one. */
  uid: string;
  stampedAt: Date;
  /** The brand, for PRODID. */
  brand: string;
};

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character (§3.1). */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The webinar as a one-event calendar. */
export function webinarCalendar(event: TCalendarEvent): string {
  const start = new Date(event.releaseDateUTC);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${event.brand.replace(/\/\//g, '/')}//Live Webinars//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${calendarUtc(event.stampedAt)}`,
    `DTSTART:${calendarUtc(start)}`,
    `DTEND:${calendarUtc(webinarEndsAt(event.releaseDateUTC, event.durationMin))}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(webinarEventDetails(event))}`,
    `LOCATION:${escapeText(event.roomUrl)}`,
    `URL:${event.roomUrl}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
