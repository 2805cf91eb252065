import { describe, expect, it } from 'vitest';
import { assignmentStatus, officeStatus, officeText } from './offices.rules.ts';

describe('officeStatus', () => {
  it.each([
    { daysLeft: 400, isMissing: false, expected: 'on_track' },
    { daysLeft: -5, isMissing: false, expected: 'on_track' },
    { daysLeft: 400, isMissing: true, expected: 'on_track' },
    { daysLeft: 91, isMissing: true, expected: 'on_track' },
    { daysLeft: 90, isMissing: true, expected: 'at_risk' },
    { daysLeft: 0, isMissing: true, expected: 'at_risk' },
    { daysLeft: -1, isMissing: true, expected: 'overdue' },
  ])('$daysLeft days left, missing $isMissing → $expected', ({ expected, ...s }) => {
    expect(officeStatus(s)).toBe(expected);
  });
});

describe('assignmentStatus', () => {
  it.each([
    { dueOn: '2026-05-01', doneAt: null, today: '2026-04-30', expected: 'open' },
    { dueOn: '2026-05-01', doneAt: null, today: '2026-05-01', expected: 'open' },
    { dueOn: '2026-05-01', doneAt: null, today: '2026-05-02', expected: 'overdue' },
    { dueOn: '2026-05-01', doneAt: '2026-05-03T10:00:00.000Z', today: '2026-05-09', expected: 'done' },
  ])('due $dueOn, done $doneAt, on $today → $expected', ({ today, expected, ...a }) => {
    expect(assignmentStatus(a, today)).toBe(expected);
  });
});

describe('officeText', () => {
  it.each<{ text: string; values: Record<string, string | number>; expected: string }>([
    { text: 'Due {date}', values: { date: 'May 1' }, expected: 'Due May 1' },
    { text: '{a} and {a}, {b}', values: { a: 1 }, expected: '1 and 1, {b}' },
  ])('$text → $expected', ({ text, values, expected }) => {
    expect(officeText(text, values)).toBe(expected);
  });
});
