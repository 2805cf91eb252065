import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TRequirementRule } from './tracker.rules.ts';
import {
  categoryRoom,
  isAllowedByCategories,
  isTakeable,
  suggestCourses,
  type TSuggestionCandidate,
  type TSuggestionNeed,
} from './tracker.suggestions.ts';

/* Suggestions that can be taken (issue 36): takeable, on the topic, allowed by the board's categories. */

const now = '2026-11-27T15:00:00.000Z';
const deadline = '2027-02-28';
let n = 0;
const course = (over: Partial<TSuggestionCandidate> = {}): TSuggestionCandidate => ({
  hash: `h${++n}`,
  kind: 'on_demand',
  title: `Course ${n}`,
  credits: 1,
  topics: [],
  isPublished: true,
  isFree: true,
  hasExam: true,
  hasContent: true,
  at: '2026-01-01T00:00:00.000Z',
  seatsLeft: null,
  url: `/classroom/h${n}`,
  ...over,
});
const rule = (over: Partial<TRequirementRule> = {}): TRequirementRule => ({
  totalHours: 30,
  selfStudyMaxHours: null,
  selfStudyMaxPercent: null,
  liveMinHours: null,
  liveWebinarCountsAsLive: null,
  mandatory: [],
  carryOverAllowed: null,
  carryOverMaxHours: null,
  ...over,
});
const ctx = (
  r: TRequirementRule,
  selfStudy: { max: number; counted: number; notCounting: number } | null = null,
) => ({
  rule: r,
  standing: { selfStudy },
  room: categoryRoom(r, []),
  now,
  deadline,
  limit: 5,
});

describe('what can be taken', () => {
  it.each<[string, Partial<TSuggestionCandidate>, boolean]>([
    ['an on-demand class with its video and exam', {}, true],
    ['Coming soon: no recording yet (the Ergonomics class)', { hasContent: false }, false],
    ['no exam, no credit', { hasExam: false }, false],
    ['not published', { isPublished: false }, false],
    ['paid', { isFree: false }, false],
    ['not released yet', { at: '2027-01-01T00:00:00.000Z' }, false],
    [
      'a webinar with seats before the deadline',
      { kind: 'live', at: '2026-12-04T18:00:00.000Z', seatsLeft: 3 },
      true,
    ],
    ['a full webinar', { kind: 'live', at: '2026-12-04T18:00:00.000Z', seatsLeft: 0 }, false],
    [
      'a webinar after the deadline',
      { kind: 'live', at: '2027-03-04T18:00:00.000Z', seatsLeft: null },
      false,
    ],
    ['a webinar that started', { kind: 'live', at: '2026-11-27T14:00:00.000Z', seatsLeft: null }, false],
  ])('%s', (_name, over, takeable) => expect(isTakeable(course(over), now, deadline)).toBe(takeable));

  it('offers nothing once the deadline has passed', () => {
    expect(isTakeable(course(), '2027-03-01T09:00:00.000Z', deadline)).toBe(false);
  });
});

