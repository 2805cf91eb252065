import { describe, expect, it } from 'vitest';
import { EVALUATION_RATINGS } from '../exams/exams.schema.ts';
import { Texts } from '../texts.ts';
import {
  CLAIM_RATINGS,
  claimBlocker,
  claimPath,
  claimRefusalText,
  claimWindow,
  claimWindowDays,
  claimWindowState,
  inPersonCreditsText,
  inPersonPath,
  inPersonTabLabel,
  normalClaimCode,
} from './events.rules.ts';

describe('the in-person claim (issue 36)', () => {
  it.each([
    [true, 0, null],
    [false, 0, 'To claim your CE, confirm that you attended.'],
    [true, 1, 'To claim your CE, answer the last evaluation question.'],
    [true, 4, 'To claim your CE, answer the 4 evaluation questions left.'],
    [false, 10, 'To claim your CE, confirm that you attended and answer the 10 evaluation questions left.'],
    [false, 1, 'To claim your CE, confirm that you attended and answer the last evaluation question.'],
  ] as const)('attended %s, %i unrated → %j', (attended, unrated, text) =>
    expect(claimBlocker({ attended, unrated })).toBe(text),
  );

  it('rates the same ten answers the evaluation stores, in its order', () => {
    expect(CLAIM_RATINGS.map((r) => r.name)).toEqual(EVALUATION_RATINGS.map((r) => r.name));
  });

  it.each([
    ['demo25', 'DEMO25'],
    [' dem-o25 ', 'DEMO25'],
    ['D E M O 2 5', 'DEMO25'],
  ])('reads the typed code %j as %s', (typed, code) => expect(normalClaimCode(typed)).toBe(code));

  it('names the claim, the claimed event and the tab', () => {
    expect(claimPath()).toBe('/claim');
    expect(claimPath('DEMO25')).toBe('/claim/DEMO25');
    expect(claimPath('A B/C')).toBe('/claim/A%20B%2FC');
    expect(inPersonPath('abc_DEF-1')).toBe('/in-person/abc_DEF-1');
    expect(inPersonTabLabel(2)).toBe('In-person (2)');
    expect(inPersonCreditsText(1.5)).toBe('1.5 CEU (Live, In Person)');
  });
});

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
