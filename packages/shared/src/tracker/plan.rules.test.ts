import { describe, expect, it } from 'vitest';
import {
  buildPlan,
  dayLimitOf,
  isPlannable,
  weekStart,
  type TPlanInput,
  type TPlanSession,
} from './plan.rules.ts';
import type { TMandatoryItem } from './tracker.requirements.ts';
import type { TRequirementRule } from './tracker.rules.ts';

const NOW = '2026-11-28T10:00:00.000Z';
const PERIOD = { start: '2025-01-01', end: '2026-12-31' };

const rule = (over: Partial<TRequirementRule> = {}): TRequirementRule => ({
  totalHours: 10,
  selfStudyMaxHours: null,
  selfStudyMaxPercent: null,
  liveMinHours: null,
  liveWebinarCountsAsLive: null,
  mandatory: [],
  carryOverAllowed: null,
  carryOverMaxHours: null,
  ...over,
});

let n = 0;
const session = (over: Partial<TPlanSession> & Pick<TPlanSession, 'kind'>): TPlanSession => {
  n += 1;
  const live = over.kind !== 'on_demand';
  return {
    hash: `s${String(n).padStart(3, '0')}`,
    title: `Session ${n}`,
    hours: 2,
    topics: [],
    startsAt: live ? '2026-12-05T15:00:00.000Z' : '2026-01-01T00:00:00.000Z',
    endsAt: live ? '2026-12-05T17:00:00.000Z' : null,
    seatsLeft: live ? 10 : null,
    isPublished: true,
    hasContent: true,
    isBooked: false,
    url: '/x',
    ...over,
  };
};

const input = (
  r: TRequirementRule,
  sessions: TPlanSession[],
  over: Partial<TPlanInput> = {},
  items: TMandatoryItem[] = [],
): TPlanInput => ({
  rule: r,
  items,
  context: { period: PERIOD, facts: { holdsDea: false, permits: [], issuedOn: null }, cycleYears: 2 },
  credits: [],
  carryOverHours: 0,
  dayLimit: null,
  sessions,
  now: NOW,
  ...over,
});

describe('dayLimitOf: the per-day caps the records write in words', () => {
  it.each<[string | null, ReturnType<typeof dayLimitOf>]>([
    [
      'Not more than 8 hours of Internet CE taken in any 24-hour period may count. Teaching: 3 h.',
      { hours: 8, onlineOnly: true },
    ],
    ['Internet CE: max 8 h in any 24-hour period', { hours: 8, onlineOnly: true }],
    [
      'live interactive webinars count as live. Max 8 units credited per day. Permit holders',
      { hours: 8, onlineOnly: false },
    ],
    ['Max 8 credits per day', { hours: 8, onlineOnly: false }],
    ['8 h volunteer = 1 CEU, max 5 per 24 months', null],
    [null, null],
  ])('%s', (notes, expected) => expect(dayLimitOf(notes)).toEqual(expected));
});

describe('isPlannable: only sessions a member can still take and finish by the deadline', () => {
  it.each<[string, Partial<TPlanSession> & Pick<TPlanSession, 'kind'>, boolean]>([
    ['an upcoming webinar with seats', { kind: 'live' }, true],
    ['a full webinar', { kind: 'live', seatsLeft: 0 }, false],
    ['a full webinar the member holds a seat in', { kind: 'live', seatsLeft: 0, isBooked: true }, true],
    ['a webinar that started', { kind: 'live', startsAt: '2026-11-28T09:00:00.000Z' }, false],
    [
      'a webinar ending after the deadline',
      { kind: 'live', startsAt: '2026-12-31T23:00:00.000Z', endsAt: '2027-01-01T00:30:00.000Z' },
      false,
    ],
    ['a coming-soon class', { kind: 'on_demand', hasContent: false }, false],
    ['an unpublished class', { kind: 'on_demand', isPublished: false }, false],
    ['a class released later', { kind: 'on_demand', startsAt: '2026-12-01T00:00:00.000Z' }, false],
    ['an on-demand class', { kind: 'on_demand' }, true],
    ['an in-person event', { kind: 'in_person' }, true],
  ])('%s', (_, over, expected) => expect(isPlannable(session(over), NOW, PERIOD)).toBe(expected));
});

