import { Texts } from '../texts.ts';

/*
 * The webinar's credit rule and the decision it makes per attendee (issue 42, docs/decisions/1150,
 * 1151). Pure: the server gathers minutes and polls, this decides; the certificate's delivery,
 * the exam's refusal, the verify page and the audit pack all read the same result.
 */

export const CREDIT_BELOW = ['self_study', 'none'] as const;
export type TCreditBelow = (typeof CREDIT_BELOW)[number];

export type TCreditRule = { minMinutes: number; minPolls: number; below: TCreditBelow };
export type TCreditDecision = 'live' | 'self_study' | 'none';

export const POLL_CHOICES_MIN = 2;
export const POLL_CHOICES_MAX = 6;
/** How often the live room asks which poll is open (the pulse), in milliseconds. */
export const LIVE_POLL_REFRESH_MS = 4_000;
/**
 * How long one process answers the pulse of a webinar from memory, in milliseconds (decision
 * 1154): a poll opened on another process reaches the room within this plus the room's refresh.
 */
export const LIVE_POLL_PULSE_TTL_MS = 2_000;

export type TPresenceInterval = { from: string; to: string | null; source: 'report' | 'room' };

export type TDecisionInput = {
  rule: TCreditRule | null;
  minutesPresent: number;
  pollsOpened: number;
  pollsAnswered: number;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A rule as one sentence, for staff, the member, the verify page and the audit pack. */
export function creditRuleText(rule: TCreditRule | null): string {
  if (!rule) return Texts.CREDIT_RULE_NONE;
  const below = rule.below === 'self_study' ? 'self-study credit' : 'no credit';
  return (
    `Live credit for at least ${plural(rule.minMinutes, 'minute', 'minutes')} present and ` +
    `${plural(rule.minPolls, 'poll', 'polls')} answered; below that, ${below}.`
  );
}

/**
 * Polls an attendee must answer: the rule's number, but never more than the presenter opened (a
 * presenter who skipped a poll does not take anyone's credit away, decision 1151).
 */
export function pollsRequired(rule: TCreditRule, pollsOpened: number): number {
  return Math.min(rule.minPolls, pollsOpened);
}

/** The decision for one attendee and the reason in words; no rule keeps live credit as before (1150). */
export function webinarCreditDecision(input: TDecisionInput): { decision: TCreditDecision; reason: string } {
  const { rule, pollsOpened, pollsAnswered } = input;
  const minutes = Math.floor(input.minutesPresent);
  if (!rule) return { decision: 'live', reason: Texts.CREDIT_RULE_NONE };
  const required = pollsRequired(rule, pollsOpened);
  const facts =
    `present ${plural(minutes, 'minute', 'minutes')} of the ${rule.minMinutes} required; ` +
    `answered ${pollsAnswered} of the ${required} ${required === 1 ? 'poll' : 'polls'} required`;
  if (minutes >= rule.minMinutes && pollsAnswered >= required) {
    return { decision: 'live', reason: `Rule met: ${facts}.` };
  }
  const below = rule.below === 'self_study' ? 'self-study credit' : 'no credit';
  return { decision: rule.below, reason: `Below the rule (${below}): ${facts}.` };
}

/** Whole minutes covered by intervals, overlaps counted once, each clipped to the webinar's window. */
export function minutesInWindow(
  intervals: readonly { from: string; to: string | null }[],
  window: { start: string; end: string },
): number {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  const spans = intervals
    .map((i) => [Math.max(start, Date.parse(i.from)), Math.min(end, i.to ? Date.parse(i.to) : end)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [a, b] of spans) {
    if (b <= reach) continue;
    total += b - Math.max(a, reach);
    reach = b;
  }
  return Math.floor(total / 60_000);
}

/** The decision's words for documents. */
export const DECISION_LABEL: Readonly<Record<TCreditDecision, string>> = {
  live: Texts.DECISION_LIVE,
  self_study: Texts.DECISION_SELF_STUDY,
  none: Texts.DECISION_NONE,
};

export const PRESENCE_SOURCE_LABEL: Readonly<Record<TPresenceInterval['source'], string>> = {
  report: Texts.SOURCE_REPORT,
  room: Texts.SOURCE_ROOM,
};

export function isCreditBelow(value: unknown): value is TCreditBelow {
  return typeof value === 'string' && (CREDIT_BELOW as readonly string[]).includes(value);
}
