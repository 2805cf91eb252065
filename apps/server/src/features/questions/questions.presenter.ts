import { studentName } from '@opence/shared';
import type { TAdminQuestion, TQuestion } from '@opence/shared/schemas';
import type { TAdminQuestionRow, TMemberQuestionRow } from './questions.repo.ts';

/** A question as members see it: never the asker (docs/decisions/1160). */
export function presentQuestion(row: TMemberQuestionRow): TQuestion {
  return {
    id: row.id,
    text: row.text,
    votes: Number(row.votes),
    askedAt: row.asked_at,
    isAnswered: row.answered_at !== null,
    answeredAt: row.answered_at,
    answer: row.answer,
    isMine: Number(row.is_mine) === 1,
    hasVoted: Number(row.has_voted) === 1,
  };
}

/** A question as staff and the presenter see it: with who asked, by name and username. */
export function presentAdminQuestion(row: TAdminQuestionRow): TAdminQuestion {
  const name = studentName(row.firstname, row.lastname);
  return {
    id: row.id,
    text: row.text,
    votes: Number(row.votes),
    askedAt: row.asked_at,
    askedBy: name ? `${name} (${row.username})` : row.username,
    answeredAt: row.answered_at,
    answer: row.answer,
    hiddenAt: row.hidden_at,
    hiddenReason: row.hidden_reason,
  };
}
