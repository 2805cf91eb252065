import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateRequirements,
  inExemptFirstPeriod,
  requirementApplicability,
  requirementConditions,
  requirementKey,
  requirementKind,
  requirementLabel,
  type TLicenceFacts,
  type TMandatoryItem,
} from './tracker.requirements.ts';
import { planPeriod, trackerDay, type TCredit, type TPeriodAnchor } from './tracker.rules.ts';

/* Requirements that apply, and only those (issue 36): kinds, conditions, the period asked, not guessed. */

const period = { start: '2025-03-01', end: '2027-02-28' };
const none: TLicenceFacts = { holdsDea: false, permits: [], issuedOn: null };
const credit = (id: string, date: string, hours: number, topics: string[], expiresOn?: string): TCredit => ({
  id,
  date,
  hours,
  delivery: 'self_study',
  topics,
  expiresOn: expiresOn ?? null,
});
const item = (m: Partial<TMandatoryItem> & Pick<TMandatoryItem, 'topic' | 'category'>): TMandatoryItem => ({
  hours: null,
  ...m,
});

describe('what kind a requirement is', () => {
  it.each<[string, TMandatoryItem, string]>([
    [
      'TX jurisprudence assessment: the board’s test, never hours',
      item({
        topic: 'jurisprudence_assessment',
        category: 'ethics_jurisprudence',
        frequency: 'every 4 years',
      }),
      'assessment',
    ],
    [
      'WA jurisprudence exam',
      item({ topic: 'jurisprudence_exam', category: 'ethics_jurisprudence' }),
      'assessment',
    ],
    ['a CPR card, with or without hours', item({ topic: 'cpr_bls', category: 'cpr_bls', hours: 4 }), 'card'],
    [
      'FL HIV/AIDS once by first renewal',
      item({ topic: 'hiv_aids', category: 'hiv_aids', hours: 2, frequency: 'once, by first renewal' }),
      'once',
    ],
    [
      'NY ethics once in a lifetime',
      item({
        topic: 'ethics_jurisprudence',
        category: 'ethics_jurisprudence',
        frequency: 'once in a lifetime',
      }),
      'once',
    ],
    [
      'hours per cycle',
      item({ topic: 'infection_control', category: 'infection_control', hours: 2 }),
      'hours',
    ],
    [
      'a course with no hour figure',
      item({
        topic: 'human_trafficking_prevention',
        category: 'human_trafficking',
        frequency: 'per renewal',
      }),
      'course',
    ],
    ['a choice of topics', item({ topic: 'any_three', category: 'choice_group', hours: 3 }), 'note'],
    ['a sedation permit’s hours', item({ topic: 'sedation', category: 'sedation_permit', hours: 4 }), 'note'],
    [
      'staff’s setting wins over the wording',
      item({ topic: 'ethics_exam', category: 'ethics_jurisprudence', hours: 2, kind: 'hours' }),
      'hours',
    ],
  ])('%s', (_name, m, kind) => expect(requirementKind(m)).toBe(kind));

  it('labels and keys the board’s wording', () => {
    expect(requirementLabel({ topic: 'jurisprudence_assessment' })).toBe('Jurisprudence assessment');
    expect(requirementLabel({ topic: 'hiv_aids' })).toBe('HIV/AIDS');
    expect(requirementKey({ category: 'hiv_aids', topic: 'HIV_AIDS' })).toBe('hiv_aids:hiv_aids');
  });
});

