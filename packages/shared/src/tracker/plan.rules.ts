import { PlanTexts } from '../texts/tracker-plan.ts';
import {
  evaluateRequirements,
  isFillableByCourse,
  type TMandatoryItem,
  type TRequirementContext,
  type TRequirementResult,
} from './tracker.requirements.ts';
import {
  addDays,
  addYears,
  countsAsLive,
  evaluateStanding,
  trackerDay,
  type TCredit,
  type TRequirementRule,
  type TStanding,
  type TTrackerDelivery,
} from './tracker.rules.ts';

/*
 * The renewal plan (issue 41, docs/decisions/1140–1143): from a licence's gap, a dated list of the
 * site's free sessions that the tracker's own checker (evaluateStanding + evaluateRequirements)
 * finds complete, or the best partial list and the rules it cannot meet. Greedy with the checker
 * as the judge: each step adds the session that shrinks the gap most, then sessions the finished
 * plan does not need are dropped. Pure: no zod, no I/O.
 */

export type TPlanSessionKind = 'live' | 'on_demand' | 'in_person';

/** A session the plan may use: a live webinar, an on-demand class or an in-person event. */
export type TPlanSession = {
  hash: string;
  kind: TPlanSessionKind;
  title: string;
  /** Credit hours (60-minute hours, as certificates state them). */
  hours: number;
  topics: readonly string[];
  /** Live and in person: the start (ISO); on demand: its release. */
  startsAt: string;
  /** Live and in person: the end (ISO); on demand: null (dated by the plan). */
  endsAt: string | null;
  /** Live: seats still free (null: no limit). */
  seatsLeft: number | null;
  isPublished: boolean;
  /** Something to take: false for a 'Coming soon' class. */
  hasContent: boolean;
  /** The member already holds a seat (live) or a place (in person). */
  isBooked: boolean;
  url: string;
};

/** A board's cap on hours in one day (AK: 8 h of internet CE in any 24 h; CA, NM: 8 units a day). */
export type TDayLimit = { hours: number; onlineOnly: boolean };

/** Hours of on-demand study the plan puts on one day when the board sets no lower cap. */
export const PLAN_PACE_HOURS = 4;

/** How a session's credit counts, as the checker reads it. */
export function sessionDelivery(kind: TPlanSessionKind): TTrackerDelivery {
  return kind === 'in_person' ? 'in_person' : kind === 'live' ? 'live_webinar' : 'self_study';
}

const DAY_CAP =
  /(?:max(?:imum)?|not more than|no more than|at most|up to)\s+(\d+(?:\.\d+)?)\s*(?:h\b|hours?|units?|credits?)[^.;]*?(?:24-hour period|per day|a day|one day)/i;

/**
 * A per-day cap from a rule's notes (the records write it in words, not a field): 'Not more than 8
 * hours of Internet CE taken in any 24-hour period' → 8 h online only; 'Max 8 units credited per
 * day' → 8 h of anything. Null where the notes set none.
 */
export function dayLimitOf(notes: string | null): TDayLimit | null {
  for (const sentence of (notes ?? '').split(/[.;]\s/)) {
    const found = DAY_CAP.exec(sentence);
    if (found) return { hours: Number(found[1]), onlineOnly: /internet|online/i.test(sentence) };
  }
  return null;
}

export type TPlanInput = {
  rule: TRequirementRule;
  items: readonly TMandatoryItem[];
  context: TRequirementContext;
  credits: readonly TCredit[];
  carryOverHours: number;
  dayLimit: TDayLimit | null;
  sessions: readonly TPlanSession[];
  /** The time the plan is made (ISO). */
  now: string;
};

export type TPlanItem = {
  session: TPlanSession;
  /** The day it is taken: a live or in-person session's day (UTC), an on-demand class's planned day. */
  day: string;
  /** The needs it serves: requirement keys, 'live', 'total'. */
  serves: string[];
};

export type TPlanNeedKind = 'topic' | 'card' | 'assessment' | 'live' | 'total';
export type TPlanShortfall = { need: string; kind: TPlanNeedKind; text: string };

export type TPlan = {
  items: TPlanItem[];
  /** Empty when the plan meets every requirement the checker holds the licence to. */
  shortfalls: TPlanShortfall[];
  /** What was missing before the plan: requirement keys, 'live', 'total'. */
  needs: string[];
};

const EPS = 1e-6;
const dayOf = (iso: string) => iso.slice(0, 10);

type TChecked = { standing: TStanding; requirements: TRequirementResult[] };

function check(input: TPlanInput, credits: readonly TCredit[]): TChecked {
  return {
    standing: evaluateStanding(input.rule, input.context.period, credits, input.carryOverHours),
    requirements: evaluateRequirements(input.items, credits, input.context),
  };
}

/**
 * How far the credits are from meeting the rule: missing hours of every line, and one for each
 * missing course or card. An assessment no course can meet is left out, so it never blocks a step.
 */
