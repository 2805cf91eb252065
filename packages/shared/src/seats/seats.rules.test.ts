import { describe, expect, it } from 'vitest';
import {
  calendarUtc,
  isLiveAttendance,
  isRoomOpenAt,
  isWebinarOpen,
  meetingJoinUrl,
  secondsUntil,
  webCalendarUrl,
  webinarDateTime,
  webinarEndsAt,
} from './seats.rules.ts';

describe('webinarEndsAt and secondsUntil', () => {
  it('ends release + duration', () =>
    expect(webinarEndsAt('2026-12-02T18:00:00.000Z', 90).toISOString()).toBe('2026-12-02T19:30:00.000Z'));
  it.each([
    ['2026-12-02T18:00:00.000Z', '2026-12-02T17:55:00.000Z', 300],
    ['2026-12-02T18:00:00.000Z', '2026-12-02T17:59:59.500Z', 0],
    ['2026-12-02T18:00:00.000Z', '2026-12-02T18:00:30.000Z', -30],
  ])('from %s at %s: %i s', (release, now, seconds) =>
    expect(secondsUntil(release, new Date(now))).toBe(seconds),
  );
});

describe('isWebinarOpen', () => {
  it.each([
    [301, false],
    [300, true],
    [10, true],
    [0, true],
    [-600, true],
  ])('%i s before the start → %s', (seconds, open) => expect(isWebinarOpen(seconds)).toBe(open));
});

describe('isRoomOpenAt', () => {
  const row = { releaseDateUTC: '2026-12-02T18:00:00.000Z', durationMin: 60 };
  it.each([
    ['2026-12-02T17:54:59.000Z', false],
    ['2026-12-02T17:55:00.000Z', true],
    ['2026-12-02T18:30:00.000Z', true],
    ['2026-12-02T18:59:59.000Z', true],
    ['2026-12-02T19:00:00.000Z', false],
  ])('at %s → %s', (at, open) => expect(isRoomOpenAt(row, Date.parse(at))).toBe(open));
});

describe('meetingJoinUrl', () => {
  it('fills the code into the template', () =>
    expect(meetingJoinUrl('https://zoom.us/j/{code}', ' 81234567890 ')).toBe(
      'https://zoom.us/j/81234567890',
    ));
  it('encodes what is not URL-safe', () =>
    expect(meetingJoinUrl('https://meet.example/{code}?x=1', 'a b/c')).toBe(
      'https://meet.example/a%20b%2Fc?x=1',
    ));
});

describe('calendar links', () => {
  const event = {
    title: 'Caries Risk & Children',
    speakerName: 'Dr. Lee Karimi',
    releaseDateUTC: '2026-12-02T18:00:00.000Z',
    durationMin: 60,
    roomUrl: 'https://ce.example.com/live/abc',
  };
  it('writes UTC date-times in the calendar form', () =>
    expect(calendarUtc(new Date('2026-12-02T18:05:09.123Z'))).toBe('20261202T180509Z'));
  /** The link's address and its decoded query (the shared package has no URL class). */
  const parse = (link: string) => {
    const [address = '', query = ''] = link.split('?');
    const params = Object.fromEntries(
      query.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
    );
    return { address, params };
  };
  it('builds a Google Calendar template from title, speaker, release and duration', () => {
    const { address, params } = parse(webCalendarUrl(event));
    expect(address).toBe('https://calendar.google.com/calendar/render');
    expect(params).toEqual({
      action: 'TEMPLATE',
      text: 'Caries Risk & Children',
      dates: '20261202T180000Z/20261202T190000Z',
      details: 'Speaker: Dr. Lee Karimi\nJoin from the live room: https://ce.example.com/live/abc',
      location: 'https://ce.example.com/live/abc',
    });
  });
  it('leaves the speaker out when there is none', () =>
    expect(parse(webCalendarUrl({ ...event, speakerName: null })).params.details).toBe(
      'Join from the live room: https://ce.example.com/live/abc',
    ));
});

describe('webinarDateTime', () => {
  it.each([
    ['America/New_York', 'Wednesday, December 2, 2026 at 1:00 PM EST'],
    ['America/Los_Angeles', 'Wednesday, December 2, 2026 at 10:00 AM PST'],
    ['UTC', 'Wednesday, December 2, 2026 at 6:00 PM UTC'],
  ])('in %s', (zone, text) => expect(webinarDateTime('2026-12-02T18:00:00.000Z', zone)).toBe(text));
  it('switches to daylight time in summer', () =>
    expect(webinarDateTime('2026-07-01T17:30:00.000Z', 'America/New_York')).toBe(
      'Wednesday, July 1, 2026 at 1:30 PM EDT',
    ));
});

describe('isLiveAttendance', () => {
  it.each([
    [2, true, true],
    [2, false, false],
    [1, true, false],
    [0, true, false],
  ])('class CE type %i, member reserved %s → live question %s', (ceTypeId, isReserved, live) =>
    expect(isLiveAttendance({ ceTypeId }, { isReserved })).toBe(live),
  );
});