describe('when a requirement applies', () => {
  it.each<[string, Partial<TMandatoryItem>, object[]]>([
    ['DEA holders', { appliesTo: 'holders of a DEA registration' }, [{ type: 'dea' }]],
    ['a CS licence', { appliesTo: 'holders of a controlled substance license' }, [{ type: 'dea' }]],
    ['prescribers', { appliesTo: 'prescribers (Article XX, Act 820 of 2017)' }, [{ type: 'dea' }]],
    [
      'a DEA permit in the frequency',
      { frequency: 'once, by first anniversary of DEA permit' },
      [{ type: 'dea' }],
    ],
    [
      'sedation',
      { appliesTo: 'dentists administering/monitoring moderate or deeper sedation' },
      [{ type: 'permit', permit: 'sedation' }],
    ],
    [
      'an endorsement',
      { appliesTo: 'restorative function endorsement holders' },
      [{ type: 'permit', permit: 'restorative' }],
    ],
    ['by first renewal', { frequency: 'once, by first renewal' }, [{ type: 'first_licensure', years: null }]],
    [
      'within two years of licensure',
      { frequency: 'once, within first 2 years of licensure' },
      [{ type: 'first_licensure', years: 2 }],
    ],
    [
      'within a year of the licence',
      { frequency: 'once, within 1 year of initial license' },
      [{ type: 'first_licensure', years: 1 }],
    ],
    ['everyone', {}, []],
  ])('%s', (_name, m, conditions) =>
    expect(requirementConditions(item({ topic: 't', category: 'hiv_aids', ...m }))).toEqual(conditions),
  );

  it('decides first-renewal items from the day the licence was first issued, and asks while it is not known', () => {
    const first = [{ type: 'first_licensure' as const, years: null }];
    expect(requirementApplicability(first, none, period)).toEqual({ applies: null, ask: 'issued_on' });
    expect(requirementApplicability(first, { ...none, issuedOn: '2010-06-01' }, period)).toEqual({
      applies: false,
      reason: 'after_first_licensure',
    });
    expect(requirementApplicability(first, { ...none, issuedOn: '2025-06-01' }, period)).toEqual({
      applies: true,
    });
    const twoYears = [{ type: 'first_licensure' as const, years: 2 }];
    expect(requirementApplicability(twoYears, { ...none, issuedOn: '2024-01-01' }, period)).toEqual({
      applies: true,
    });
    expect(requirementApplicability(twoYears, { ...none, issuedOn: '2022-01-01' }, period).applies).toBe(
      false,
    );
  });
});

