import type { TRequirementKind } from '@opence/shared';

/*
 * The project's own additions to state-ce-rules.json (issue 36, docs/decisions/1111): what the
 * records say only in free text (category caps and exclusions, first-period exemptions,
 * 50-minute hours, a cycle anchor the reader of the text misreads), written as data the engine
 * uses. Every entry quotes the words of its record it rests on (`quote`, checked by a test to
 * occur in the record), or names a source added to the rule's sources. The seed applies them to
 * rules staff have not verified; staff edit them in the console like the rest of a rule.
 * Raise ADDITIONS_VERSION when an entry changes, so existing databases take it.
 */

export const ADDITIONS_VERSION = 1;

type TCap = { topic: string; maxHours: number; quote: string };

export type TRuleAddition = {
  state: string;
  licenceType: 'dentist' | 'dental_hygienist';
  categoryCaps?: TCap[];
  firstPeriodExempt?: { quote: string };
  hourMinutes?: { minutes: 50; quote: string };
  /** The period's end as the record states it where the text reader misreads it; ask: the member is asked. */
  anchor?: {
    month?: number;
    day?: number;
    parity?: 'odd' | 'even' | 'birth_year' | null;
    ask?: true;
    quote: string;
  };
  /** Corrections of one mandatory entry (found by its topic). */
  mandatory?: {
    topic: string;
    appliesTo?: string;
    kind?: TRequirementKind;
    quote?: string;
    /** A source the correction rests on, added to the rule's sources. */
    source?: string;
  }[];
};

const cpr = (maxHours: number, quote: string): TCap => ({ topic: 'cpr_bls', maxHours, quote });
const practice = (maxHours: number, quote: string): TCap => ({
  topic: 'practice_management',
  maxHours,
  quote,
});
const risk = (maxHours: number, quote: string): TCap => ({ topic: 'risk_management', maxHours, quote });

