import { describe, expect, it } from 'vitest';
import { EVALUATION_RATINGS } from '../exams/exams.schema.ts';
import {
  CLAIM_RATINGS,
  claimBlocker,
  claimPath,
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