describe('buildPlan', () => {
  it('fills the total with the fewest, earliest sessions and dates on-demand classes from today', () => {
    const plan = buildPlan(
      input(rule({ totalHours: 6 }), [
        session({ kind: 'on_demand', hours: 3 }),
        session({ kind: 'on_demand', hours: 3 }),
        session({ kind: 'on_demand', hours: 1 }),
      ]),
    );
    expect(plan.shortfalls).toEqual([]);
    expect(plan.items.map((i) => [i.session.hours, i.day])).toEqual([
      [3, '2026-11-28'],
      [3, '2026-11-29'],
    ]);
    expect(plan.items[0]!.serves).toEqual(['total']);
  });

  it('meets a live minimum with live sessions, not self-study (California: half live)', () => {
    const r = rule({ totalHours: 8, selfStudyMaxPercent: 50, liveMinHours: null });
    const sessions = [
      ...[1, 2, 3, 4].map(() => session({ kind: 'on_demand', hours: 2 })),
      session({ kind: 'live', hours: 2 }),
      session({
        kind: 'live',
        hours: 2,
        startsAt: '2026-12-06T15:00:00.000Z',
        endsAt: '2026-12-06T17:00:00.000Z',
      }),
    ];
    const plan = buildPlan(input(r, sessions));
    expect(plan.shortfalls).toEqual([]);
    expect(plan.items.filter((i) => i.session.kind === 'live')).toHaveLength(2);
    expect(plan.items.filter((i) => i.session.kind === 'on_demand')).toHaveLength(2);
  });

  it('does not count webinars as face to face where the board says so (Alabama), and names the rule', () => {
    const r = rule({ totalHours: 4, liveMinHours: 2, liveWebinarCountsAsLive: false });
    const plan = buildPlan(input(r, [session({ kind: 'live', hours: 4 })]));
    expect(plan.shortfalls.map((s) => s.need)).toEqual(['live']);
    expect(plan.shortfalls[0]!.text).toMatch(/face to face, and live webinars do not count/);
    expect(plan.items).toHaveLength(1);
    const withEvent = buildPlan(
      input(r, [session({ kind: 'live', hours: 4 }), session({ kind: 'in_person', hours: 2 })]),
    );
    expect(withEvent.shortfalls).toEqual([]);
  });

  it('keeps to a per-day internet cap (Alaska: 8 h in 24 h) and says so when it leaves hours short', () => {
    const r = rule({ totalHours: 12 });
    const sameDay = (hours: number) =>
      session({
        kind: 'live',
        hours,
        startsAt: '2026-12-05T12:00:00.000Z',
        endsAt: '2026-12-05T20:00:00.000Z',
      });
    const plan = buildPlan(input(r, [sameDay(6), sameDay(6)], { dayLimit: { hours: 8, onlineOnly: true } }));
    expect(plan.items).toHaveLength(1);
    expect(plan.shortfalls[0]!.text).toMatch(/at most 8 h a day/);
    const spread = buildPlan(
      input(r, [sameDay(6), ...[1, 2, 3].map(() => session({ kind: 'on_demand', hours: 2 }))], {
        dayLimit: { hours: 8, onlineOnly: true },
      }),
    );
    expect(spread.shortfalls).toEqual([]);
    const byDay = new Map<string, number>();
    for (const i of spread.items) byDay.set(i.day, (byDay.get(i.day) ?? 0) + i.session.hours);
    expect(Math.max(...byDay.values())).toBeLessThanOrEqual(8);
  });

  it('meets a CPR/BLS card only in person, and names it when no event is before the deadline', () => {
    const items: TMandatoryItem[] = [{ topic: 'cpr_bls', category: 'cpr_bls', hours: null }];
    const online = session({ kind: 'on_demand', topics: ['cpr_bls'] });
    const none = buildPlan(input(rule({ totalHours: null }), [online], {}, items));
    expect(none.items).toEqual([]);
    expect(none.shortfalls).toEqual([
      {
        need: 'cpr_bls:cpr_bls',
        kind: 'card',
        text: 'CPR / BLS needs an in-person course: none is on our calendar before Dec 31, 2026.',
      },
    ]);
    const event = session({ kind: 'in_person', topics: ['cpr_bls'] });
    const plan = buildPlan(input(rule({ totalHours: null }), [online, event], {}, items));
    expect(plan.shortfalls).toEqual([]);
    expect(plan.items.map((i) => [i.session.hash, i.serves])).toEqual([[event.hash, ['cpr_bls:cpr_bls']]]);
  });

  it('covers a mandatory topic with a course on it before adding general hours', () => {
    const items: TMandatoryItem[] = [{ topic: 'infection_control', category: 'infection_control', hours: 2 }];
    const topic = session({ kind: 'on_demand', hours: 2, topics: ['infection_control'] });
    const plan = buildPlan(
      input(
        rule({ totalHours: 4 }),
        [session({ kind: 'on_demand', hours: 4 }), topic, session({ kind: 'on_demand', hours: 2 })],
        {},
        items,
      ),
    );
    expect(plan.shortfalls).toEqual([]);
    expect(plan.items[0]!.session.hash).toBe(topic.hash);
    expect(plan.items[0]!.serves).toEqual(['infection_control:infection_control', 'total']);
  });

  it('puts the member’s own seats first and never drops them', () => {
    const booked = session({ kind: 'live', hours: 1, isBooked: true, seatsLeft: 0 });
    const plan = buildPlan(
      input(rule({ totalHours: 2 }), [session({ kind: 'on_demand', hours: 2 }), booked]),
    );
    expect(plan.items.map((i) => i.session.hash)).toContain(booked.hash);
  });

  it('plans nothing when nothing is missing', () => {
    const plan = buildPlan(input(rule({ totalHours: null }), [session({ kind: 'on_demand' })]));
    expect(plan).toEqual({ items: [], shortfalls: [], needs: [] });
  });
});

describe('weekStart: weeks begin on Monday', () => {
  it.each([
    ['2026-11-30', '2026-11-30'],
    ['2026-12-06', '2026-11-30'],
    ['2026-12-01', '2026-11-30'],
    ['2027-01-01', '2026-12-28'],
  ])('%s → %s', (day, monday) => expect(weekStart(day)).toBe(monday));
});
