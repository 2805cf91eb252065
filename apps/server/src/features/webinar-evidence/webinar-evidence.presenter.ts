import { creditRuleText, POLL_CHOICES_MAX } from '@opence/shared';
import type { TAdminPoll, TAdminPollsResponse } from '@opence/shared/schemas';
import { ruleOf } from '../../domain/webinar-evidence.ts';
import type { selectPolls, selectWebinar } from './webinar-evidence.repo.ts';

type TWebinarRow = NonNullable<Awaited<ReturnType<typeof selectWebinar>>>;
type TPollRow = Awaited<ReturnType<typeof selectPolls>>[number];

export function presentAdminPoll(row: TPollRow, counts: ReadonlyMap<string, number>): TAdminPoll {
  const choices = JSON.parse(row.choices) as string[];
  return {
    id: row.id,
    question: row.question,
    choices,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
    counts: choices.map((_, i) => counts.get(`${row.id}:${i}`) ?? 0).slice(0, POLL_CHOICES_MAX),
  };
}

export function presentAdminPolls(
  webinar: TWebinarRow,
  polls: readonly TPollRow[],
  counts: ReadonlyMap<string, number>,
): TAdminPollsResponse {
  const rule = ruleOf(webinar);
  return {
    title: webinar.title,
    releaseAt: webinar.release_at,
    durationMin: webinar.duration_min,
    rule,
    ruleText: creditRuleText(rule),
    polls: polls.map((p) => presentAdminPoll(p, counts)),
  };
}
