import { describe, expect, it } from 'vitest';
import { countdownText, isCountdownAlarmDue } from './countdown.rules.ts';

describe('countdownText', () => {
  it.each([
    [-30, 'Webinar in Progress...'],
    [0, 'Webinar in Progress...'],
    [1, '0 minutes 1 second'],
    [299, '4 minutes 59 seconds'],
    [300, '5 minutes'],
    [61, '1 minute 1 second'],
    [3600, '1 hour 0 minutes'],
    [3 * 3600 + 15 * 60 + 9, '3 hours 15 minutes'],
    [86_400, '1 day 0 hours 0 minutes'],
    [2 * 86_400 + 3600 + 120, '2 days 1 hour 2 minutes'],
    [86_400 + 59, '1 day 0 hours 0 minutes'],
    [299.9, '4 minutes 59 seconds'],
    [-86_400, 'Webinar in Progress...'],
  ])('%i s → %j', (seconds, text) => expect(countdownText(seconds)).toBe(text));
});

describe('isCountdownAlarmDue', () => {
  it('is not due above the threshold', () => expect(isCountdownAlarmDue(361, 300)).toBe(false));
  it('rounds down to whole minutes', () => expect(isCountdownAlarmDue(359, 300)).toBe(true));
  it('is due at the threshold', () => expect(isCountdownAlarmDue(300, 300)).toBe(true));
  it('is due after the start', () => expect(isCountdownAlarmDue(-5, 300)).toBe(true));
  it('works with the default threshold', () => {
    expect(isCountdownAlarmDue(3659, 3600)).toBe(true);
    expect(isCountdownAlarmDue(3660, 3600)).toBe(false);
  });
  it('works with the pre-live threshold', () => {
    expect(isCountdownAlarmDue(1859, 1800)).toBe(true);
    expect(isCountdownAlarmDue(1860, 1800)).toBe(false);
  });
});
