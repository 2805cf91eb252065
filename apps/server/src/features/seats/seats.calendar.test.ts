import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { webinarCalendar, writeWebinarCalendar, type TCalendarEvent } from './seats.calendar.ts';

/*
 * The calendar file read back by another program: Debian's python3-icalendar (installed by
 * .ci/run), the parser of many calendar tools, checks what `ics` writes (decision 0016).
 */

const PYTHON = '/usr/bin/python3';
const hasIcalendar = spawnSync(PYTHON, ['-c', 'import icalendar']).status === 0;
if (!hasIcalendar)
  console.warn('seats.calendar.test.ts: apt-get install -y python3-icalendar to read calendars back');

/** The calendar's one event as python3-icalendar reads it: each property as text, times in UTC. */
const READ_BACK = `
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.read())
events = [c for c in calendar.walk() if c.name == 'VEVENT']
event = events[0]
def text(v):
    return v.dt.isoformat() if hasattr(v, 'dt') else str(v)
print(json.dumps({
  'events': len(events),
  'calendar': {k: str(v) for k, v in calendar.items()},
  'event': {k: text(v) for k, v in event.items()},
}))
`;

function readBack(ics: string) {
  const run = spawnSync(PYTHON, ['-c', READ_BACK], { input: ics, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as {
    events: number;
    calendar: Record<string, string>;
    event: Record<string, string>;
  };
}

const EVENT: TCalendarEvent = {
  uid: 'a1B2c3@ce.example.com',
  stampedAt: new Date('2031-03-01T09:15:30.000Z'),
  brand: 'OpenCE',
  title: 'Odontología estética: carillas, resinas; y un título largo que se pliega en más de una línea',
  speakerName: 'Dra. Núñez \\ Pérez',
  releaseDateUTC: '2031-03-10T14:30:00.000Z',
  durationMin: 90,
  roomUrl: 'https://ce.example.com/live/a1B2c3',
};

describe.skipIf(!hasIcalendar)('the webinar calendar file, read by python3-icalendar', () => {
  it('holds one event with its UTC times, UID, texts and link as written', () => {
    const ics = webinarCalendar(EVENT);
    const read = readBack(ics);
    expect(read.events).toBe(1);
    expect(read.calendar).toMatchObject({
      VERSION: '2.0',
      PRODID: '-//OpenCE//Live Webinars//EN',
      METHOD: 'PUBLISH',
      CALSCALE: 'GREGORIAN',
    });
    expect(read.event).toMatchObject({
      UID: EVENT.uid,
      DTSTAMP: '2031-03-01T09:15:30+00:00',
      DTSTART: '2031-03-10T14:30:00+00:00',
      DTEND: '2031-03-10T16:00:00+00:00',
      SUMMARY: EVENT.title,
      LOCATION: EVENT.roomUrl,
      URL: EVENT.roomUrl,
      STATUS: 'CONFIRMED',
      TRANSP: 'OPAQUE',
    });
    expect(read.event.DESCRIPTION).toContain('Dra. Núñez \\ Pérez');
    expect(read.event.DESCRIPTION).toContain(EVENT.roomUrl);
    // As today: no SEQUENCE; a changed webinar is the same UID with a later DTSTAMP.
    expect(read.event).not.toHaveProperty('SEQUENCE');
  });

  it('folds lines at 75 octets, never inside a character', () => {
    const ics = webinarCalendar(EVENT);
    const lines = ics.split('\r\n');
    expect(lines.filter((l) => /^[ \t]/.test(l)).length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    expect(readBack(ics).event.SUMMARY).toBe(EVENT.title);
  });
});

describe('the webinar calendar file, written once per webinar (decision 1125)', () => {
  it('is byte for byte what ics writes, for every stamp and after the webinar changes', () => {
    const stamps = ['2031-03-01T09:15:30.000Z', '2031-03-01T09:15:30.999Z', '2031-12-31T23:59:59.500Z'];
    for (const stamp of stamps) {
      const event = Object.assign({}, EVENT, { stampedAt: new Date(stamp) });
      expect(webinarCalendar(event)).toBe(writeWebinarCalendar(event));
    }
    // Staff moved and renamed the webinar: its own file, not the one kept for the old facts.
    const moved = Object.assign({}, EVENT, {
      title: 'Carillas (nuevo horario)',
      releaseDateUTC: '2031-03-11T15:00:00.000Z',
      speakerName: null,
    });
    expect(webinarCalendar(moved)).toBe(writeWebinarCalendar(moved));
    expect(webinarCalendar(moved)).toContain('DTSTART:20310311T150000Z');
    expect(webinarCalendar(EVENT)).toContain('DTSTART:20310310T143000Z');
  });
});
