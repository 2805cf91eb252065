import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_TIME_ZONES,
  firstVisitText,
  formatInZone,
  isKnownTimeZone,
  timeZoneFromCookie,
} from './local-time.rules.ts';

// 23:29 UTC on a Monday: 6:29 PM in New York, 3:29 PM in Los Angeles, the same day everywhere in the US.
const EVENING_UTC = '2026-11-23T23:29:00.000Z';
// 04:30 UTC on a Tuesday: Monday evening in Honolulu and Los Angeles, Monday 11:30 PM in New York.
const NIGHT_UTC = '2026-11-24T04:30:00.000Z';
// 05:30 UTC on a Tuesday: 12:30 AM Tuesday in New York, still Monday in Chicago and west of it.
const AFTER_MIDNIGHT_EAST = '2026-11-24T05:30:00.000Z';

describe('time zones from the reader (decision 0831)', () => {
  it('knows IANA names and refuses the rest', () => {
    for (const zone of [...AUDIENCE_TIME_ZONES, 'Europe/Berlin', 'UTC', 'Asia/Kolkata']) {
      expect(isKnownTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['', 'Mars/Olympus', 'America/New York', `Europe/${'x'.repeat(80)}`]) {
      expect(isKnownTimeZone(zone), zone).toBe(false);
    }
  });

  it('reads the zone cookie among others, and nothing else', () => {
    expect(timeZoneFromCookie('a=1; tz=America%2FLos_Angeles; b=2')).toBe('America/Los_Angeles');
    expect(timeZoneFromCookie('tz=Europe/Berlin')).toBe('Europe/Berlin');
    expect(timeZoneFromCookie('xtz=Europe%2FBerlin')).toBeNull();
    for (const header of [undefined, '', 'tz=', 'tz=Mars%2FOlympus', 'tz=%E0%A4%A', 'tz=%3Cscript%3E']) {
      expect(timeZoneFromCookie(header), header).toBeNull();
    }
  });
});

describe('a moment in a zone', () => {
  it('is written the way the product shows it', () => {
    expect(formatInZone(EVENING_UTC, 'dateTime', 'America/Los_Angeles')).toMatch(
      /^Mon, Nov 23, 2026, 3:29\sPM PST$/,
    );
    expect(formatInZone(EVENING_UTC, 'day', 'America/New_York')).toBe('Nov 23, 2026');
    expect(formatInZone(NIGHT_UTC, 'day', 'UTC')).toBe('Nov 24, 2026');
    expect(formatInZone(EVENING_UTC, 'longDate', 'Asia/Tokyo')).toBe('November 24, 2026');
    expect(formatInZone('not a date', 'day', 'UTC')).toBe('');
  });
});

describe('what the server prints before it knows the reader’s zone', () => {
  it('is the day without its time, where every member zone has the same day', () => {
    const { text, pending } = firstVisitText(EVENING_UTC, 'dateTime');
    expect(text).toBe('Mon, Nov 23, 2026');
    // The time, as it would read in the default zone, holds its place invisibly.
    expect(pending).toMatch(/^, 6:29\sPM EST$/);
    // Filled in for a member zone, the text starts with what was printed: nothing printed changes.
    for (const zone of AUDIENCE_TIME_ZONES) {
      expect(formatInZone(EVENING_UTC, 'dateTime', zone).startsWith(text), zone).toBe(true);
    }
    expect(firstVisitText(NIGHT_UTC, 'day')).toEqual({ text: 'Nov 23, 2026', pending: '' });
    expect(firstVisitText(EVENING_UTC, 'longDate')).toEqual({ text: 'November 23, 2026', pending: '' });
  });

  it('is nothing, its place held, where the day differs between member zones', () => {
    const { text, pending } = firstVisitText(AFTER_MIDNIGHT_EAST, 'dateTime');
    expect(text).toBe('');
    expect(pending).toMatch(/^Tue, Nov 24, 2026, 12:30\sAM EST$/);
    expect(firstVisitText(AFTER_MIDNIGHT_EAST, 'day')).toEqual({ text: '', pending: 'Nov 24, 2026' });
    expect(firstVisitText('not a date', 'dateTime')).toEqual({ text: '', pending: '' });
  });
});