describe('whether it is met', () => {
  const ctx = { period, facts: none, cycleYears: 2 };

  it('holds the TX jurisprudence assessment to the member’s mark inside its 4 years, never to hours', () => {
    const assessment = item({
      topic: 'jurisprudence_assessment',
      category: 'ethics_jurisprudence',
      frequency: 'every 4 years',
    });
    const hipaa = credit('c1', '2026-01-10', 1, ['ethics_jurisprudence']);
    const [missing] = evaluateRequirements([assessment], [hipaa], ctx);
    expect(missing).toMatchObject({ kind: 'assessment', status: 'missing', counted: 0, required: null });
    const key = requirementKey(assessment);
    const [passed] = evaluateRequirements([assessment], [], { ...ctx, done: { [key]: '2024-05-01' } });
    expect(passed).toMatchObject({ status: 'met', doneOn: '2024-05-01' });
    const [stale] = evaluateRequirements([assessment], [], { ...ctx, done: { [key]: '2022-05-01' } });
    expect(stale!.status).toBe('missing');
  });

  it('does not show FL’s first-renewal HIV course as missing for a dentist licensed years ago', () => {
    const hiv = item({
      topic: 'hiv_aids',
      category: 'hiv_aids',
      hours: 2,
      frequency: 'once, by first renewal',
    });
    const [unknown] = evaluateRequirements([hiv], [], ctx);
    expect(unknown).toMatchObject({ status: 'unknown', ask: 'issued_on' });
    const [old] = evaluateRequirements([hiv], [], { ...ctx, facts: { ...none, issuedOn: '2001-09-01' } });
    expect(old).toMatchObject({ status: 'not_applicable', reason: 'after_first_licensure' });
    const [fresh] = evaluateRequirements([hiv], [credit('c', '2019-02-01', 2, ['hiv_aids'])], {
      ...ctx,
      facts: { ...none, issuedOn: '2025-06-01' },
    });
    // A one-off course counts whenever it was taken.
    expect(fresh).toMatchObject({ kind: 'once', status: 'met', counted: 2 });
  });

  it('does not hold a licence without a DEA registration to prescribers’ hours', () => {
    const opioid = item({
      topic: 'controlled_substance_prescribing',
      category: 'opioid_controlled_substances',
      hours: 2,
      appliesTo: 'holders of a DEA registration',
    });
    expect(evaluateRequirements([opioid], [], ctx)[0]).toMatchObject({
      status: 'not_applicable',
      reason: 'no_dea',
    });
    expect(
      evaluateRequirements([opioid], [], { ...ctx, facts: { ...none, holdsDea: true } })[0]!.status,
    ).toBe('missing');
  });

  it('meets a card only with a card valid on the period’s last day', () => {
    const cprItem = item({ topic: 'cpr_bls', category: 'cpr_bls', hours: 4 });
    const course = credit('c', '2026-01-01', 4, ['cpr_bls']);
    expect(evaluateRequirements([cprItem], [course], ctx)[0]).toMatchObject({
      kind: 'card',
      status: 'missing',
    });
    const card = credit('k', '2024-01-01', 4, ['cpr_bls'], '2027-06-30');
    expect(evaluateRequirements([cprItem], [card], ctx)[0]).toMatchObject({
      status: 'met',
      validUntil: '2027-06-30',
    });
  });

  it('exempts the courses of a first period the board exempts, but not the card', () => {
    const items = [
      item({ topic: 'infection_control', category: 'infection_control', hours: 2 }),
      item({ topic: 'cpr_bls', category: 'cpr_bls' }),
    ];
    const exemptCtx = { ...ctx, firstPeriodExempt: true, facts: { ...none, issuedOn: '2025-09-01' } };
    expect(inExemptFirstPeriod(exemptCtx)).toBe(true);
    expect(inExemptFirstPeriod({ ...exemptCtx, facts: none })).toBeNull();
    expect(evaluateRequirements(items, [], exemptCtx).map((r) => r.status)).toEqual([
      'not_applicable',
      'missing',
    ]);
  });

  it('never shows a requirement that does not apply, or that it cannot decide, as missing (property)', () => {
    const day = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const items = fc.array(
      fc.record({
        topic: fc.constantFrom(
          'jurisprudence_assessment',
          'hiv_aids',
          'opioid_prescribing',
          'cpr_bls',
          'ic',
          'x',
        ),
        category: fc.constantFrom(
          'ethics_jurisprudence',
          'hiv_aids',
          'opioid_controlled_substances',
          'cpr_bls',
          'choice_group',
          'sedation_permit',
        ),
        hours: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
        frequency: fc.option(
          fc.constantFrom(
            'once, by first renewal',
            'every 4 years',
            'per year',
            'once, within first 2 years of licensure',
            'once, by first anniversary of DEA permit',
          ),
          { nil: null },
        ),
        appliesTo: fc.option(
          fc.constantFrom(
            'holders of a DEA registration',
            'sedation permit holders',
            'expanded-practice hygienists',
            'restorative function endorsement holders',
          ),
          { nil: null },
        ),
      }),
      { maxLength: 6 },
    );
    const facts = fc.record({
      holdsDea: fc.boolean(),
      permits: fc.subarray(['sedation', 'restorative']),
      issuedOn: fc.option(day, { nil: null }),
    });
    const credits = fc.array(
      fc.record({
        id: fc.uuid(),
        date: day,
        hours: fc.integer({ min: 1, max: 10 }),
        delivery: fc.constantFrom('in_person' as const, 'live_webinar' as const, 'self_study' as const),
        topics: fc.subarray(['ethics_jurisprudence', 'hiv_aids', 'opioid_controlled_substances', 'cpr_bls']),
        expiresOn: fc.option(day, { nil: null }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(items, facts, credits, fc.boolean(), (ms, f, cs, exempt) => {
        const results = evaluateRequirements(ms, cs, {
          period,
          facts: f,
          cycleYears: 2,
          firstPeriodExempt: exempt,
        });
        results.forEach((r, i) => {
          const applicability = requirementApplicability(requirementConditions(ms[i]!), f, period);
          if (applicability.applies !== true) expect(r.status).not.toBe('missing');
          if (applicability.applies === false) expect(r.status).toBe('not_applicable');
          if (r.kind === 'note') expect(r.status).not.toBe('missing');
          if (r.status === 'not_applicable') expect(r.reason).not.toBeNull();
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('the period: asked, never guessed', () => {
  const fixed = (over: Partial<TPeriodAnchor>): TPeriodAnchor => ({
    cycleYears: 2,
    type: 'fixed_date',
    month: 2,
    day: 28,
    parity: 'odd',
    confirmed: true,
    ...over,
  });
  const today = '2026-11-27';

  it('proposes a fixed period the rule states, with its years', () => {
    expect(planPeriod(fixed({}), {}, today)).toEqual({
      asks: [],
      renewalYears: [],
      period: { start: '2025-03-01', end: '2027-02-28' },
      basis: 'rule',
    });
  });

  it('asks the year where the rule does not say odd or even', () => {
    const plan = planPeriod(fixed({ parity: null, month: 5, day: 31 }), {}, today);
    expect(plan).toMatchObject({ asks: ['renewal_year'], renewalYears: [2027, 2028], period: null });
    expect(
      planPeriod(fixed({ parity: null, month: 5, day: 31 }), { renewalYear: 2028 }, today).period,
    ).toEqual({
      start: '2026-06-01',
      end: '2028-05-31',
    });
  });

  it('asks the renewal date where the anchor is unknown or unconfirmed', () => {
    for (const anchor of [
      null,
      fixed({ type: null }),
      fixed({ confirmed: false }),
      fixed({ type: 'rolling_window' }),
    ]) {
      expect(planPeriod(anchor, {}, today)).toMatchObject({
        asks: ['renewal_date'],
        period: null,
        basis: null,
      });
    }
    expect(planPeriod(fixed({ type: null }), { renewalDate: '2027-12-31' }, today)).toMatchObject({
      period: { start: '2026-01-01', end: '2027-12-31' },
      basis: 'member',
    });
  });

  it('takes November as a birth month (it used to lock in January at the first keystroke)', () => {
    const birth = fixed({ type: 'birth_month', month: null, day: null, parity: null, cycleYears: 2 });
    const open = planPeriod(birth, {}, today);
    expect(open).toMatchObject({ asks: ['birth_month', 'renewal_year'], period: null });
    const november = planPeriod(birth, { birthMonth: 11, renewalYear: open.renewalYears[0] }, today);
    expect(november.asks).toEqual(open.asks);
    expect(november.period!.end).toBe('2026-11-30');
    const annual = planPeriod({ ...birth, cycleYears: 1 }, { birthMonth: 11 }, today);
    expect(annual).toMatchObject({
      asks: ['birth_month'],
      period: { start: '2025-12-01', end: '2026-11-30' },
      basis: 'rule',
    });
    const byBirthYear = planPeriod(
      { ...birth, parity: 'birth_year' },
      { birthMonth: 12, birthYear: 1981 },
      today,
    );
    expect(byBirthYear).toMatchObject({ asks: ['birth_month', 'birth_year'], period: { end: '2027-12-31' } });
  });

  it('always gives a period that contains today and lasts the cycle, or none (property)', () => {
    const anchors = fc.record({
      cycleYears: fc.integer({ min: 1, max: 5 }),
      type: fc.constantFrom('fixed_date', 'birth_month', 'individual_license_date', null, 'rolling_window'),
      month: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
      day: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
      parity: fc.constantFrom('odd' as const, 'even' as const, 'birth_year' as const, null),
      confirmed: fc.boolean(),
    });
    const answers = fc.record({
      birthMonth: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
      birthYear: fc.option(fc.integer({ min: 1940, max: 2000 }), { nil: null }),
      issueDate: fc.option(fc.constantFrom('2001-03-15', '2019-08-15', '2024-02-29'), { nil: null }),
    });
    fc.assert(
      fc.property(anchors, answers, (anchor, a) => {
        const plan = planPeriod(anchor, a, today);
        const again = planPeriod(anchor, {}, today);
        expect(plan.asks).toEqual(again.asks);
        if (plan.period) {
          expect(plan.period.start <= today && today <= plan.period.end).toBe(true);
          expect(plan.basis).not.toBeNull();
        } else expect(plan.asks.length).toBeGreaterThan(0);
        if (!anchor.confirmed) expect(plan.asks).toEqual(['renewal_date']);
      }),
      { numRuns: 300 },
    );
  });

  it('writes days as the site does', () => {
    expect(trackerDay('2026-11-27')).toBe('Nov 27, 2026');
    expect(trackerDay('2027-02-28')).toBe('Feb 28, 2027');
  });
});
