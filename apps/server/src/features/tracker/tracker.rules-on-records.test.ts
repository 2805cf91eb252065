import fc from 'fast-check';
import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  categoryRoom,
  evaluateRequirements,
  isAllowedByCategories,
  isFillableByCourse,
  isTakeable,
  planPeriod,
  requirementApplicability,
  requirementConditions,
  requirementKey,
  requirementKind,
  suggestCourses,
  TRACKER_TOPIC_LABELS,
  type TCredit,
  type TSuggestionCandidate,
} from '@opence/shared';
import type { TTrackerRule } from '@opence/shared/schemas';
import stateRules from '../../db/seed/state-ce-rules.json' with { type: 'json' };
import { RULE_ADDITIONS } from '../../db/seed/tracker-rule-additions.ts';
import { ruleRow } from '../../db/seed/tracker-reference.ts';
import type { TrackerRulesTable } from '../../db/types.ts';
import { presentRule } from './tracker.presenter.ts';
import { periodAnchor, ruleQuestions } from './tracker.licences.service.ts';
import { engineRule } from './tracker.standing.service.ts';

/*
 * The rule engine on the 102 records of state-ce-rules.json, with the project's additions, for
 * each row of issue 36: the period asked where the data cannot confirm it (never guessed), the
 * kinds of requirement (an assessment, a one-off course, a card are never hours), what applies
 * (never shown as missing when it does not), and suggestions the categories allow.
 */

type TRecord = (typeof stateRules)[number];
const TODAY = '2026-11-27';
const records = stateRules as TRecord[];
const ruleOf = (r: TRecord): TTrackerRule =>
  presentRule(ruleRow(r, `${TODAY}T00:00:00.000Z`) as Selectable<TrackerRulesTable>);
const rules = new Map(records.map((r) => [`${r.state} ${r.licenseType}`, ruleOf(r)]));
const rule = (state: string, type: string) => rules.get(`${state} ${type}`)!;

describe('the 102 records', () => {
  it('are all read, dentists and hygienists of the 50 states and DC', () => {
    expect(records).toHaveLength(102);
    expect(new Set(records.map((r) => r.state)).size).toBe(51);
  });

  it('rest every addition on the words of its record, or on a source it adds', () => {
    for (const a of RULE_ADDITIONS) {
      const record = records.find((r) => r.state === a.state && r.licenseType === a.licenceType);
      expect(record, `${a.state} ${a.licenceType}`).toBeDefined();
      const text = JSON.stringify(record);
      const quotes = [
        ...(a.categoryCaps ?? []).map((c) => c.quote),
        ...(a.firstPeriodExempt ? [a.firstPeriodExempt.quote] : []),
        ...(a.hourMinutes ? [a.hourMinutes.quote] : []),
        ...(a.anchor ? [a.anchor.quote] : []),
        ...(a.mandatory ?? []).flatMap((m) => (m.quote ? [m.quote] : [])),
      ];
      for (const quote of quotes) expect(text, `${a.state} ${a.licenceType}`).toContain(quote);
      for (const m of a.mandatory ?? []) {
        expect(record!.mandatory.some((x) => x.topic === m.topic)).toBe(true);
        if (!m.quote) expect(rule(a.state, a.licenceType).sources).toContain(m.source);
      }
      for (const c of a.categoryCaps ?? []) expect(c.topic in TRACKER_TOPIC_LABELS).toBe(true);
    }
    // Keeping the record's own sources, first.
    for (const r of records)
      expect(rule(r.state, r.licenseType).sources.slice(0, r.sources.length)).toEqual(r.sources);
  });
});

