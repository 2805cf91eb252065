import { describe, expect, it } from 'vitest';
import { attendanceThresholdMinutes, reachesThreshold, sumParticipantRows } from './attendance.rules.ts';

describe('attendance threshold', () => {
  it.each([
    [60, 80, 48],
    [90, 80, 72],
    [45, 80, 36],
    [50, 75, 38],
    [60, 100, 60],
  ])('%i min at %i %% needs %i min', (duration, pct, expected) => {
    expect(attendanceThresholdMinutes(duration, pct)).toBe(expected);
  });
  it('the threshold itself is enough, a hair below is not', () => {
    expect(reachesThreshold(48, 48)).toBe(true);
    expect(reachesThreshold(47.99, 48)).toBe(false);
  });
});

describe('sumParticipantRows', () => {
  it('sums several rows per person, e-mail case-insensitive, first name kept', () => {
    expect(
      sumParticipantRows([
        { line: 2, name: 'Ann', email: 'Ann@X.org', minutes: 20 },
        { line: 3, name: 'Bob', email: 'bob@x.org', minutes: 5 },
        { line: 4, name: 'Ann (phone)', email: 'ann@x.org ', minutes: 28.5 },
      ]),
    ).toEqual([
      { name: 'Ann', email: 'ann@x.org', minutes: 48.5 },
      { name: 'Bob', email: 'bob@x.org', minutes: 5 },
    ]);
  });
});
