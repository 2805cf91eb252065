import { formatInZone } from '../site/local-time.rules.ts';

/*
 * The CE tracker's pure rules: the renewal-cycle arithmetic (which CE period a licence is in)
 * and the requirement engine (what counts, what does not and why). No zod, no I/O.
 * Days are calendar days 'YYYY-MM-DD'; periods are inclusive at both ends.
 */

/** The topics of the controlled list that a state's mandatory requirement can name (state-ce-rules.md §2). */
export const TRACKER_MANDATORY_TOPICS = [
  'cpr_bls',
  'infection_control',
  'opioid_controlled_substances',
  'ethics_jurisprudence',
  'abuse_neglect_reporting',
  'cultural_competency_bias_equity',
  'human_trafficking',
  'sexual_harassment',
  'medical_errors',
  'hiv_aids',
  'chemical_dependency',
  'pharmacology',
  'tobacco_oral_cancer',
  'medical_emergencies',
  'radiation_safety',
] as const;
export type TTrackerMandatoryTopic = (typeof TRACKER_MANDATORY_TOPICS)[number];

/**
 * Categories some boards limit or exclude toward the total (issue 36): practice management and
 * business (TX excludes practice finance, FL counts at most 3 h), risk management and records.
 */
export const TRACKER_CATEGORY_TOPICS = ['practice_management', 'risk_management'] as const;

/** How a course was delivered: a live webinar counts as live only where the state says so. */
export const TRACKER_DELIVERIES = ['in_person', 'live_webinar', 'self_study'] as const;
export type TTrackerDelivery = (typeof TRACKER_DELIVERIES)[number];

