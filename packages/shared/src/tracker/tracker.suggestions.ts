import { capsByTopic, countsAsLive, type TRequirementRule, type TStanding } from './tracker.rules.ts';

/*
 * Which of the site's courses the tracker may suggest for a gap (issue 36, docs/decisions/1112):
 * only ones a member can take and get the credit for before the deadline, on the topic that is
 * missing, that the board's category rules let count, and that count toward the need (live
 * hours only from what the board counts as live; no self-study once its cap is used). Pure.
 */

export type TSuggestionCandidate = {
  hash: string;
  kind: 'on_demand' | 'live' | 'podcast';
  title: string;
  credits: number;
  topics: readonly string[];
  isPublished: boolean;
  isFree: boolean;
  /** An exam to pass for the credit. */
  hasExam: boolean;
  /** Something to watch, read or hear: a video, a class's PDF, an episode's audio (not 'Coming soon'). */
  hasContent: boolean;
  /** On-demand and episodes: released (ISO); live: the start (ISO). */
  at: string;
  /** Live: seats still free (null: no limit). */
  seatsLeft: number | null;
  url: string;
};

/**
 * Whether a member can take the course and earn its credit before `deadline` (a day): published,
 * free, with credits and an exam; on-demand and episodes released with something to view (not
 * 'Coming soon'); a live webinar still to start, by the deadline, with a seat free.
 */
export function isTakeable(c: TSuggestionCandidate, now: string, deadline: string): boolean {
  if (!c.isPublished || !c.isFree || !c.hasExam || !(c.credits > 0)) return false;
  if (now.slice(0, 10) > deadline) return false;
  if (c.kind === 'live')
    return c.at > now && c.at.slice(0, 10) <= deadline && (c.seatsLeft === null || c.seatsLeft > 0);
  return c.hasContent && c.at <= now;
}

/**
 * Hours still allowed toward the total per capped topic (§7.6), after the member's counted
 * credits: 0 for an excluded topic or a cap used up.
 */
export function categoryRoom(
  rule: Pick<TRequirementRule, 'categoryCaps'>,
  credits: readonly { topics: readonly string[]; counts: boolean; countedHours: number }[],
): Map<string, number> {
  const room = capsByTopic(rule);
  for (const credit of credits) {
    if (!credit.counts) continue;
    for (const topic of credit.topics) {
      const left = room.get(topic);
      if (left !== undefined) room.set(topic, Math.max(0, left - credit.countedHours));
    }
  }
  return room;
}

/** Whether the board's category rules let the course count at all: none of its topics excluded or used up. */
export function isAllowedByCategories(
  c: Pick<TSuggestionCandidate, 'topics'>,
  room: ReadonlyMap<string, number>,
) {
  return c.topics.every((t) => (room.get(t) ?? Infinity) > 0);
}

/** How a course is delivered, as the rule engine reads it. */
export const candidateDelivery = (c: Pick<TSuggestionCandidate, 'kind'>) =>
  c.kind === 'live' ? ('live_webinar' as const) : ('self_study' as const);

export type TSuggestionNeed = { type: 'topic'; topic: string } | { type: 'live' } | { type: 'total' };

export type TSuggestionContext = {
  rule: TRequirementRule;
  standing: Pick<TStanding, 'selfStudy'>;
  room: ReadonlyMap<string, number>;
  now: string;
  deadline: string;
  limit: number;
};

/** Whether the course adds to the need under the rule: live hours from live only, the total not past the self-study cap. */
export function countsTowardNeed(
  c: TSuggestionCandidate,
  need: TSuggestionNeed,
  ctx: TSuggestionContext,
): boolean {
  const live = countsAsLive(ctx.rule, candidateDelivery(c));
  if (need.type === 'live') return live;
  if (need.type === 'topic') return c.topics.includes(need.topic);
  const selfStudyFull =
    ctx.standing.selfStudy !== null && ctx.standing.selfStudy.counted >= ctx.standing.selfStudy.max;
  return live || !selfStudyFull;
}

/**
 * The courses to suggest for one need: takeable, allowed by the categories, counting toward the
 * need; those whose every hour counts (no capped topic) first, then the soonest live ones and the
 * most credits. Different licences get different lists where their rules differ.
 */
export function suggestCourses(
  candidates: readonly TSuggestionCandidate[],
  need: TSuggestionNeed,
  ctx: TSuggestionContext,
): TSuggestionCandidate[] {
  const capped = (c: TSuggestionCandidate) => c.topics.some((t) => ctx.room.has(t));
  const seen = new Set<string>();
  return candidates
    .filter(
      (c) =>
        isTakeable(c, ctx.now, ctx.deadline) &&
        isAllowedByCategories(c, ctx.room) &&
        countsTowardNeed(c, need, ctx) &&
        !seen.has(c.hash) &&
        seen.add(c.hash),
    )
    .sort(
      (a, b) =>
        Number(capped(a)) - Number(capped(b)) ||
        b.credits - a.credits ||
        (a.kind === 'live' && b.kind === 'live' ? (a.at < b.at ? -1 : a.at > b.at ? 1 : 0) : 0) ||
        a.title.localeCompare(b.title),
    )
    .slice(0, ctx.limit);
}
