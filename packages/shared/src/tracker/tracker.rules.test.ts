import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  dueTrackerReminder,
  evaluateStanding,
  parityYear,
  parseFixedAnchor,
  proposePeriod,
  requirementApplies,
  topicWindow,
  selfStudyCap,
  unmetNeeds,
  type TCredit,
  type TCycleAnchor,
  type TRequirementRule,
} from './tracker.rules.ts';

describe('cycle arithmetic', () => {
  it.each<[string, number, TCycleAnchor, string, string, string]>([
    [
      'annual, fixed Sep 30',
      1,
      { type: 'fixed_date', month: 9, day: 30, endYear: null },
      '2026-11-25',
      '2026-10-01',
      '2027-09-30',
    ],
    [
      'annual, on the end day',
      1,
      { type: 'fixed_date', month: 9, day: 30, endYear: null },
      '2026-09-30',
      '2025-10-01',
      '2026-09-30',
    ],
    [
      'two-year, odd years, Feb 28',
      2,
      { type: 'fixed_date', month: 2, day: 28, endYear: 2025 },
      '2026-11-25',
      '2025-03-01',
      '2027-02-28',
    ],
    [
      'two-year, even years, Feb 28',
      2,
      { type: 'fixed_date', month: 2, day: 28, endYear: 2026 },
      '2026-11-25',
      '2026-03-01',
      '2028-02-28',
    ],
    [
      'two-year, even years, Dec 31',
      2,
      { type: 'fixed_date', month: 12, day: 31, endYear: 2026 },
      '2026-11-25',
      '2025-01-01',
      '2026-12-31',
    ],
    [
      'two-year, odd years, Dec 31',
      2,
      { type: 'fixed_date', month: 12, day: 31, endYear: 2025 },
      '2026-11-25',
      '2026-01-01',
      '2027-12-31',
    ],
    [
      'three-year, fixed',
      3,
      { type: 'fixed_date', month: 6, day: 30, endYear: 2024 },
      '2026-11-25',
      '2024-07-01',
      '2027-06-30',
    ],
    [
      'Feb 29 clamps in common years',
      2,
      { type: 'fixed_date', month: 2, day: 29, endYear: 2028 },
      '2026-11-25',
      '2026-03-01',
      '2028-02-29',
    ],
    [
      'birth month, two-year, even birth year',
      2,
      { type: 'birth_month', birthMonth: 4, birthYear: 1980 },
      '2026-11-25',
      '2026-05-01',
      '2028-04-30',
    ],
    [
      'birth month, two-year, odd birth year',
      2,
      { type: 'birth_month', birthMonth: 4, birthYear: 1981 },
      '2026-11-25',
      '2025-05-01',
      '2027-04-30',
    ],
    [
      'birth month, three-year',
      3,
      { type: 'birth_month', birthMonth: 12, birthYear: 1975 },
      '2026-11-25',
      '2024-01-01',
      '2026-12-31',
    ],
    [
      'issue date, two-year',
      2,
      { type: 'individual_license_date', issueDate: '2020-01-01' },
      '2026-06-01',
      '2026-01-01',
      '2027-12-31',
    ],
    [
      'issue date, three-year',
      3,
      { type: 'individual_license_date', issueDate: '2019-08-15' },
      '2026-11-25',
      '2025-08-15',
      '2028-08-14',
    ],
  ])('%s', (_name, years, anchor, today, start, end) => {
    expect(proposePeriod(years, anchor, today)).toEqual({ start, end });
  });

  it.each<[string, ReturnType<typeof parseFixedAnchor>]>([
    ['Biennial; expires Feb 28 of odd-numbered years.', { month: 2, day: 28, parity: 'odd' }],
    ['Biennial; renew by Jan 1 of even-numbered years.', { month: 12, day: 31, parity: 'odd' }],
    ['Annual. CE year Oct 1 - Sep 30; registration due Oct 1.', { month: 9, day: 30, parity: null }],
    ['Biennial renewal period assigned by the Board', null],
  ])('reads the anchor text %j', (text, anchor) => expect(parseFixedAnchor(text)).toEqual(anchor));

  it('steps parity from a year of it', () => {
    expect(parityYear('odd')! % 2).toBe(1);
    expect(parityYear('even')! % 2).toBe(0);
    expect(parityYear(null)).toBeNull();
  });
  it('counts days to the deadline', () => {
    expect(daysBetween('2026-11-25', '2026-12-31')).toBe(36);
    expect(daysBetween('2026-11-25', '2026-11-24')).toBe(-1);
  });
});