describe('the CE period: proposed only where the rule states it, else asked', () => {
  it.each<[string, string, string]>([
    ['AK', 'dental_hygienist', '2025-03-01..2027-02-28'],
    ['AK', 'dentist', '2025-03-01..2027-02-28'],
    ['AL', 'dental_hygienist', '2026-10-01..2027-09-30'],
    ['AL', 'dentist', '2026-10-01..2027-09-30'],
    ['AR', 'dental_hygienist', '2026-01-01..2027-12-31'],
    ['AR', 'dentist', '2026-01-01..2027-12-31'],
    ['AZ', 'dental_hygienist', 'birth_month+renewal_year'],
    ['AZ', 'dentist', 'birth_month+renewal_year'],
    ['CA', 'dental_hygienist', 'renewal_date'],
    ['CA', 'dentist', 'renewal_date'],
    ['CO', 'dental_hygienist', 'renewal_date'],
    ['CO', 'dentist', 'renewal_date'],
    ['CT', 'dental_hygienist', 'renewal_date'],
    ['CT', 'dentist', 'renewal_date'],
    ['DC', 'dental_hygienist', '2026-01-01..2027-12-31'],
    ['DC', 'dentist', '2026-01-01..2027-12-31'],
    ['DE', 'dental_hygienist', 'renewal_date'],
    ['DE', 'dentist', 'renewal_date'],
    ['FL', 'dental_hygienist', '2026-03-01..2028-02-28'],
    ['FL', 'dentist', 'renewal_date'],
    ['GA', 'dental_hygienist', '2026-01-01..2027-12-31'],
    ['GA', 'dentist', '2026-01-01..2027-12-31'],
    ['HI', 'dental_hygienist', '2026-01-01..2027-12-31'],
    ['HI', 'dentist', '2026-01-01..2027-12-31'],
    ['IA', 'dental_hygienist', 'renewal_date'],
    ['IA', 'dentist', 'renewal_date'],
    ['ID', 'dental_hygienist', '2025-04-01..2027-03-31'],
    ['ID', 'dentist', '2026-10-01..2028-09-30'],
    ['IL', 'dental_hygienist', 'renewal_year'],
    ['IL', 'dentist', 'renewal_year'],
    ['IN', 'dental_hygienist', '2026-03-02..2028-03-01'],
    ['IN', 'dentist', '2026-03-02..2028-03-01'],
    ['KS', 'dental_hygienist', 'renewal_date'],
    ['KS', 'dentist', 'renewal_year'],
    ['KY', 'dental_hygienist', '2025-01-01..2026-12-31'],
    ['KY', 'dentist', '2026-01-01..2027-12-31'],
    ['LA', 'dental_hygienist', 'renewal_date'],
    ['LA', 'dentist', 'renewal_date'],
    ['MA', 'dental_hygienist', '2025-04-01..2027-03-31'],
    ['MA', 'dentist', '2026-04-01..2028-03-31'],
    ['MD', 'dental_hygienist', 'renewal_date'],
    ['MD', 'dentist', 'renewal_date'],
    ['ME', 'dental_hygienist', 'renewal_date'],
    ['ME', 'dentist', 'renewal_date'],
    ['MI', 'dental_hygienist', 'issue_date'],
    ['MI', 'dentist', 'issue_date'],
    ['MN', 'dental_hygienist', 'birth_month+birth_year'],
    ['MN', 'dentist', 'birth_month+birth_year'],
    ['MO', 'dental_hygienist', '2024-12-01..2026-11-30'],
    ['MO', 'dentist', '2024-12-01..2026-11-30'],
    ['MS', 'dental_hygienist', '2025-01-01..2026-12-31'],
    ['MS', 'dentist', '2026-01-01..2027-12-31'],
    ['MT', 'dental_hygienist', 'renewal_date'],
    ['MT', 'dentist', 'renewal_date'],
    ['NC', 'dental_hygienist', 'renewal_date'],
    ['NC', 'dentist', '2026-01-01..2026-12-31'],
    ['ND', 'dental_hygienist', '2026-01-01..2027-12-31'],
    ['ND', 'dentist', '2026-01-01..2027-12-31'],
    ['NE', 'dental_hygienist', '2025-03-01..2027-02-28'],
    ['NE', 'dentist', '2025-03-01..2027-02-28'],
    ['NH', 'dental_hygienist', 'renewal_date'],
    ['NH', 'dentist', 'renewal_date'],
    ['NJ', 'dental_hygienist', 'renewal_date'],
    ['NJ', 'dentist', '2025-11-01..2027-10-31'],
    ['NM', 'dental_hygienist', 'renewal_date'],
    ['NM', 'dentist', 'renewal_date'],
    ['NV', 'dental_hygienist', '2026-07-01..2028-06-30'],
    ['NV', 'dentist', '2025-07-01..2027-06-30'],
    ['NY', 'dental_hygienist', 'issue_date'],
    ['NY', 'dentist', 'issue_date'],
    ['OH', 'dental_hygienist', '2026-01-01..2027-12-31'],
    ['OH', 'dentist', 'renewal_date'],
    ['OK', 'dental_hygienist', 'renewal_year'],
    ['OK', 'dentist', 'renewal_year'],
    ['OR', 'dental_hygienist', 'renewal_year'],
    ['OR', 'dentist', 'renewal_date'],
    ['PA', 'dental_hygienist', '2025-04-01..2027-03-31'],
    ['PA', 'dentist', '2025-04-01..2027-03-31'],
    ['RI', 'dental_hygienist', '2026-07-01..2028-06-30'],
    ['RI', 'dentist', '2026-07-01..2028-06-30'],
    ['SC', 'dental_hygienist', 'renewal_date'],
    ['SC', 'dentist', 'renewal_date'],
    ['SD', 'dental_hygienist', 'issue_date'],
    ['SD', 'dentist', 'issue_date'],
    ['TN', 'dental_hygienist', '2025-01-01..2026-12-31'],
    ['TN', 'dentist', '2025-01-01..2026-12-31'],
    ['TX', 'dental_hygienist', 'birth_month+renewal_year'],
    ['TX', 'dentist', 'renewal_date'],
    ['UT', 'dental_hygienist', 'renewal_date'],
    ['UT', 'dentist', 'renewal_date'],
    ['VA', 'dental_hygienist', 'renewal_date'],
    ['VA', 'dentist', 'renewal_date'],
    ['VT', 'dental_hygienist', 'renewal_date'],
    ['VT', 'dentist', 'renewal_date'],
    ['WA', 'dental_hygienist', 'renewal_date'],
    ['WA', 'dentist', 'renewal_date'],
    ['WI', 'dental_hygienist', '2025-10-01..2027-09-30'],
    ['WI', 'dentist', 'renewal_date'],
    ['WV', 'dental_hygienist', 'renewal_date'],
    ['WV', 'dentist', 'renewal_date'],
    ['WY', 'dental_hygienist', '2026-01-01..2027-12-31'],
    ['WY', 'dentist', '2026-01-01..2027-12-31'],
  ])('%s %s: %s', (state, type, expected) => {
    const plan = planPeriod(periodAnchor(rule(state, type)), {}, TODAY);
    expect(plan.period ? `${plan.period.start}..${plan.period.end}` : plan.asks.join('+')).toBe(expected);
    if (plan.period) expect(plan.basis).toBe('rule');
  });

  it('never proposes a date from an anchor the record does not state or only quotes from a summary', () => {
    for (const r of records) {
      const plan = planPeriod(periodAnchor(rule(r.state, r.licenseType)), {}, TODAY);
      if (r.anchorType === null || /2018 summary|aggregator|assumed|not confirmed/i.test(r.cycleAnchor ?? ''))
        expect(plan.period, `${r.state} ${r.licenseType}`).toBeNull();
    }
  });

  it('row 1: a birth month of November is taken, and the question stays (TX hygienists, AZ, MN)', () => {
    for (const [state, type] of [
      ['TX', 'dental_hygienist'],
      ['AZ', 'dentist'],
      ['AZ', 'dental_hygienist'],
    ] as const) {
      const anchor = periodAnchor(rule(state, type));
      const open = planPeriod(anchor, {}, TODAY);
      const november = planPeriod(anchor, { birthMonth: 11, renewalYear: open.renewalYears[0] }, TODAY);
      expect(november.asks).toEqual(open.asks);
      expect(november.period!.end.slice(5)).toBe('11-30');
    }
    const mn = planPeriod(periodAnchor(rule('MN', 'dentist')), { birthMonth: 11, birthYear: 1982 }, TODAY);
    expect(mn.period).toEqual({ start: '2024-12-01', end: '2026-11-30' });
  });

  it('row 6: Florida’s dentist renewal date was not found: asked, with what the data says', () => {
    const fl = rule('FL', 'dentist');
    expect(planPeriod(periodAnchor(fl), {}, TODAY)).toMatchObject({ asks: ['renewal_date'], period: null });
    expect(fl.anchorConfirmed).toBe(false);
  });
});

