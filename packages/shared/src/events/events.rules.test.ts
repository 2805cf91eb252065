import { describe, expect, it } from 'vitest';
import { Texts } from '../texts.ts';
import { claimRefusalText, claimWindow, claimWindowDays, claimWindowState } from './events.rules.ts';

describe('the claim window of an in-person event (issue 35)', () => {
  const start = '2026-12-12T23:00:00.000Z';
  const window = claimWindow(start, 30);

  it('runs from the start to the days after it', () => {
    expect(window).toEqual({ opensAt: start, closesAt: '2027-01-11T23:00:00.000Z' });
  });

  it.each([
    ['2026-12-12T22:59:59.999Z', 'not-yet'],
    ['2026-12-12T23:00:00.000Z', 'open'],
    ['2027-01-11T23:00:00.000Z', 'open'],
    ['2027-01-11T23:00:00.001Z', 'closed'],
  ] as const)('at %s it is %s', (at, state) => expect(claimWindowState(window, new Date(at))).toBe(state));

  it('says the day in the member’s zone', () => {
    // 23:00 UTC on the 12th is the 12th in New York and the 13th in Tokyo.
    expect(claimRefusalText('not-yet', window, 'America/New_York')).toBe(
      Texts.CLAIM_NOT_YET.replace('{date}', 'December 12, 2026'),
    );
    expect(claimRefusalText('not-yet', window, 'Asia/Tokyo')).toBe(
      Texts.CLAIM_NOT_YET.replace('{date}', 'December 13, 2026'),
    );
    expect(claimRefusalText('closed', window, 'America/New_York')).toBe(
      Texts.CLAIM_CLOSED.replace('{date}', 'January 11, 2027'),
    );
  });

  it.each([
    [undefined, 30],
    ['', 30],
    ['7', 7],
    ['0', 30],
    ['366', 30],
    ['2.5', 30],
    ['365', 365],
  ] as const)('the setting %s gives %i days', (setting, days) => expect(claimWindowDays(setting)).toBe(days));
});
