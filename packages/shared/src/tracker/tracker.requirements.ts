import { TRACKER_TOPIC_LABELS } from '../texts.ts';
import {
  addDays,
  addYears,
  topicWindow,
  TRACKER_MANDATORY_TOPICS,
  type TCredit,
  type TPeriod,
  type TTopicWindow,
} from './tracker.rules.ts';

/*
 * Which of a rule's requirements apply to a licence, of what kind each is, and whether it is met
 * (issue 36, docs/decisions/1110). A requirement the tracker cannot hold the member to is never
 * shown as missing: it does not apply (no DEA registration, past the first renewal, a first
 * period the board exempts), or it depends on something the licence has not said yet (asked).
 * Pure: no zod, no I/O.
 */

/**
 * hours: hours on a topic in a window; course: a course on the topic, no hour figure; once: a
 * one-off course (ever, or by the first renewal); card: a current CPR/BLS card at the deadline;
 * assessment: the board's own test (a jurisprudence assessment), not a course; note: shown, not
 * tracked (a choice of topics, a permit's extra hours).
 */
export const TRACKER_REQUIREMENT_KINDS = ['hours', 'course', 'once', 'card', 'assessment', 'note'] as const;
export type TRequirementKind = (typeof TRACKER_REQUIREMENT_KINDS)[number];

/** Permits and endorsements a licence can hold that some requirements depend on. */
export const TRACKER_PERMITS = ['sedation', 'restorative'] as const;
export type TTrackerPermit = (typeof TRACKER_PERMITS)[number];

export type TMandatoryItem = {
  topic: string;
  category: string;
  hours: number | null;
  frequency?: string | null;
  appliesTo?: string | null;
  note?: string | null;
  /** Set by staff where the wording misleads; null: read from the wording. */
  kind?: TRequirementKind | null;
};

export type TCondition =
  | { type: 'dea' }
  | { type: 'permit'; permit: TTrackerPermit }
  /** Only up to a time after the licence was first issued: its first renewal (null) or N years. */
  | { type: 'first_licensure'; years: number | null }
  /** A condition the tracker cannot check (an expanded-practice hygienist): shown as a note. */
  | { type: 'other'; text: string };

const TRACKED: ReadonlySet<string> = new Set(TRACKER_MANDATORY_TOPICS);
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** The kind of a requirement, from staff's setting or the source's wording. */
export function requirementKind(m: TMandatoryItem): TRequirementKind {
  if (m.kind) return m.kind;
  if (!TRACKED.has(m.category)) return 'note';
  if (/\b(assessment|exam|examination)\b/i.test(m.topic.replace(/_/g, ' '))) return 'assessment';
  if (m.category === 'cpr_bls') return 'card';
  if (/^\s*once\b|once in (a )?lifetime/i.test(m.frequency ?? '')) return 'once';
  return m.hours === null ? 'course' : 'hours';
}

const PRESCRIBER = /\bDEA\b|controlled[- ]substance|prescrib|\bCSR\b|\bCS registration/i;

/** The conditions under which a requirement applies, from whom it names and its frequency. */
export function requirementConditions(m: TMandatoryItem): TCondition[] {
  const out: TCondition[] = [];
  const who = m.appliesTo ?? '';
  const when = m.frequency ?? '';
  if (who) {
    if (/sedation|anesthesia/i.test(who)) out.push({ type: 'permit', permit: 'sedation' });
    else if (/restorative/i.test(who)) out.push({ type: 'permit', permit: 'restorative' });
    else if (PRESCRIBER.test(who)) out.push({ type: 'dea' });
    else out.push({ type: 'other', text: who });
  }
  if (/\bDEA\b/.test(when) && !out.some((c) => c.type === 'dea')) out.push({ type: 'dea' });
  if (/first renewal/i.test(when)) out.push({ type: 'first_licensure', years: null });
  const within =
    /within (?:the )?(?:first )?(\d+|one|two|three|four|five|six) years? of (?:initial |first )?licen/i.exec(
      when,
    );
  if (within) out.push({ type: 'first_licensure', years: NUMBER_WORDS[within[1]!] ?? Number(within[1]) });
  return out;
}

/** A requirement's stable key on its rule (the member's "done" marks are kept by it). */
export function requirementKey(m: Pick<TMandatoryItem, 'category' | 'topic'>): string {
  const topic = m.topic
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60);
  return `${m.category}:${topic}`;
}