describe('what a requirement is, and when it applies', () => {
  const all = records.flatMap((r) => rule(r.state, r.licenseType).mandatory.map((m) => ({ r, m })));

  it('reads every mandatory entry of the records as one kind', () => {
    const kinds: Record<string, number> = {};
    for (const { m } of all) {
      const kind = requirementKind(m);
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (/assessment|exam/.test(m.topic)) expect(kind).toBe('assessment');
      else if (m.category === 'cpr_bls') expect(kind).toBe('card');
      else if (!m.tracked) expect(kind).toBe('note');
      else if (/^once/.test(m.frequency ?? '')) expect(kind).toBe('once');
    }
    expect(kinds).toEqual({ card: 78, note: 9, hours: 92, once: 10, course: 15, assessment: 3 });
  });

  it('row 3: the Texas jurisprudence assessment is the board’s, not hours, and no course fills it', () => {
    for (const type of ['dentist', 'dental_hygienist']) {
      const m = rule('TX', type).mandatory.find((x) => x.topic === 'jurisprudence_assessment')!;
      expect(requirementKind(m)).toBe('assessment');
      expect(isFillableByCourse(requirementKind(m))).toBe(false);
    }
  });

  it('row 4: Florida’s HIV/AIDS course is once, by the first renewal: the licence’s first issue decides', () => {
    const fl = rule('FL', 'dentist');
    const hiv = fl.mandatory.find((m) => m.category === 'hiv_aids')!;
    expect(requirementKind(hiv)).toBe('once');
    expect(requirementConditions(hiv)).toEqual([{ type: 'first_licensure', years: null }]);
    expect(ruleQuestions(fl).issuedOn).toBe(true);
  });

  it('row 5: Florida’s prescribing hours are for DEA registrants, and the licence asks about it', () => {
    const fl = rule('FL', 'dentist');
    const opioid = fl.mandatory.find((m) => m.category === 'opioid_controlled_substances')!;
    expect(requirementConditions(opioid)).toEqual([{ type: 'dea' }]);
    expect(ruleQuestions(fl).dea).toBe(true);
    expect(fl.sources).toContain('https://www.flsenate.gov/Laws/Statutes/2023/456.0301');
  });

  it('never shows a requirement that does not apply, or that the licence has not answered, as missing, on any record (property)', () => {
    const day = fc
      .integer({ min: 0, max: 365 * 30 })
      .map((d) => new Date(Date.UTC(2000, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
    const topics = [...new Set(all.map(({ m }) => m.category))];
    const credit = fc.record({
      id: fc.uuid(),
      date: day,
      hours: fc.integer({ min: 1, max: 12 }),
      delivery: fc.constantFrom('in_person' as const, 'live_webinar' as const, 'self_study' as const),
      topics: fc.subarray(topics, { maxLength: 3 }),
      expiresOn: fc.option(day, { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...records),
        fc.record({
          holdsDea: fc.boolean(),
          permits: fc.subarray(['sedation', 'restorative']),
          issuedOn: fc.option(day, { nil: null }),
        }),
        fc.array(credit, { maxLength: 8 }),
        day,
        fc.boolean(),
        (record, facts, credits: TCredit[], start, markAll) => {
          const r = rule(record.state, record.licenseType);
          const period = {
            start,
            end: new Date(Date.parse(start) + 2 * 365 * 86_400_000).toISOString().slice(0, 10),
          };
          const done = markAll ? Object.fromEntries(r.mandatory.map((m) => [requirementKey(m), start])) : {};
          const results = evaluateRequirements(r.mandatory, credits, {
            period,
            facts,
            cycleYears: r.cycleYears,
            hourMinutes: r.hourMinutes,
            firstPeriodExempt: r.firstPeriodExempt,
            done,
          });
          results.forEach((res, i) => {
            const applies = requirementApplicability(
              requirementConditions(r.mandatory[i]!),
              facts,
              period,
            ).applies;
            if (applies === false) expect(res.status).toBe('not_applicable');
            if (res.status === 'missing') expect(applies).toBe(true);
            if (res.kind === 'note') expect(res.status).not.toBe('missing');
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('suggestions the board’s categories allow', () => {
  const now = `${TODAY}T15:00:00.000Z`;
  const deadline = '2027-12-31';
  const catalogue: TSuggestionCandidate[] = [
    [
      'Dental KPIs Every Office Manager Should Track',
      'live',
      ['practice_management', 'agd_550'],
      '2026-12-16T00:00:00.000Z',
    ],
    [
      'Ergonomics for Clinicians: Protecting Your Back and Hands',
      'on_demand',
      ['agd_550'],
      '2026-11-24T00:00:00.000Z',
    ],
    [
      'HIPAA Essentials for Dental Offices',
      'on_demand',
      ['risk_management', 'agd_550'],
      '2026-06-01T00:00:00.000Z',
    ],
    ['The 2017 Periodontal Classification Made Simple', 'on_demand', ['agd_490'], '2026-05-01T00:00:00.000Z'],
    [
      'Hand Hygiene and PPE: Doing the Basics Right',
      'on_demand',
      ['infection_control', 'agd_148'],
      '2026-04-01T00:00:00.000Z',
    ],
  ].map(([title, kind, topics, at], i) => ({
    hash: `h${i}`,
    kind: kind as 'live' | 'on_demand',
    title: title as string,
    credits: 1,
    topics: topics as string[],
    isPublished: true,
    isFree: true,
    hasExam: true,
    // The Ergonomics class ended and waits for its recording: 'Coming soon'.
    hasContent: !(title as string).startsWith('Ergonomics'),
    at: at as string,
    seatsLeft: null,
    url: `/classroom/h${i}`,
  }));
  const totalFor = (state: string, type: string) => {
    const engine = engineRule(rule(state, type));
    return suggestCourses(
      catalogue,
      { type: 'total' },
      {
        rule: engine,
        standing: { selfStudy: null },
        room: categoryRoom(engine, []),
        now,
        deadline,
        limit: 5,
      },
    ).map((c) => c.title);
  };

  it('row 2: never offers the Coming-soon Ergonomics class', () => {
    for (const r of records) expect(totalFor(r.state, r.licenseType)).not.toContain(catalogue[1]!.title);
    expect(isTakeable(catalogue[1]!, now, deadline)).toBe(false);
  });

  it('row 7: Texas excludes the practice-management webinar, Florida puts it last, the lists differ by licence', () => {
    const tx = totalFor('TX', 'dentist');
    const fl = totalFor('FL', 'dentist');
    const ca = totalFor('CA', 'dentist');
    expect(tx).not.toContain(catalogue[0]!.title);
    expect(totalFor('TX', 'dental_hygienist')).not.toContain(catalogue[0]!.title);
    expect(fl.at(-1)).toBe(catalogue[0]!.title);
    expect(ca).toContain(catalogue[0]!.title);
    expect(new Set([tx.join('|'), fl.join('|'), ca.join('|')]).size).toBeGreaterThan(1);
    for (const state of ['NY', 'WY']) expect(totalFor(state, 'dentist')).not.toContain(catalogue[0]!.title);
  });

  it('only ever suggests takeable courses the categories allow, on every record (property)', () => {
    const topics = ['practice_management', 'risk_management', 'cpr_bls', 'infection_control', 'agd_490'];
    const candidate = fc.record({
      hash: fc.string({ minLength: 1, maxLength: 4 }),
      kind: fc.constantFrom('on_demand' as const, 'live' as const, 'podcast' as const),
      title: fc.string({ maxLength: 6 }),
      credits: fc.constantFrom(0, 1, 2),
      topics: fc.subarray(topics),
      isPublished: fc.boolean(),
      isFree: fc.boolean(),
      hasExam: fc.boolean(),
      hasContent: fc.boolean(),
      at: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-12-05T18:00:00.000Z', '2028-03-01T18:00:00.000Z'),
      seatsLeft: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
      url: fc.constant('/x'),
    });
    fc.assert(
      fc.property(fc.constantFrom(...records), fc.array(candidate, { maxLength: 10 }), (record, cs) => {
        const engine = engineRule(rule(record.state, record.licenseType));
        const room = categoryRoom(engine, []);
        for (const need of [{ type: 'total' as const }, { type: 'live' as const }]) {
          for (const c of suggestCourses(cs, need, {
            rule: engine,
            standing: { selfStudy: null },
            room,
            now,
            deadline,
            limit: 5,
          })) {
            expect(isTakeable(c, now, deadline)).toBe(true);
            expect(isAllowedByCategories(c, room)).toBe(true);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
