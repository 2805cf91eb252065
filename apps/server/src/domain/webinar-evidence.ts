import type { Kysely, Transaction } from 'kysely';
import {
  creditRuleText,
  isCreditBelow,
  minutesInWindow,
  PRESENCE_SOURCE_LABEL,
  webinarCreditDecision,
  type TCreditRule,
} from '@opence/shared';
import { ZWebinarEvidence, type TWebinarEvidence } from '@opence/shared/schemas';
import type { DB } from '../db/types.ts';
import { selectVerifiedAttendance } from './verified-attendance.ts';

/*
 * One attendee's webinar evidence (issue 42, docs/decisions/1150–1152), read by the exams (the
 * decision the certificate's delivery follows), the webinar-evidence feature (the member's
 * reason) and kept on the completion for the verify page and the audit pack. Only this member's
 * rows: no other attendee's data.
 */

type TDb = Kysely<DB> | Transaction<DB>;

/** The webinar's rule from its three columns; null when staff set none. */
export function ruleOf(row: {
  credit_min_minutes: number | null;
  credit_min_polls: number | null;
  credit_below: string | null;
}): TCreditRule | null {
  if (row.credit_min_minutes === null || row.credit_min_polls === null || !isCreditBelow(row.credit_below))
    return null;
  return { minMinutes: row.credit_min_minutes, minPolls: row.credit_min_polls, below: row.credit_below };
}

const webinarEnd = (releaseAt: string, durationMin: number) =>
  new Date(Date.parse(releaseAt) + durationMin * 60_000).toISOString();

/**
 * Minutes from the confirmed participant report when there is one (a member it does not name was
 * not there), else from the live room: the seat's first entry to the webinar's end (1152).
 */
async function presenceOf(
  db: TDb,
  cls: { id: string; release_at: string; duration_min: number },
  memberId: string,
) {
  const report = await selectVerifiedAttendance(db, cls.id, memberId);
  const source = PRESENCE_SOURCE_LABEL;
  if (report.hasReport) {
    const intervals = report.presence ? (JSON.parse(report.presence) as { from: string; to: string }[]) : [];
    return {
      minutesSource: 'report' as const,
      minutesPresent: Math.floor(report.minutes),
      presence: intervals.map((i) => ({ from: i.from, to: i.to, source: source.report })),
    };
  }
  const seat = await db
    .selectFrom('seats')
    .select('started_at')
    .where('class_id', '=', cls.id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const end = webinarEnd(cls.release_at, cls.duration_min);
  const joined = seat?.started_at ?? null;
  return {
    minutesSource: 'room' as const,
    minutesPresent: joined ? minutesInWindow([{ from: joined, to: end }], { start: cls.release_at, end }) : 0,
    presence: joined ? [{ from: joined, to: end, source: source.room }] : [],
  };
}

/** The evidence and decision for one member of a webinar, as of now; null for a class that is not one. */
export async function selectWebinarEvidence(
  db: TDb,
  classId: string,
  memberId: string,
): Promise<TWebinarEvidence | null> {
  const cls = await db
    .selectFrom('classes')
    .select(['id', 'release_at', 'duration_min', 'credit_min_minutes', 'credit_min_polls', 'credit_below'])
    .where('id', '=', classId)
    .executeTakeFirst();
  if (!cls) return null;
  const polls = await db
    .selectFrom('webinar_polls')
    .leftJoin('webinar_poll_answers', (join) =>
      join
        .onRef('webinar_poll_answers.poll_id', '=', 'webinar_polls.id')
        .on('webinar_poll_answers.member_id', '=', memberId),
    )
    .select([
      'webinar_polls.question',
      'webinar_polls.opened_at',
      'webinar_polls.closed_at',
      'webinar_poll_answers.answered_at',
    ])
    .where('webinar_polls.class_id', '=', classId)
    .where('webinar_polls.opened_at', 'is not', null)
    .orderBy('webinar_polls.opened_at')
    .execute();
  const rule = ruleOf(cls);
  const presence = await presenceOf(db, cls, memberId);
  const pollsAnswered = polls.filter((p) => p.answered_at !== null).length;
  const { decision, reason } = webinarCreditDecision({
    rule,
    minutesPresent: presence.minutesPresent,
    pollsOpened: polls.length,
    pollsAnswered,
  });
  return {
    kind: 'webinar',
    ruleText: creditRuleText(rule),
    decision,
    reason,
    presence: presence.presence,
    minutesPresent: presence.minutesPresent,
    minutesSource: presence.minutesSource,
    polls: polls.map((p) => ({
      question: p.question,
      openedAt: p.opened_at!,
      closedAt: p.closed_at,
      answeredAt: p.answered_at,
    })),
    pollsOpened: polls.length,
    pollsAnswered,
  };
}

/** The evidence kept on a completion when its certificate was issued; null when none was kept. */
export function keptWebinarEvidence(json: string | null): TWebinarEvidence | null {
  if (!json) return null;
  const parsed = ZWebinarEvidence.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}
