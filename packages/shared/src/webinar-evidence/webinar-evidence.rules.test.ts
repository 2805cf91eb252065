import { describe, expect, it } from 'vitest';
import {
  creditRuleText,
  minutesInWindow,
  webinarCreditDecision,
  type TCreditRule,
  type TDecisionInput,
} from './webinar-evidence.rules.ts';

const rule: TCreditRule = { minMinutes: 45, minPolls: 2, below: 'self_study' };
const strict: TCreditRule = { ...rule, below: 'none' };

describe('webinarCreditDecision', () => {
  const cases: [string, TDecisionInput, 'live' | 'self_study' | 'none'][] = [
    [
      'no rule keeps live credit',
      { rule: null, minutesPresent: 0, pollsOpened: 3, pollsAnswered: 0 },
      'live',
    ],
    ['met with room to spare', { rule, minutesPresent: 60, pollsOpened: 3, pollsAnswered: 3 }, 'live'],
    ['met exactly at the boundary', { rule, minutesPresent: 45, pollsOpened: 2, pollsAnswered: 2 }, 'live'],
    [
      'a fraction below the minute is below',
      { rule, minutesPresent: 44.99, pollsOpened: 2, pollsAnswered: 2 },
      'self_study',
    ],
    [
      'too few minutes: self-study',
      { rule, minutesPresent: 30, pollsOpened: 2, pollsAnswered: 2 },
      'self_study',
    ],
    [
      'too few polls: self-study',
      { rule, minutesPresent: 60, pollsOpened: 2, pollsAnswered: 1 },
      'self_study',
    ],
    [
      'too few polls under a strict rule: none',
      { rule: strict, minutesPresent: 60, pollsOpened: 2, pollsAnswered: 1 },
      'none',
    ],
    [
      'fewer polls opened than the rule asks: all of them suffice',
      { rule, minutesPresent: 50, pollsOpened: 1, pollsAnswered: 1 },
      'live',
    ],
    [
      'no poll opened: minutes alone decide',
      { rule, minutesPresent: 50, pollsOpened: 0, pollsAnswered: 0 },
      'live',
    ],
  ];
  it.each(cases)('%s', (_name, input, decision) => {
    expect(webinarCreditDecision(input).decision).toBe(decision);
  });

  it('says why, in numbers', () => {
    expect(webinarCreditDecision({ rule, minutesPresent: 30, pollsOpened: 2, pollsAnswered: 1 }).reason).toBe(
      'Below the rule (self-study credit): present 30 minutes of the 45 required; answered 1 of the 2 polls required.',
    );
  });
});

describe('creditRuleText', () => {
  it('reads as a sentence', () => {
    expect(creditRuleText({ minMinutes: 1, minPolls: 1, below: 'none' })).toBe(
      'Live credit for at least 1 minute present and 1 poll answered; below that, no credit.',
    );
  });
});

describe('minutesInWindow', () => {
  const window = { start: '2026-12-01T18:00:00.000Z', end: '2026-12-01T19:00:00.000Z' };
  const cases: [string, { from: string; to: string | null }[], number][] = [
    ['a late join counts from the join', [{ from: '2026-12-01T18:20:00.000Z', to: null }], 40],
    [
      'before the start is not counted',
      [{ from: '2026-12-01T17:40:00.000Z', to: '2026-12-01T18:10:00.000Z' }],
      10,
    ],
    [
      'leave and rejoin: the gap is not counted',
      [
        { from: '2026-12-01T18:00:00.000Z', to: '2026-12-01T18:20:00.000Z' },
        { from: '2026-12-01T18:30:00.000Z', to: '2026-12-01T19:00:00.000Z' },
      ],
      50,
    ],
    [
      'two devices at once count once',
      [
        { from: '2026-12-01T18:00:00.000Z', to: '2026-12-01T18:40:00.000Z' },
        { from: '2026-12-01T18:10:00.000Z', to: '2026-12-01T18:50:00.000Z' },
      ],
      50,
    ],
    ['nothing', [], 0],
  ];
  it.each(cases)('%s', (_name, intervals, minutes) => {
    expect(minutesInWindow(intervals, window)).toBe(minutes);
  });
});