const base: TRequirementRule = {
  totalHours: 20,
  selfStudyMaxHours: null,
  selfStudyMaxPercent: null,
  liveMinHours: null,
  liveWebinarCountsAsLive: null,
  mandatory: [],
  carryOverAllowed: null,
  carryOverMaxHours: null,
};
const period = { start: '2025-01-01', end: '2026-12-31' };
let n = 0;
const credit = (
  hours: number,
  delivery: TCredit['delivery'],
  date = '2026-03-01',
  topics: string[] = [],
): TCredit => ({
  id: `c${String(++n).padStart(3, '0')}`,
  date,
  hours,
  delivery,
  topics,
});

describe('requirement engine', () => {
  it('sums the total and says whether it is met', () => {
    const s = evaluateStanding(base, period, [credit(8, 'in_person'), credit(6, 'self_study')]);
    expect(s.total).toEqual({ required: 20, counted: 14, met: false, carryOver: 0 });
    const met = evaluateStanding(base, period, [credit(12, 'in_person'), credit(8, 'self_study')]);
    expect(met.total.met).toBe(true);
  });

  it('tracks totals without a known requirement', () => {
    const s = evaluateStanding({ ...base, totalHours: null }, period, [credit(3, 'self_study')]);
    expect(s.total).toEqual({ required: null, counted: 3, met: null, carryOver: 0 });
  });

  it.each<[string, Partial<TRequirementRule>, number]>([
    ['by hours', { selfStudyMaxHours: 10 }, 10],
    ['by percent', { selfStudyMaxPercent: 25 }, 5],
    ['the lower of both', { selfStudyMaxHours: 10, selfStudyMaxPercent: 40 }, 8],
  ])('caps self-study %s, the hours beyond shown as not counting', (_name, cap, max) => {
    const rule = { ...base, ...cap };
    expect(selfStudyCap(rule)).toBe(max);
    const a = credit(4, 'self_study', '2025-02-01');
    const b = credit(9, 'self_study', '2025-06-01');
    const live = credit(5, 'in_person', '2025-07-01');
    const s = evaluateStanding(rule, period, [b, live, a]);
    expect(s.selfStudy).toEqual({ max, counted: max, notCounting: 13 - max });
    expect(s.total.counted).toBe(max + 5);
    const vb = s.credits.find((c) => c.id === b.id)!;
    expect(vb.reasons).toEqual(['over_self_study_cap']);
    expect(vb.countedHours).toBe(max - 4 > 0 ? max - 4 : 0);
    expect(s.credits.find((c) => c.id === live.id)!.reasons).toEqual([]);
  });

  it('drops a whole credit once the cap is used up', () => {
    const rule = { ...base, selfStudyMaxHours: 4 };
    const a = credit(4, 'self_study', '2025-02-01');
    const b = credit(2, 'self_study', '2025-03-01');
    const s = evaluateStanding(rule, period, [a, b]);
    expect(s.credits[1]).toMatchObject({ counts: false, countedHours: 0, reasons: ['over_self_study_cap'] });
  });

  it.each<[string, boolean | null, number, number]>([
    ['webinars count as live', true, 7, 7],
    ['webinars are self-study', false, 4, 7],
    ['the source does not say: counted as live', null, 7, 7],
  ])('live minimum when %s', (_name, webinarLive, liveCounted, total) => {
    const rule = { ...base, liveMinHours: 6, selfStudyMaxHours: 10, liveWebinarCountsAsLive: webinarLive };
    const s = evaluateStanding(rule, period, [credit(4, 'in_person'), credit(3, 'live_webinar')]);
    expect(s.live).toEqual({ required: 6, counted: liveCounted, met: liveCounted >= 6 });
    expect(s.total.counted).toBe(total);
  });

  it('counts a mandatory-topic course toward both its topic and the total', () => {
    const rule = {
      ...base,
      mandatory: [
        { topic: 'infection_control', hours: 2 },
        { topic: 'opioid_controlled_substances', hours: 2 },
        { topic: 'cpr_bls', hours: null },
      ],
    };
    const s = evaluateStanding(rule, period, [
      credit(2, 'self_study', '2026-01-05', ['infection_control']),
      credit(1, 'in_person', '2026-01-06', ['opioid_controlled_substances']),
    ]);
    expect(s.total.counted).toBe(3);
    expect(s.topics).toEqual([
      { topic: 'infection_control', required: 2, counted: 2, met: true, validUntil: null },
      { topic: 'opioid_controlled_substances', required: 2, counted: 1, met: false, validUntil: null },
      { topic: 'cpr_bls', required: null, counted: 0, met: false, validUntil: null },
    ]);
    expect(unmetNeeds(s)).toEqual({
      topics: ['opioid_controlled_substances', 'cpr_bls'],
      live: false,
      total: true,
    });
  });

  it('does not count a certificate outside the period, for the total or a topic', () => {
    const rule = { ...base, mandatory: [{ topic: 'ethics_jurisprudence', hours: 1 }] };
    const old = credit(3, 'in_person', '2024-12-31', ['ethics_jurisprudence']);
    const late = credit(3, 'in_person', '2027-01-01');
    const s = evaluateStanding(rule, period, [old, late]);
    expect(s.total.counted).toBe(0);
    expect(s.topics[0]!.counted).toBe(0);
    expect(s.credits.map((c) => c.reasons)).toEqual([['outside_period'], ['outside_period']]);
    expect(s.credits.every((c) => !c.counts)).toBe(true);
  });

  it.each<[string, Partial<TRequirementRule>, number, number]>([
    ['allowed without a maximum', { carryOverAllowed: true }, 6, 6],
    ['capped', { carryOverAllowed: true, carryOverMaxHours: 4 }, 6, 4],
    ['forbidden', { carryOverAllowed: false }, 6, 0],
    ['unknown: the member’s figure', {}, 3, 3],
  ])('carry-over %s', (_name, rule, entered, counted) => {
    const s = evaluateStanding({ ...base, ...rule }, period, [credit(10, 'in_person')], entered);
    expect(s.total.carryOver).toBe(counted);
    expect(s.total.counted).toBe(10 + counted);
  });
});

