import type { Insertable } from 'kysely';
import { newId, nowIso } from '../../lib/ids.ts';
import type { DB } from '../types.ts';

/*
 * Questions sent in advance to an upcoming demo webinar (issue 42): a few from other members,
 * with votes, and one the presenter has already answered in writing, so the webinar's page, the
 * live room and the console's list show every state.
 */

const QUESTIONS: readonly { text: string; daysAgo: number; votes: number; answer?: string }[] = [
  {
    text: 'At what age do you start a formal caries risk assessment? We see many children under two.',
    daysAgo: 3,
    votes: 3,
  },
  {
    text: 'Which fluoride varnish schedule do you recommend for a high-risk three-year-old?',
    daysAgo: 2,
    votes: 2,
    answer: 'Every three months for high-risk children; the webinar covers how to explain it to parents.',
  },
  {
    text: 'How do you get parents to keep a diet diary for a whole week?',
    daysAgo: 1,
    votes: 0,
  },
];

const DAY_MS = 24 * 60 * 60_000;

export function demoQuestionRows(p: {
  classId: string;
  askers: readonly { id: string }[];
  staffId: string;
  now: Date;
}): {
  webinar_questions: Insertable<DB['webinar_questions']>[];
  question_votes: Insertable<DB['question_votes']>[];
} {
  const questions: Insertable<DB['webinar_questions']>[] = [];
  const votes: Insertable<DB['question_votes']>[] = [];
  QUESTIONS.forEach((q, i) => {
    const asker = p.askers[i % p.askers.length]!;
    const askedAt = new Date(p.now.getTime() - q.daysAgo * DAY_MS);
    const id = newId();
    questions.push({
      id,
      class_id: p.classId,
      member_id: asker.id,
      text: q.text,
      asked_at: nowIso(askedAt),
      answered_at: q.answer ? nowIso(new Date(askedAt.getTime() + DAY_MS / 2)) : null,
      answer: q.answer ?? null,
      answered_by: q.answer ? p.staffId : null,
    });
    p.askers
      .filter((m) => m.id !== asker.id)
      .slice(0, q.votes)
      .forEach((voter, v) =>
        votes.push({
          question_id: id,
          member_id: voter.id,
          voted_at: nowIso(new Date(askedAt.getTime() + (v + 1) * 60 * 60_000)),
        }),
      );
  });
  return { webinar_questions: questions, question_votes: votes };
}
