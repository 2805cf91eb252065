import { describe, expect, it } from 'vitest';
import { agdDate, agdRosterRow, isSubmittableAgdNumber, weeklyPeriod } from './agd.rules.ts';

describe('isSubmittableAgdNumber', () => {
  it.each([
    ['123456', true],
    [' 123456 ', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
    [null, false],
  ])('%j → %s', (n, ok) => {
    expect(isSubmittableAgdNumber(n)).toBe(ok);
  });
});

describe('weeklyPeriod', () => {
  it.each([
    ['2026-11-23T00:00:00.000Z', 'week-2026-11-23'], // a Monday, midnight UTC
    ['2026-11-25T13:00:00.000Z', 'week-2026-11-23'], // Wednesday
    ['2026-11-29T23:59:59.999Z', 'week-2026-11-23'], // Sunday night
    ['2026-11-22T23:00:00.000Z', 'week-2026-11-16'], // Sunday
  ])('%s falls in the run %s', (now, runKey) => {
    const period = weeklyPeriod(new Date(now));
    expect(period.runKey).toBe(runKey);
    expect(period.periodEnd.toISOString()).toBe(`${runKey.slice(5)}T00:00:00.000Z`);
    expect(period.periodEnd.getTime() - period.periodStart.getTime()).toBe(7 * 86_400_000);
  });
});

describe('agdDate', () => {
  it.each([
    ['2026-11-24T03:00:00.000Z', 'America/New_York', '11/23/2026'],
    ['2026-11-24T03:00:00.000Z', 'Europe/London', '11/24/2026'],
    ['2026-11-24T03:00:00.000Z', null, '11/23/2026'],
    ['2026-11-24T03:00:00.000Z', 'Not/AZone', '11/23/2026'],
  ])('%s in %s is %s', (iso, zone, date) => {
    expect(agdDate(iso, zone)).toBe(date);
  });
});

describe('agdRosterRow', () => {
  const base = {
    agdNumber: '123456',
    completedAt: '2026-11-20T15:00:00.000Z',
    liveEventAt: null,
    delivery: 'on_demand',
    place: null,
    title: 'Caries risk',
    credits: 1.5,
    agdCode: '250',
    instructor: 'Dr. Ada Molar',
    timeZone: 'America/New_York',
  };

  it('gives the eight AGD columns in their order for self-study', () => {
    expect(agdRosterRow(base)).toEqual([
      '123456',
      '11/20/2026',
      'Caries risk',
      1.5,
      '250',
      'Self-Instruction',
      'Dr. Ada Molar',
      'Online',
    ]);
  });

  it('dates a live completion by its event and calls it a lecture', () => {
    const row = agdRosterRow({
      ...base,
      delivery: 'live_webinar_verified',
      liveEventAt: '2026-11-18T23:30:00.000Z',
    });
    expect(row[1]).toBe('11/18/2026');
    expect(row[5]).toBe('Lecture');
    expect(row[7]).toBe('Online');
  });

  it('places an in-person claim at its event, on the event’s day (issue 35)', () => {
    const row = agdRosterRow({
      ...base,
      delivery: 'in_person',
      place: 'Harbor Hotel, Ballroom B, Chicago',
      liveEventAt: '2026-11-18T23:30:00.000Z',
    });
    expect([row[1], row[5], row[7]]).toEqual(['11/18/2026', 'Lecture', 'Harbor Hotel, Ballroom B, Chicago']);
  });
});