const UPPER = new Set(['hiv', 'aids', 'hipaa', 'cpr', 'bls', 'dea', 'lgbtq', 'kasper', 'cs', 'nj', 'ic']);
/**
 * The board's wording of a requirement as a member reads it: 'jurisprudence_assessment' →
 * 'Jurisprudence assessment'; a topic worded as a code of the controlled list takes its label
 * ('cpr_bls' → 'CPR / BLS').
 */
export function requirementLabel(m: Pick<TMandatoryItem, 'topic'>): string {
  const known = TRACKER_TOPIC_LABELS[m.topic];
  if (known) return known;
  const words = m.topic
    .replace(/_/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (UPPER.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  const text = words.join(' ').replace(/\bhiv aids\b/i, 'HIV/AIDS');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : m.topic;
}

/** The hours a requirement asks for over its window: 'per year' counts once for each year of the cycle. */
export function requiredHours(m: TMandatoryItem, cycleYears: number | null): number | null {
  if (m.hours === null) return null;
  return /per year|annual|each year/i.test(m.frequency ?? '') ? m.hours * (cycleYears ?? 1) : m.hours;
}

/** What a licence says about itself that requirements depend on. */
export type TLicenceFacts = {
  holdsDea: boolean;
  permits: readonly string[];
  /** The day the licence was first issued; null: not said. */
  issuedOn: string | null;
};

export type TNotApplicableReason = 'no_dea' | 'no_permit' | 'after_first_licensure' | 'first_period';
/** What the licence should say for the tracker to decide. */
export type TTrackerQuestion = 'issued_on' | 'dea' | 'permit' | 'check';

export type TApplicability =
  | { applies: true }
  | { applies: false; reason: TNotApplicableReason }
  | { applies: null; ask: TTrackerQuestion };

/** Whether the requirement's conditions hold for the licence in this period. */
export function requirementApplicability(
  conditions: readonly TCondition[],
  facts: TLicenceFacts,
  period: TPeriod,
): TApplicability {
  let open: TTrackerQuestion | null = null;
  for (const c of conditions) {
    if (c.type === 'dea' && !facts.holdsDea) return { applies: false, reason: 'no_dea' };
    if (c.type === 'permit' && !facts.permits.includes(c.permit))
      return { applies: false, reason: 'no_permit' };
    if (c.type === 'first_licensure') {
      if (!facts.issuedOn) open ??= 'issued_on';
      // Due by the first renewal: only while the licence is in its first period. Due within N
      // years of licensure: only while those years reach into this period.
      else if (
        c.years === null ? facts.issuedOn < period.start : addYears(facts.issuedOn, c.years) < period.start
      )
        return { applies: false, reason: 'after_first_licensure' };
    }
    if (c.type === 'other') open ??= 'check';
  }
  return open ? { applies: null, ask: open } : { applies: true };
}

export type TRequirementStatus = 'met' | 'missing' | 'not_applicable' | 'unknown';

export type TRequirementResult = {
  key: string;
  /** The controlled topic (the record's category). */
  topic: string;
  label: string;
  kind: TRequirementKind;
  required: number | null;
  counted: number;
  status: TRequirementStatus;
  /** Why it does not apply (not_applicable). */
  reason: TNotApplicableReason | null;
  /** What the licence should say for the tracker to decide (unknown). */
  ask: TTrackerQuestion | null;
  /** The latest expiry of the cards that meet it. */
  validUntil: string | null;
  /** The day the member marked it done (an assessment, a one-off course taken before). */
  doneOn: string | null;
  window: TTopicWindow;
  frequency: string | null;
  appliesTo: string | null;
  note: string | null;
};

export type TRequirementContext = {
  period: TPeriod;
  facts: TLicenceFacts;
  cycleYears: number | null;
  /** Minutes in one of the state's hours (50-minute contact hours); null = 60. */
  hourMinutes?: number | null;
  /** The board does not require CE in a licence's first period: true where it says so. */
  firstPeriodExempt?: boolean | null;
  /** The member's marks: requirement key → the day it was done (or, for a card, valid until). */
  done?: Readonly<Record<string, string>>;
};

/** Whether a licence is in a first period the board exempts: null when its issue day is not known. */
export function inExemptFirstPeriod(ctx: TRequirementContext): boolean | null {
  if (!ctx.firstPeriodExempt) return false;
  if (!ctx.facts.issuedOn) return null;
  return ctx.facts.issuedOn >= ctx.period.start;
}

/** The first day a credit counts for a requirement with this window (inclusive). */
function windowStart(window: TTopicWindow, period: TPeriod): string {
  if (window === 'period') return period.start;
  if (window === 'lifetime') return '0000-01-01';
  return addDays(addYears(period.end, -window.years), 1);
}

/**
 * Every requirement of a rule for one licence and period: its kind, whether it applies, and
 * whether it is met. Hours and courses count credits tagged with the topic inside the
 * requirement's window; a one-off course counts whenever it was taken, or the member's mark; a
 * card counts while valid on the period's last day; an assessment only by the member's mark of
 * the day it was passed, inside its window. Nothing that does not apply, and nothing the tracker
 * cannot decide, is ever 'missing'.
 */
export function evaluateRequirements(
  items: readonly TMandatoryItem[],
  credits: readonly TCredit[],
  ctx: TRequirementContext,
): TRequirementResult[] {
  const { period } = ctx;
  const unit = 60 / (ctx.hourMinutes && ctx.hourMinutes > 0 ? ctx.hourMinutes : 60);
  const exempt = inExemptFirstPeriod(ctx);
  return items.map((m) => {
    const kind = requirementKind(m);
    const window: TTopicWindow =
      kind === 'once' ? 'lifetime' : topicWindow(m.frequency ?? null, ctx.cycleYears);
    const key = requirementKey(m);
    const doneOn = ctx.done?.[key] ?? null;
    const from = windowStart(window, period);
    const required = kind === 'hours' || kind === 'once' ? requiredHours(m, ctx.cycleYears) : null;
    const base = {
      key,
      topic: m.category,
      label: requirementLabel(m),
      kind,
      required: required === null ? null : Math.round(required * 100) / 100,
      counted: 0,
      reason: null,
      ask: null,
      validUntil: null,
      doneOn,
      window,
      frequency: m.frequency ?? null,
      appliesTo: m.appliesTo ?? null,
      note: m.note ?? null,
    };
    const applicability = requirementApplicability(requirementConditions(m), ctx.facts, period);
    if (applicability.applies === false)
      return { ...base, status: 'not_applicable' as const, reason: applicability.reason };
    // A first period the board exempts: no course requirement (a card or the board's assessment still holds).
    if (exempt === true && (kind === 'hours' || kind === 'course' || kind === 'once'))
      return { ...base, status: 'not_applicable' as const, reason: 'first_period' as const };
    if (applicability.applies === null)
      return { ...base, status: 'unknown' as const, ask: applicability.ask };
    if (kind === 'note') return { ...base, status: 'unknown' as const, ask: 'check' as const };

    const tagged = credits.filter((c) => c.topics.includes(m.category) && c.date <= period.end);
    if (kind === 'card') {
      const valid = tagged.filter((c) => c.expiresOn && c.expiresOn >= period.end);
      const markedValid = doneOn && doneOn >= period.end ? doneOn : null;
      const validUntil =
        [...valid.map((c) => c.expiresOn!), ...(markedValid ? [markedValid] : [])].sort().pop() ?? null;
      return { ...base, validUntil, status: validUntil ? ('met' as const) : ('missing' as const) };
    }
    if (kind === 'assessment') {
      const inWindow = doneOn !== null && doneOn <= period.end && doneOn >= from;
      return { ...base, status: inWindow ? ('met' as const) : ('missing' as const) };
    }
    const counting = tagged.filter((c) => c.date >= from);
    const counted = Math.round(counting.reduce((sum, c) => sum + c.hours * unit, 0) * 100) / 100;
    const markedDone = kind === 'once' && doneOn !== null && doneOn <= period.end;
    const met =
      markedDone ||
      (base.required === null ? counting.length > 0 : counted + 1e-9 >= base.required && counting.length > 0);
    return { ...base, counted, status: met ? ('met' as const) : ('missing' as const) };
  });
}

/** Requirements a course on the site can fill when missing (not a card, not the board's assessment). */
export function isFillableByCourse(kind: TRequirementKind): boolean {
  return kind === 'hours' || kind === 'course' || kind === 'once';
}