describe('the board’s categories decide', () => {
  it('takes the tighter of two caps on one topic, in either order', () => {
    const caps = [
      { topic: 'infection_control', maxHours: 0 },
      { topic: 'infection_control', maxHours: 8 },
    ];
    expect(categoryRoom({ categoryCaps: caps }, []).get('infection_control')).toBe(0);
    expect(categoryRoom({ categoryCaps: [...caps].reverse() }, []).get('infection_control')).toBe(0);
  });

  const kpis = course({
    title: 'Dental KPIs',
    kind: 'live',
    at: '2026-12-16T00:00:00.000Z',
    topics: ['practice_management'],
  });
  const perio = course({ title: 'Periodontal classification', topics: ['agd_490'] });
  const hipaa = course({ title: 'HIPAA Essentials', topics: ['risk_management'] });
  const all = [kpis, perio, hipaa];
  const total: TSuggestionNeed = { type: 'total' };

  it('Texas excludes practice finance: never suggested toward its total', () => {
    const tx = rule({
      totalHours: 24,
      categoryCaps: [
        { topic: 'practice_management', maxHours: 0 },
        { topic: 'risk_management', maxHours: 8 },
      ],
    });
    const titles = suggestCourses(all, total, ctx(tx)).map((c) => c.title);
    expect(titles).not.toContain('Dental KPIs');
    expect(titles[0]).toBe('Periodontal classification');
  });

  it('Florida caps practice management at 3 h: after courses that count in full, and not once used up', () => {
    const fl = rule({ categoryCaps: [{ topic: 'practice_management', maxHours: 3 }] });
    expect(suggestCourses(all, total, ctx(fl)).map((c) => c.title)).toEqual([
      'HIPAA Essentials',
      'Periodontal classification',
      'Dental KPIs',
    ]);
    const used = categoryRoom(fl, [{ topics: ['practice_management'], counts: true, countedHours: 3 }]);
    expect(used.get('practice_management')).toBe(0);
    expect(suggestCourses(all, total, { ...ctx(fl), room: used }).map((c) => c.title)).not.toContain(
      'Dental KPIs',
    );
  });

  it('suggests only what counts as live for live hours, and no self-study past its cap', () => {
    const webinar = course({ title: 'Webinar', kind: 'live', at: '2026-12-10T18:00:00.000Z' });
    const noLiveWebinars = rule({ liveMinHours: 10, liveWebinarCountsAsLive: false });
    expect(suggestCourses([webinar, perio], { type: 'live' }, ctx(noLiveWebinars))).toEqual([]);
    expect(
      suggestCourses([webinar, perio], { type: 'live' }, ctx(rule({ liveMinHours: 10 }))).map((c) => c.title),
    ).toEqual(['Webinar']);
    const capped = rule({ selfStudyMaxHours: 8 });
    expect(
      suggestCourses([webinar, perio], total, ctx(capped, { max: 8, counted: 8, notCounting: 1 })).map(
        (c) => c.title,
      ),
    ).toEqual(['Webinar']);
  });

  it('suggests for a topic only courses on it', () => {
    expect(
      suggestCourses(all, { type: 'topic', topic: 'risk_management' }, ctx(rule())).map((c) => c.title),
    ).toEqual(['HIPAA Essentials']);
  });

  it('only ever suggests takeable courses the categories allow, toward the need (property)', () => {
    const topics = ['practice_management', 'risk_management', 'infection_control', 'cpr_bls', 'agd_490'];
    const candidate = fc.record({
      hash: fc.string({ minLength: 1, maxLength: 6 }),
      kind: fc.constantFrom('on_demand' as const, 'live' as const, 'podcast' as const),
      title: fc.string({ maxLength: 8 }),
      credits: fc.constantFrom(0, 0.5, 1, 2),
      topics: fc.subarray(topics),
      isPublished: fc.boolean(),
      isFree: fc.boolean(),
      hasExam: fc.boolean(),
      hasContent: fc.boolean(),
      at: fc.constantFrom(
        '2026-01-01T00:00:00.000Z',
        '2026-11-28T18:00:00.000Z',
        '2027-03-10T18:00:00.000Z',
        '2026-11-27T10:00:00.000Z',
      ),
      seatsLeft: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      url: fc.constant('/x'),
    });
    const rules = fc.record({
      totalHours: fc.option(fc.integer({ min: 10, max: 60 }), { nil: null }),
      selfStudyMaxHours: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
      selfStudyMaxPercent: fc.constant(null),
      liveMinHours: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      liveWebinarCountsAsLive: fc.option(fc.boolean(), { nil: null }),
      mandatory: fc.constant<TRequirementRule['mandatory']>([]),
      carryOverAllowed: fc.constant(null),
      carryOverMaxHours: fc.constant(null),
      categoryCaps: fc.array(
        fc.record({ topic: fc.constantFrom(...topics), maxHours: fc.constantFrom(0, 2, 3, 8) }),
        {
          maxLength: 3,
        },
      ),
    });
    const need = fc.oneof(
      fc.constant<TSuggestionNeed>({ type: 'total' }),
      fc.constant<TSuggestionNeed>({ type: 'live' }),
      fc.constantFrom(...topics).map((topic): TSuggestionNeed => ({ type: 'topic', topic })),
    );
    const used = fc.array(
      fc.record({
        topics: fc.subarray(topics),
        counts: fc.boolean(),
        countedHours: fc.constantFrom(0, 1, 3),
      }),
      {
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 12 }), rules, need, used, (cs, r, nd, verdicts) => {
        const room = categoryRoom(r, verdicts);
        const chosen = suggestCourses(cs, nd, { ...ctx(r), room });
        expect(chosen.length).toBeLessThanOrEqual(5);
        for (const c of chosen) {
          expect(isTakeable(c, now, deadline)).toBe(true);
          expect(isAllowedByCategories(c, room)).toBe(true);
          for (const cap of r.categoryCaps ?? [])
            if (cap.maxHours === 0) expect(c.topics).not.toContain(cap.topic);
          if (nd.type === 'topic') expect(c.topics).toContain(nd.topic);
          if (nd.type === 'live') expect(c.kind === 'live' && r.liveWebinarCountsAsLive !== false).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