describe('deadline reminders', () => {
  it.each([
    [120, null],
    [91, null],
    [90, '90d'],
    [31, '90d'],
    [30, '30d'],
    [8, '30d'],
    [7, '7d'],
    [0, '7d'],
    [-1, null],
  ])('%s days before the deadline: %s', (daysLeft, kind) => {
    expect(dueTrackerReminder(daysLeft)).toBe(kind);
  });
});

describe('requirements with their own period (state-ce-rules.md §7.3, §7.7)', () => {
  it.each<[string | null, number | null, ReturnType<typeof topicWindow>]>([
    [null, 2, 'period'],
    ['per cycle', 2, 'period'],
    ['per year', 1, 'period'],
    ['every 4 years', 2, { years: 4 }],
    ['every two calendar years', 1, { years: 2 }],
    ['per 24 months', 1, { years: 2 }],
    ['every other renewal cycle', 2, { years: 4 }],
    ['once', 2, 'lifetime'],
    ['once in a lifetime', 2, 'lifetime'],
    ['once, within 1 year of initial license', 2, 'lifetime'],
  ])('reads %j (cycle %s years) as %j', (frequency, cycle, window) => {
    expect(topicWindow(frequency, cycle)).toEqual(window);
  });

  const ethics = (window: ReturnType<typeof topicWindow>) => ({
    ...base,
    mandatory: [{ topic: 'ethics_jurisprudence', hours: 2, window }],
  });
  it.each<[string, ReturnType<typeof topicWindow>, string, boolean]>([
    ['the period: a course before it does not count', 'period', '2024-06-01', false],
    ['the period: a course in it counts', 'period', '2025-06-01', true],
    ['every 4 years: a course 3 years back counts', { years: 4 }, '2023-06-01', true],
    ['every 4 years: a course 5 years back does not', { years: 4 }, '2021-06-01', false],
    ['once: any course before the end counts', 'lifetime', '2001-06-01', true],
    ['once: a course after the end does not', 'lifetime', '2027-01-05', false],
  ])('a topic over %s', (_name, window, date, met) => {
    const s = evaluateStanding(ethics(window), period, [
      credit(2, 'in_person', date, ['ethics_jurisprudence']),
    ]);
    expect(s.topics[0]!.met).toBe(met);
    // The total counts only the period, whatever the topic's window.
    expect(s.total.counted).toBe(date >= period.start && date <= period.end ? 2 : 0);
  });

  const cpr = { ...base, mandatory: [{ topic: 'cpr_bls', hours: null }] };
  const card = (date: string, expiresOn: string): TCredit => ({
    ...credit(4, 'in_person', date, ['cpr_bls']),
    expiresOn,
  });
  it.each<[string, TCredit[], boolean, string | null]>([
    [
      'a card valid past the deadline meets CPR, even issued before the period',
      [card('2024-10-01', '2027-10-01')],
      true,
      '2027-10-01',
    ],
    ['a card that expires before the deadline does not', [card('2025-03-01', '2026-06-30')], false, null],
    ['a card valid on the last day exactly does', [card('2025-03-01', '2026-12-31')], true, '2026-12-31'],
    [
      'the later of two cards',
      [card('2023-01-01', '2025-01-01'), card('2025-02-01', '2027-02-01')],
      true,
      '2027-02-01',
    ],
  ])('CPR as a card: %s', (_name, cards, met, validUntil) => {
    const s = evaluateStanding(cpr, period, cards);
    expect(s.topics[0]).toMatchObject({ met, validUntil });
  });
});