export const RULE_ADDITIONS: readonly TRuleAddition[] = [
  {
    state: 'AK',
    licenceType: 'dental_hygienist',
    categoryCaps: [cpr(4, 'max 4 h count'), practice(3, 'max 3 h practice/risk management')],
  },
  { state: 'AK', licenceType: 'dentist', categoryCaps: [cpr(4, 'max 4 h of CPR count per renewal period')] },
  {
    state: 'AL',
    licenceType: 'dental_hygienist',
    categoryCaps: [
      cpr(4, 'max 4 h count'),
      practice(3, 'practice management max 3 h per year'),
      risk(4, 'insurance/government regulation/tort/risk management combined max 4 h per year'),
    ],
  },
  {
    state: 'AL',
    licenceType: 'dentist',
    categoryCaps: [cpr(4, 'at most 4 h of CPR may count toward the 20 h')],
  },
  {
    state: 'AR',
    licenceType: 'dental_hygienist',
    hourMinutes: { minutes: 50, quote: 'CE unit = 50 min' },
  },
  {
    state: 'AZ',
    licenceType: 'dental_hygienist',
    categoryCaps: [practice(11, 'max 11 h practice organization/patient management/health-care delivery')],
  },
  { state: 'CA', licenceType: 'dental_hygienist', categoryCaps: [cpr(4, 'max 4 units')] },
  {
    state: 'CA',
    licenceType: 'dentist',
    categoryCaps: [cpr(4, 'BLS max 4 units credited')],
    firstPeriodExempt: { quote: 'first renewal exempt' },
  },
  { state: 'CO', licenceType: 'dentist', categoryCaps: [cpr(2, 'up to 2 h count')] },
  {
    state: 'CT',
    licenceType: 'dentist',
    firstPeriodExempt: { quote: 'First renewal exempt' },
    hourMinutes: { minutes: 50, quote: 'Contact hour = 50 min' },
  },
  {
    state: 'DC',
    licenceType: 'dental_hygienist',
    categoryCaps: [practice(0, 'No credit for business, coding or self-improvement courses')],
  },
  {
    state: 'DE',
    licenceType: 'dental_hygienist',
    categoryCaps: [practice(2.5, 'practice management max 2.5 h')],
  },
  {
    state: 'DE',
    licenceType: 'dentist',
    categoryCaps: [practice(10, 'practice management/personal improvement max 10 h')],
  },
  {
    state: 'FL',
    licenceType: 'dentist',
    categoryCaps: [practice(3, 'Up to 3 h practice management')],
    mandatory: [
      {
        topic: 'controlled_substance_prescribing',
        appliesTo: 'holders of a DEA registration who prescribe controlled substances (F.S. 456.0301)',
        source: 'https://www.flsenate.gov/Laws/Statutes/2023/456.0301',
      },
    ],
  },
  { state: 'GA', licenceType: 'dental_hygienist', categoryCaps: [cpr(4, 'up to 4 h count')] },
  { state: 'GA', licenceType: 'dentist', categoryCaps: [cpr(4, 'up to 4 h count')] },
  {
    state: 'IA',
    licenceType: 'dental_hygienist',
    categoryCaps: [cpr(3, 'up to 3 h')],
    firstPeriodExempt: { quote: 'First renewal exempt.' },
  },
  {
    state: 'IA',
    licenceType: 'dentist',
    categoryCaps: [cpr(3, 'up to 3 h credit')],
    firstPeriodExempt: { quote: 'First renewal after original licensure exempt' },
  },
  { state: 'IL', licenceType: 'dental_hygienist', firstPeriodExempt: { quote: 'first renewal exempt' } },
  { state: 'IL', licenceType: 'dentist', firstPeriodExempt: { quote: 'First renewal exempt' } },
  {
    state: 'IN',
    licenceType: 'dentist',
    categoryCaps: [practice(5, 'Practice management max 5 h')],
    firstPeriodExempt: { quote: 'First license period (<2 yrs) exempt' },
  },
  { state: 'KS', licenceType: 'dental_hygienist', categoryCaps: [cpr(4, 'up to 4 h count')] },
  { state: 'KY', licenceType: 'dental_hygienist', categoryCaps: [cpr(0, 'maintained; not counted')] },
  {
    state: 'KY',
    licenceType: 'dentist',
    categoryCaps: [
      cpr(0, 'does NOT count toward the 30 h'),
      practice(10, 'remaining 10 h may be business/practice management'),
    ],
  },
  {
    state: 'LA',
    licenceType: 'dentist',
    categoryCaps: [practice(20, 'no more than 20 of 40 from practice management, tapes, journals')],
  },
  {
    state: 'MA',
    licenceType: 'dentist',
    hourMinutes: { minutes: 50, quote: 'CEU = 50 min' },
  },
  { state: 'MD', licenceType: 'dental_hygienist', categoryCaps: [cpr(0, 'not counted')] },
  { state: 'MD', licenceType: 'dentist', categoryCaps: [cpr(0, 'does not count toward 30 h')] },
  {
    state: 'MN',
    licenceType: 'dental_hygienist',
    anchor: { parity: 'birth_year', quote: 'Birth-month anchored 24-month cycle (as dentists)' },
  },
  {
    state: 'MN',
    licenceType: 'dentist',
    anchor: { parity: 'birth_year', quote: 'in the even or odd year matching birth year' },
  },
  { state: 'MO', licenceType: 'dental_hygienist', categoryCaps: [practice(5, 'Max 5 h management')] },
  { state: 'MO', licenceType: 'dentist', categoryCaps: [practice(10, 'max 10 h management')] },
  {
    state: 'MS',
    licenceType: 'dental_hygienist',
    firstPeriodExempt: { quote: 'first biennial exempt' },
  },
  { state: 'MS', licenceType: 'dentist', firstPeriodExempt: { quote: 'First biennial period exempt' } },
  { state: 'MT', licenceType: 'dental_hygienist', categoryCaps: [cpr(0, 'current card; not CE credit')] },
  {
    state: 'MT',
    licenceType: 'dentist',
    categoryCaps: [cpr(0, 'BLS/CPR courses not acceptable for CE credit')],
  },
  {
    state: 'NC',
    licenceType: 'dentist',
    anchor: { month: 12, day: 31, parity: null, quote: 'Annual, calendar year' },
  },
  { state: 'NV', licenceType: 'dental_hygienist', categoryCaps: [cpr(0, 'in person; not counted')] },
  { state: 'NV', licenceType: 'dentist', categoryCaps: [cpr(0, 'CPR hours do not count')] },
  {
    state: 'NY',
    licenceType: 'dental_hygienist',
    firstPeriodExempt: { quote: 'exempt first triennial period' },
  },
  {
    state: 'NY',
    licenceType: 'dentist',
    categoryCaps: [practice(0, 'Practice management courses not accepted')],
    firstPeriodExempt: { quote: 'Exempt during the first triennial registration period' },
  },
  {
    state: 'RI',
    licenceType: 'dental_hygienist',
    anchor: { month: 6, day: 30, parity: 'even', quote: 'Jul 1 even year - Jun 30 two years later' },
  },
  {
    state: 'RI',
    licenceType: 'dentist',
    anchor: { month: 6, day: 30, parity: 'even', quote: 'Jul 1 of even year - Jun 30 two years later' },
  },
  {
    state: 'SD',
    licenceType: 'dentist',
    categoryCaps: [cpr(15, 'CPR 15'), practice(10, 'practice management 10')],
  },
  {
    state: 'TX',
    licenceType: 'dental_hygienist',
    categoryCaps: [
      practice(0, 'Same structure as dentists (>=16 technical/scientific, <=8 risk management)'),
      risk(8, '<=8 risk management'),
    ],
  },
  {
    state: 'TX',
    licenceType: 'dentist',
    categoryCaps: [practice(0, 'practice-finance courses excluded'), risk(8, 'up to 8 h risk management')],
  },
  {
    state: 'UT',
    licenceType: 'dental_hygienist',
    categoryCaps: [cpr(0, 'not counted'), practice(3, 'Same limits as dentists.')],
  },
  {
    state: 'UT',
    licenceType: 'dentist',
    categoryCaps: [cpr(0, 'recertification hours do not count'), practice(3, 'practice management max 3 h')],
  },
  {
    state: 'VA',
    licenceType: 'dentist',
    firstPeriodExempt: { quote: 'first renewal after initial licensure exempt' },
  },
  {
    state: 'WA',
    licenceType: 'dental_hygienist',
    anchor: { ask: true, quote: 'license expires on the birthday' },
  },
  {
    state: 'WA',
    licenceType: 'dentist',
    anchor: { ask: true, quote: 'For dentists licensed before 2019 the period began Jan 1 2019' },
  },
  {
    state: 'WI',
    licenceType: 'dental_hygienist',
    categoryCaps: [cpr(2, 'max 2 h count')],
    firstPeriodExempt: { quote: 'Not required in first biennium' },
  },
  {
    state: 'WI',
    licenceType: 'dentist',
    firstPeriodExempt: { quote: 'Not required in the biennium a license is first issued' },
  },
  {
    state: 'WY',
    licenceType: 'dentist',
    categoryCaps: [practice(0, 'Practice-building and business courses not accepted')],
  },
];