function distance({ standing, requirements }: TChecked): number {
  let gap = 0;
  for (const r of requirements) {
    if (r.status !== 'missing' || r.kind === 'assessment' || r.kind === 'note') continue;
    gap += r.required === null ? 1 : Math.max(0, r.required - r.counted) + (r.counted > 0 ? 0 : 1);
  }
  if (standing.live?.met === false) gap += (standing.live.required ?? 0) - standing.live.counted;
  if (standing.total.met === false) gap += (standing.total.required ?? 0) - standing.total.counted;
  return gap;
}

function missingNeeds({ standing, requirements }: TChecked): string[] {
  return [
    ...requirements.filter((r) => r.status === 'missing').map((r) => r.key),
    ...(standing.live?.met === false ? ['live'] : []),
    ...(standing.total.met === false ? ['total'] : []),
  ];
}

/**
 * Whether a session may be planned at all: published, not 'Coming soon', not a live or in-person
 * session that has started, ending by the deadline (a day, inclusive) and inside the period; a
 * live webinar with a seat free or already the member's.
 */
export function isPlannable(s: TPlanSession, now: string, period: { start: string; end: string }): boolean {
  if (!s.isPublished || !s.hasContent || !(s.hours > 0)) return false;
  if (s.kind === 'on_demand') return s.startsAt <= now && dayOf(now) <= period.end;
  if (!s.endsAt || s.startsAt <= now || dayOf(s.endsAt) > period.end || dayOf(s.startsAt) < period.start)
    return false;
  return s.kind !== 'live' || s.isBooked || s.seatsLeft === null || s.seatsLeft > 0;
}

/** A planned session as the checker's credit: a CPR course in person gives a card for two years. */
export function planCredit(s: TPlanSession, day: string): TCredit {
  return {
    id: `plan-${s.hash}`,
    date: day,
    hours: s.hours,
    delivery: sessionDelivery(s.kind),
    topics: s.topics,
    expiresOn: s.kind === 'in_person' && s.topics.includes('cpr_bls') ? addYears(day, 2) : null,
  };
}

/** Hours on a day that count toward the board's daily cap (or the plan's own pace). */
function hoursOnDay(items: readonly TPlanItem[], day: string, limit: TDayLimit | null): number {
  let sum = 0;
  for (const i of items) if (i.day === day && countsTowardDay(i.session, limit)) sum += i.session.hours;
  return sum;
}

function countsTowardDay(s: TPlanSession, limit: TDayLimit | null): boolean {
  return !limit?.onlineOnly || s.kind !== 'in_person';
}

/**
 * The day a session is taken: a live or in-person one on its own day, if the day's cap has room;
 * an on-demand class on the first day from today with room under the cap and the plan's pace.
 */
function dayFor(s: TPlanSession, items: readonly TPlanItem[], input: TPlanInput): string | null {
  const limit = input.dayLimit;
  const fits = (day: string, cap: number) =>
    !countsTowardDay(s, limit) || hoursOnDay(items, day, limit) + s.hours <= cap + EPS;
  const { start, end } = input.context.period;
  if (s.kind !== 'on_demand') {
    const day = dayOf(s.startsAt);
    return fits(day, limit?.hours ?? Infinity) ? day : null;
  }
  const pace = Math.min(limit?.hours ?? PLAN_PACE_HOURS, PLAN_PACE_HOURS);
  // A class longer than a day's pace still gets a day of its own, where the board's cap allows.
  const cap = Math.max(pace, Math.min(s.hours, limit?.hours ?? Infinity));
  const first = dayOf(input.now) > start ? dayOf(input.now) : start;
  for (let day = first; day <= end; day = addDays(day, 1)) {
    const onDemandThatDay = items.some((i) => i.day === day && i.session.kind === 'on_demand');
    if (fits(day, onDemandThatDay ? pace : cap)) return day;
  }
  return null;
}

/**
 * Dates a set of sessions: the live and in-person ones first, on their own days, then the
 * on-demand classes in the order chosen, around them. Null when one does not fit before the
 * deadline. Re-dated on every change, so a webinar added later moves a class off its day
 * instead of being kept out by it.
 */
function schedule(sessions: readonly TPlanSession[], input: TPlanInput): TPlanItem[] | null {
  const items: TPlanItem[] = [];
  for (const pass of [false, true])
    for (const s of sessions) {
      if ((s.kind === 'on_demand') !== pass) continue;
      const day = dayFor(s, items, input);
      if (!day) return null;
      items.push({ session: s, day, serves: [] });
    }
  return items;
}

const byTime = (a: TPlanItem, b: TPlanItem) =>
  a.day.localeCompare(b.day) ||
  a.session.startsAt.localeCompare(b.session.startsAt) ||
  a.session.hash.localeCompare(b.session.hash);

/**
 * The renewal plan for one licence. Sessions the member booked come first; then, each step, the
 * session that closes most of the gap (ties: the earlier, then the shorter, then by hash, so the
 * same input gives the same plan). A finished plan drops any session it can do without.
 */