describe('conditional requirements (§7.4)', () => {
  it.each<[string | null, boolean, boolean | null]>([
    [null, false, true],
    ['holders of a DEA registration', true, true],
    ['holders of a DEA registration', false, false],
    ['dentists who prescribe controlled substances', false, false],
    ['holders of an Indiana controlled substance registration (CSR)', true, true],
    ['dentists administering/monitoring moderate or deeper sedation', true, null],
    ['restorative function endorsement holders', false, null],
  ])('%j with a DEA registration %s: %s', (appliesTo, holdsDea, applies) => {
    expect(requirementApplies(appliesTo, { holdsDea })).toBe(applies);
  });
});

describe('category caps (§7.6)', () => {
  it.each<[string, number, number[], number, number[]]>([
    ['CPR counts up to 4 h toward the total', 4, [3, 3], 8, [3, 1]],
    ['a cap of 2 h over three courses', 2, [1, 1, 1], 6, [1, 1, 0]],
    ['CPR not counted at all (cap 0)', 0, [4], 4, [0]],
  ])('%s', (_name, max, capped, total, counted) => {
    const rule = { ...base, categoryCaps: [{ topic: 'cpr_bls', maxHours: max }] };
    const capCredits = capped.map((h, i) => credit(h, 'in_person', `2025-0${i + 1}-01`, ['cpr_bls']));
    const s = evaluateStanding(rule, period, [...capCredits, credit(4, 'in_person', '2025-09-01')]);
    expect(s.total.counted).toBe(total);
    expect(capCredits.map((c) => s.credits.find((v) => v.id === c.id)!.countedHours)).toEqual(counted);
    const over = capCredits.filter((c) =>
      s.credits.find((v) => v.id === c.id)!.reasons.includes('over_category_cap'),
    );
    expect(over.length).toBe(counted.filter((h, i) => h < capped[i]!).length);
  });
});

describe('50-minute hours (§7.10)', () => {
  it.each<[number | null, number, number]>([
    [null, 10, 10],
    [60, 10, 10],
    [50, 10, 12],
    [50, 2.5, 3],
  ])('a state of %s-minute hours counts %s site hours as %s', (minutes, hours, counted) => {
    const rule = { ...base, hourMinutes: minutes, mandatory: [{ topic: 'infection_control', hours: 3 }] };
    const s = evaluateStanding(rule, period, [
      credit(hours, 'in_person', '2025-05-05', ['infection_control']),
    ]);
    expect(s.total.counted).toBe(counted);
    expect(s.topics[0]!.counted).toBe(counted);
  });
});