export const TRACKER_LICENCE_TYPES = ['dentist', 'dental_hygienist', 'dental_assistant'] as const;
export type TTrackerLicenceType = (typeof TRACKER_LICENCE_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Cycle arithmetic

export type TCycleAnchor =
  /** The period ends every cycle on month/day of a year in step with endYear (odd/even years for two). */
  | { type: 'fixed_date'; month: number; day: number; endYear: number | null }
  /** The period ends on the last day of the birth month, in years in step with the birth year. */
  | { type: 'birth_month'; birthMonth: number; birthYear: number | null }
  /** The period ends the day before an anniversary of the licence's issue date. */
  | { type: 'individual_license_date'; issueDate: string };

export type TPeriod = { start: string; end: string };

const pad = (n: number) => String(n).padStart(2, '0');
export function isoDay(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}
function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
/** month/day of a year, the day clamped to the month (Feb 29 → Feb 28 in common years). */
function clampedDay(year: number, month: number, day: number): string {
  return isoDay(year, month, Math.min(day, lastDayOfMonth(year, month)));
}
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
/** A calendar day as the site writes a date ('Nov 27, 2026'), the same in every zone. */
export function trackerDay(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatInZone(`${day}T12:00:00Z`, 'day', 'UTC') : day;
}

/** Minutes a deleted licence or certificate can be restored (issue 36); its file is kept that long. */
export const TRACKER_UNDO_MINUTES = 10;

/** Reminders before a CE deadline (issue 23): each is mailed once, from its day until the next one's. */
export const TRACKER_REMINDERS = [
  { kind: '90d', days: 90 },
  { kind: '30d', days: 30 },
  { kind: '7d', days: 7 },
] as const;
export type TTrackerReminderKind = (typeof TRACKER_REMINDERS)[number]['kind'];

/**
 * The reminder due with `daysLeft` days to the deadline: the nearest one whose day has come
 * (a licence added 20 days before gets the 30-day one, not a late 90-day one); none after the
 * deadline or more than 90 days before it.
 */
export function dueTrackerReminder(daysLeft: number): TTrackerReminderKind | null {
  if (daysLeft < 0) return null;
  let due: TTrackerReminderKind | null = null;
  for (const r of TRACKER_REMINDERS) if (daysLeft <= r.days) due = r.kind;
  return due;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/**
 * The CE period that contains `today` for a cycle of `cycleYears` years. The end is the first
 * anchor date on or after today in a year in step with the anchor; the start is the day after
 * the previous end.
 */
export function proposePeriod(cycleYears: number, anchor: TCycleAnchor, today: string): TPeriod {
  const years = Math.max(1, Math.round(cycleYears));
  const year = Number(today.slice(0, 4));
  let endOf: (y: number) => string;
  let stepYear: number;
  switch (anchor.type) {
    case 'fixed_date':
      endOf = (y) => clampedDay(y, anchor.month, anchor.day);
      stepYear = anchor.endYear ?? year;
      break;
    case 'birth_month':
      endOf = (y) => isoDay(y, anchor.birthMonth, lastDayOfMonth(y, anchor.birthMonth));
      stepYear = anchor.birthYear ?? year;
      break;
    case 'individual_license_date': {
      const [iy, im, id] = anchor.issueDate.split('-').map(Number) as [number, number, number];
      endOf = (y) => addDays(clampedDay(y, im, id), -1);
      stepYear = iy;
      break;
    }
  }
  let y = year - 1;
  while (mod(y - stepYear, years) !== 0) y += 1;
  while (endOf(y) < today) y += years;
  const end = endOf(y);
  const start = addDays(endOf(y - years), 1);
  return { start, end };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_DAY = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b/gi;

/**
 * A best reading of a source's free-text cycle anchor ('Biennial; expires Feb 28 of odd-numbered
 * years'): the day the CE period ends and odd/even years. A range ('Mar 2 of even year - Mar 1
 * of next even year') ends on its second day; a single deadline on the 1st ('renew by Jan 1')
 * ends the period the day before. The parity is the one written after that day, in its clause
 * ('Jan 1 even - Dec 31 odd year' ends in odd years). Null parts stay unknown; the seed's
 * additions correct the few texts this misreads, and a test pins every record's reading.
 */
export function parseFixedAnchor(
  text: string | null,
): { month: number; day: number; parity: 'odd' | 'even' | null } | null {
  if (!text) return null;
  const found = [...text.matchAll(MONTH_DAY)];
  const first = found[0];
  if (!first) return null;
  const second = found[1];
  const between = second ? text.slice(first.index + first[0].length, second.index) : '';
  const isRange = second !== undefined && /\s[-–]\s/.test(between) && !/[;.]\s/.test(between);
  const end = isRange ? second : first;
  const clause = text.slice(end.index + end[0].length).split(/;|\.\s|\.$/)[0] ?? '';
  const parity = /\bodd\b/i.test(clause) ? 'odd' : /\beven\b/i.test(clause) ? 'even' : null;
  let month = MONTHS.indexOf(end[1]!.toLowerCase().slice(0, 3)) + 1;
  let day = Number(end[2]);
  let endParity: 'odd' | 'even' | null = parity;
  if (day === 1 && !isRange) {
    // A deadline on the 1st: the period ends the day before (Jan 1 of even years → Dec 31 of odd years).
    if (month === 1 && parity) endParity = parity === 'odd' ? 'even' : 'odd';
    month = month === 1 ? 12 : month - 1;
    day = lastDayOfMonth(2001, month);
  }
  return { month, day, parity: endParity };
}

/**
 * Whether a cycle-anchor text states its dates as the rule itself does: not from an old or
 * secondary summary, an aggregator, or an assumption the text admits (state-ce-rules.md §1).
 * An anchor that is not confirmed is asked of the member, with the text as a hint.
 */
export function anchorConfirmedByText(text: string | null, confidence: string): boolean {
  if (!text || confidence === 'unverified') return false;
  return !/\b(20\d\d summary|aggregator|assumed|not confirmed|weak summary|not seen|per summar)/i.test(text);
}

/** A year of the given parity, to step fixed-date cycles from (odd → 2025, even → 2026). */
export function parityYear(parity: 'odd' | 'even' | null): number | null {
  return parity === 'odd' ? 2025 : parity === 'even' ? 2026 : null;
}

/** A rule's structured cycle anchor: what a licence's CE period is worked out from. */
export type TPeriodAnchor = {
  cycleYears: number | null;
  /** 'fixed_date', 'birth_month', 'individual_license_date'; anything else is asked of the member. */
  type: string | null;
  month: number | null;
  day: number | null;
  /** Odd/even end years; 'birth_year' steps a birth-month cycle with the birth year's parity (MN). */
  parity: 'odd' | 'even' | 'birth_year' | null;
  /** false: the data could not confirm the anchor; the member is asked instead. */
  confirmed: boolean;
};

/** What the licence form may ask to work out the period (the same questions whatever is typed). */
export const TRACKER_PERIOD_QUESTIONS = [
  'birth_month',
  'birth_year',
  'renewal_year',
  'renewal_date',
  'issue_date',
] as const;
export type TTrackerPeriodQuestion = (typeof TRACKER_PERIOD_QUESTIONS)[number];

export type TPeriodAnswers = {
  birthMonth?: number | null | undefined;
  birthYear?: number | null | undefined;
  renewalYear?: number | null | undefined;
  renewalDate?: string | null | undefined;
  issueDate?: string | null | undefined;
};

export type TPeriodPlan = {
  /** The questions this rule needs answered: the same list before and after an answer. */
  asks: TTrackerPeriodQuestion[];
  /** The choices of a renewal-year question: the next years in which the period can end. */
  renewalYears: number[];
  /** null until the answers are enough: never a guess. */
  period: TPeriod | null;
  /** 'rule': the board's cycle (with the member's birth month or issue date); 'member': a year or date the member gave. */
  basis: 'rule' | 'member' | null;
};

/**
 * The CE period of a licence from its rule's anchor and the member's answers, or the questions
 * still open. A period is proposed only where the data confirms the cycle (a fixed day with its
 * years, a birth month, an issue date); otherwise the member is asked when the licence renews,
 * so no deadline is guessed (issue 36).
 */
export function planPeriod(
  anchor: TPeriodAnchor | null,
  answers: TPeriodAnswers,
  today: string,
): TPeriodPlan {
  const years = Math.max(1, Math.round(anchor?.cycleYears ?? 2));
  const year = Number(today.slice(0, 4));
  const byDate = (): TPeriodPlan => {
    const end = answers.renewalDate ?? null;
    return {
      asks: ['renewal_date'],
      renewalYears: [],
      period: end ? { start: addDays(addYears(end, -years), 1), end } : null,
      basis: end ? 'member' : null,
    };
  };
  if (!anchor?.confirmed) return byDate();
  /** The next `years` years whose period end is still ahead. */
  const nextYears = (endOf: (y: number) => string) => {
    const out: number[] = [];
    for (let y = year - 1; out.length < years; y += 1) if (endOf(y) >= today) out.push(y);
    return out;
  };
  const plan = (
    asks: TTrackerPeriodQuestion[],
    renewalYears: number[],
    found: TPeriod | null,
    basis: 'rule' | 'member',
  ) => ({
    asks,
    renewalYears,
    period: found,
    basis: found ? basis : null,
  });
  if (anchor.type === 'fixed_date' && anchor.month && anchor.day) {
    const { month, day } = anchor;
    const fixed = (endYear: number | null): TCycleAnchor => ({ type: 'fixed_date', month, day, endYear });
    if (years === 1 || anchor.parity === 'odd' || anchor.parity === 'even') {
      const endYear = anchor.parity === 'odd' || anchor.parity === 'even' ? parityYear(anchor.parity) : null;
      return plan([], [], proposePeriod(years, fixed(endYear), today), 'rule');
    }
    const choices = nextYears((y) => clampedDay(y, month, day));
    const chosen = answers.renewalYear ?? null;
    return plan(
      ['renewal_year'],
      choices,
      chosen ? proposePeriod(years, fixed(chosen), today) : null,
      'member',
    );
  }
  if (anchor.type === 'birth_month') {
    const birthMonth = answers.birthMonth ?? null;
    const endOf = (y: number) => isoDay(y, birthMonth ?? 12, lastDayOfMonth(y, birthMonth ?? 12));
    if (years === 1) {
      return plan(
        ['birth_month'],
        [],
        birthMonth ? proposePeriod(1, { type: 'birth_month', birthMonth, birthYear: null }, today) : null,
        'rule',
      );
    }
    if (anchor.parity === 'birth_year') {
      const birthYear = answers.birthYear ?? null;
      return plan(
        ['birth_month', 'birth_year'],
        [],
        birthMonth && birthYear
          ? proposePeriod(years, { type: 'birth_month', birthMonth, birthYear }, today)
          : null,
        'rule',
      );
    }
    const chosen = answers.renewalYear ?? null;
    return plan(
      ['birth_month', 'renewal_year'],
      nextYears(endOf),
      birthMonth && chosen
        ? proposePeriod(years, { type: 'birth_month', birthMonth, birthYear: chosen }, today)
        : null,
      'member',
    );
  }
  if (anchor.type === 'individual_license_date') {
    const issueDate = answers.issueDate ?? null;
    return plan(
      ['issue_date'],
      [],
      issueDate ? proposePeriod(years, { type: 'individual_license_date', issueDate }, today) : null,
      'rule',
    );
  }
  return byDate();
}

// ---------------------------------------------------------------------------------------------
// Requirement engine

/**
 * Over which days a mandatory topic's credits count (state-ce-rules.md §7.3): the CE period,
 * a number of years ending with it ('every 4 years'), or any time before its end ('once').
 */
export type TTopicWindow = 'period' | 'lifetime' | { years: number };

export type TRequirementRule = {
  totalHours: number | null;
  selfStudyMaxHours: number | null;
  selfStudyMaxPercent: number | null;
  liveMinHours: number | null;
  /** null: the source does not say; the tracker then counts a live webinar as live. */
  liveWebinarCountsAsLive: boolean | null;
  mandatory: { topic: string; hours: number | null; window?: TTopicWindow }[];
  /** Minutes in one of the state's hours: 50 where a contact hour is 50 minutes (§7.10); null = 60. */
  hourMinutes?: number | null;
  /** Topics whose hours count toward the total only up to a maximum (§7.6; 0 = not at all). */
  categoryCaps?: { topic: string; maxHours: number }[];
  /** false: carry-over forbidden; null: unknown (the member's figure counts). */
  carryOverAllowed: boolean | null;
  carryOverMaxHours: number | null;
};

/**
 * Each capped topic's maximum hours. Two caps on one topic (two sources, or staff's and the
 * data's): the tighter one holds.
 */
export function capsByTopic(rule: Pick<TRequirementRule, 'categoryCaps'>): Map<string, number> {
  const caps = new Map<string, number>();
  for (const cap of rule.categoryCaps ?? []) {
    caps.set(cap.topic, Math.min(cap.maxHours, caps.get(cap.topic) ?? Infinity));
  }
  return caps;
}

export type TCredit = {
  id: string;
  date: string;
  hours: number;
  delivery: TTrackerDelivery;
  topics: readonly string[];
  /** A card with an expiry (CPR/BLS, §7.7): it meets its topics while valid on the period's last day. */
  expiresOn?: string | null;
};

export type TCreditReason = 'outside_period' | 'over_self_study_cap' | 'over_category_cap';

export type TCreditVerdict = {
  id: string;
  /** true when some of its hours count toward the total. */
  counts: boolean;
  countedHours: number;
  /** Counted as live (in person, or a webinar where the state counts webinars as live). */
  live: boolean;
  reasons: TCreditReason[];
};

export type TRequirementLine = { required: number | null; counted: number; met: boolean | null };

export type TStanding = {
  total: TRequirementLine & { carryOver: number };
  live: TRequirementLine | null;
  /** The self-study cap: `max` hours may count; `notCounting` hours beyond it do not. */
  selfStudy: { max: number; counted: number; notCounting: number } | null;
  topics: (TRequirementLine & { topic: string; validUntil: string | null })[];
  credits: TCreditVerdict[];
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The hours of self-study that may count toward the total, or null without a cap. */
export function selfStudyCap(rule: TRequirementRule): number | null {
  const caps: number[] = [];
  if (rule.selfStudyMaxHours !== null) caps.push(rule.selfStudyMaxHours);
  if (rule.selfStudyMaxPercent !== null && rule.totalHours !== null)
    caps.push((rule.totalHours * rule.selfStudyMaxPercent) / 100);
  return caps.length ? round2(Math.min(...caps)) : null;
}

/** Whether a credit counts as live under the rule. */
export function countsAsLive(rule: TRequirementRule, delivery: TTrackerDelivery): boolean {
  if (delivery === 'in_person') return true;
  if (delivery === 'live_webinar') return rule.liveWebinarCountsAsLive !== false;
  return false;
}

const line = (required: number | null, counted: number): TRequirementLine => ({
  required,
  counted: round2(counted),
  met: required === null ? null : counted + 1e-9 >= required,
});

/**
 * Where a member stands for one period: every credit judged (in the period? over the self-study
 * cap?) and every requirement with what is required and what counts. Self-study hours count in
 * date order until the cap; the hours beyond it do not count toward the total. A course with a
 * mandatory topic counts toward both the topic and the total. Carry-over counts toward the total
 * only, up to the rule's maximum, and not where the rule forbids it.
 */
export function evaluateStanding(
  rule: TRequirementRule,
  period: TPeriod,
  credits: readonly TCredit[],
  carryOverHours = 0,
): TStanding {
  const cap = selfStudyCap(rule);
  // Hours are stored as 60-minute hours; a state of 50-minute hours counts 1.2 of its own per hour.
  const unit = 60 / (rule.hourMinutes && rule.hourMinutes > 0 ? rule.hourMinutes : 60);
  const hoursOf = (c: TCredit) => c.hours * unit;
  const categoryCaps = capsByTopic(rule);
  const categoryUsed = new Map<string, number>();
  const ordered = [...credits].sort((a, b) =>
    a.date === b.date ? a.id.localeCompare(b.id) : a.date < b.date ? -1 : 1,
  );
  let selfStudyUsed = 0;
  let selfStudyOver = 0;
  let totalCounted = 0;
  let liveCounted = 0;
  const inPeriod: TCredit[] = [];
  const verdicts = new Map<string, TCreditVerdict>();
  for (const credit of ordered) {
    const live = countsAsLive(rule, credit.delivery);
    const verdict: TCreditVerdict = { id: credit.id, counts: false, countedHours: 0, live, reasons: [] };
    verdicts.set(credit.id, verdict);
    if (credit.date < period.start || credit.date > period.end) {
      verdict.reasons.push('outside_period');
      continue;
    }
    inPeriod.push(credit);
    let hours = hoursOf(credit);
    for (const topic of credit.topics) {
      const max = categoryCaps.get(topic);
      if (max === undefined) continue;
      const used = categoryUsed.get(topic) ?? 0;
      const room = Math.max(0, max - used);
      if (hours > room) {
        verdict.reasons.push('over_category_cap');
        hours = room;
      }
      categoryUsed.set(topic, used + hours);
    }
    if (!live && cap !== null) {
      const room = Math.max(0, cap - selfStudyUsed);
      if (hours > room) {
        verdict.reasons.push('over_self_study_cap');
        selfStudyOver += hours - room;
        hours = room;
      }
      selfStudyUsed += hours;
    }
    if (live) liveCounted += hours;
    totalCounted += hours;
    verdict.countedHours = round2(hours);
    verdict.counts = hours > 0;
  }
  const carryOver =
    rule.carryOverAllowed === false
      ? 0
      : Math.max(
          0,
          rule.carryOverMaxHours === null ? carryOverHours : Math.min(carryOverHours, rule.carryOverMaxHours),
        );
  const topics = rule.mandatory.map(({ topic, hours, window = 'period' }) => {
    const from =
      window === 'period'
        ? period.start
        : window === 'lifetime'
          ? '0000-01-01'
          : addYears(period.end, -window.years);
    const tagged = credits.filter((c) => c.topics.includes(topic) && c.date <= period.end);
    // A card (an expiry date) counts while valid on the period's last day, whenever it was issued;
    // an expired one does not. Other credits count inside the topic's window.
    const counting = tagged.filter((c) =>
      c.expiresOn ? c.expiresOn >= period.end : window === 'period' ? c.date >= from : c.date > from,
    );
    const validUntil = counting.reduce<string | null>(
      (latest, c) => (c.expiresOn && (latest === null || c.expiresOn > latest) ? c.expiresOn : latest),
      null,
    );
    const counted = counting.reduce((sum, c) => sum + hoursOf(c), 0);
    // A requirement without an hour figure (a current CPR card) is met by any credit on the topic.
    const required = hours ?? null;
    const result = line(required, counted);
    return {
      topic,
      ...result,
      met: required === null ? counting.length > 0 : result.met,
      validUntil,
    };
  });
  return {
    total: { ...line(rule.totalHours, totalCounted + carryOver), carryOver: round2(carryOver) },
    live: rule.liveMinHours === null ? null : line(rule.liveMinHours, liveCounted),
    selfStudy:
      cap === null ? null : { max: cap, counted: round2(selfStudyUsed), notCounting: round2(selfStudyOver) },
    topics,
    credits: credits.map((c) => verdicts.get(c.id)!),
  };
}

/** The same day `years` years earlier or later (Feb 29 → Feb 28). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return clampedDay(y + years, m, d);
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * A mandatory topic's window from the source's frequency text (§7.3): 'every 4 years' → 4 years,
 * 'every other renewal' → two cycles, 'once' → any time; anything else → the CE period. ('Per
 * year' stays the period: its hours are multiplied by the cycle's years instead.)
 */
export function topicWindow(frequency: string | null, cycleYears: number | null): TTopicWindow {
  if (!frequency) return 'period';
  const text = frequency.toLowerCase();
  if (/^once\b/.test(text) || /once in (a )?lifetime/.test(text)) return 'lifetime';
  const every = /every (\d+|one|two|three|four|five|six) (calendar )?years?/.exec(text);
  if (every) {
    const years = NUMBER_WORDS[every[1]!] ?? Number(every[1]);
    return years > 0 ? { years } : 'period';
  }
  const months = /per (\d+) months/.exec(text);
  if (months && Number(months[1]) % 12 === 0) return { years: Number(months[1]) / 12 };
  if (/every other renewal/.test(text) && cycleYears) return { years: 2 * cycleYears };
  return 'period';
}

/**
 * Whether a conditional requirement (§7.4) applies to a licence: true without a condition, the
 * licence's registration flag for controlled-substance prescribers (DEA or a state CS
 * registration), null for a condition the tracker cannot check (a permit, an endorsement): shown
 * as a note.
 */
export function requirementApplies(
  appliesTo: string | null | undefined,
  licence: { holdsDea: boolean },
): boolean | null {
  if (!appliesTo) return true;
  if (/\bDEA\b|controlled[- ]substance|prescrib|\bCSR\b|\bCS registration/i.test(appliesTo))
    return licence.holdsDea;
  return null;
}

/** What is still missing: the unmet topics and whether live hours or any hours are short. */
export function unmetNeeds(standing: TStanding): { topics: string[]; live: boolean; total: boolean } {
  return {
    topics: standing.topics.filter((t) => t.met === false).map((t) => t.topic),
    live: standing.live?.met === false,
    total: standing.total.met === false,
  };
}