export function buildPlan(input: TPlanInput): TPlan {
  const start = check(input, input.credits);
  const needs = missingNeeds(start);
  const open = input.sessions
    .filter((s) => isPlannable(s, input.now, input.context.period))
    .sort((a, b) => Number(b.isBooked) - Number(a.isBooked) || a.hash.localeCompare(b.hash));
  const unique = open.filter((s, i) => open.findIndex((o) => o.hash === s.hash) === i);
  const gapOf = (items: readonly TPlanItem[]) =>
    distance(check(input, [...input.credits, ...items.map((i) => planCredit(i.session, i.day))]));
  let chosen: TPlanSession[] = [];
  let items: TPlanItem[] = [];
  let gap = distance(start);
  while (gap > EPS) {
    let best: { session: TPlanSession; items: TPlanItem[]; day: string; gap: number } | null = null;
    for (const s of unique) {
      if (chosen.includes(s)) continue;
      const dated = schedule([...chosen, s], input);
      if (!dated) continue;
      const after = gapOf(dated);
      if (after > gap - EPS) continue;
      const day = dated.find((i) => i.session === s)!.day;
      if (!best || isBetter({ session: s, day }, gap - after, best, gap - best.gap))
        best = { session: s, items: dated, day, gap: after };
    }
    if (!best) break;
    chosen = [...chosen, best.session];
    items = best.items;
    gap = best.gap;
  }
  // Drops, latest first, every session (not one the member booked) the plan reaches as far without.
  for (const s of [...chosen].reverse()) {
    if (s.isBooked) continue;
    const without = chosen.filter((c) => c !== s);
    const dated = schedule(without, input);
    if (dated && gapOf(dated) <= gap + EPS) {
      chosen = without;
      items = dated;
    }
  }
  const end = check(input, [...input.credits, ...items.map((i) => planCredit(i.session, i.day))]);
  return {
    items: items.sort(byTime).map((i) => ({ ...i, serves: servedNeeds(input, i.session, needs) })),
    shortfalls: shortfallsOf(input, end),
    needs,
  };
}

type TChoice = { session: TPlanSession; day: string };

function isBetter(a: TChoice, gainA: number, b: TChoice, gainB: number): boolean {
  if (a.session.isBooked !== b.session.isBooked) return a.session.isBooked;
  if (Math.abs(gainA - gainB) > EPS) return gainA > gainB;
  if (a.day !== b.day) return a.day < b.day;
  if (a.session.hours !== b.session.hours) return a.session.hours < b.session.hours;
  return a.session.hash < b.session.hash;
}

/** The needs a session serves: the missing topics it covers, live hours where it counts as live, the total. */
function servedNeeds(input: TPlanInput, s: TPlanSession, needs: readonly string[]): string[] {
  const start = check(input, input.credits).requirements;
  const out = start
    .filter((r) => needs.includes(r.key) && s.topics.includes(r.topic))
    .filter((r) => r.kind !== 'card' || s.kind === 'in_person')
    .map((r) => r.key);
  if (needs.includes('live') && countsAsLive(input.rule, sessionDelivery(s.kind))) out.push('live');
  if (needs.includes('total')) out.push('total');
  return out;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);

/** What the plan cannot meet, in the member's words: each names its rule. */
function shortfallsOf(input: TPlanInput, end: TChecked): TPlanShortfall[] {
  const deadline = trackerDay(input.context.period.end);
  const out: TPlanShortfall[] = [];
  for (const r of end.requirements) {
    if (r.status !== 'missing') continue;
    const kind: TPlanNeedKind =
      r.kind === 'card'
        ? 'card'
        : r.kind === 'assessment' || !isFillableByCourse(r.kind)
          ? 'assessment'
          : 'topic';
    const text =
      kind === 'card'
        ? PlanTexts.SHORT_CARD
        : kind === 'assessment'
          ? PlanTexts.SHORT_ASSESSMENT
          : PlanTexts.SHORT_TOPIC;
    out.push({ need: r.key, kind, text: fill(text, { label: r.label, deadline }) });
  }
  const { live, total } = end.standing;
  if (live?.met === false) {
    const text =
      input.rule.liveWebinarCountsAsLive === false ? PlanTexts.SHORT_IN_PERSON : PlanTexts.SHORT_LIVE;
    out.push({
      need: 'live',
      kind: 'live',
      text: fill(text, { hours: String(live.required), short: short(live), deadline }),
    });
  }
  if (total.met === false) {
    const text = input.dayLimit ? PlanTexts.SHORT_TOTAL_DAY_LIMIT : PlanTexts.SHORT_TOTAL;
    out.push({
      need: 'total',
      kind: 'total',
      text: fill(text, {
        hours: String(total.required),
        short: short(total),
        deadline,
        perDay: String(input.dayLimit?.hours ?? ''),
      }),
    });
  }
  return out;
}

const short = (l: { required: number | null; counted: number }) =>
  String(Math.round(((l.required ?? 0) - l.counted) * 100) / 100);

/** The Monday of a day's week ('YYYY-MM-DD'): the plan screen groups its items by week. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
