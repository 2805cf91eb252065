import type { Kysely } from 'kysely';
import type { TAdminSurveyQuestions } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { newId, newPublicHash } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import { notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import * as repo from './editors.repo.ts';

/*
 * The questions of a survey (02 §3: yes/no, single, multi) and their choices. Questions and
 * choices that stay keep their id and public hash, so the answers already given to them stay
 * attached; only the ones staff remove go, with their answers.
 */

export function createSurveyEditor(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function load(surveyId: string) {
    const survey = await repo.selectSurvey(db, surveyId);
    if (!survey) throw notFound('This survey no longer exists.');
    const questions = await repo.selectSurveyQuestions(db, surveyId);
    const choices = await repo.selectSurveyChoices(
      db,
      questions.map((q) => q.id),
    );
    return {
      status: true,
      title: survey.title,
      answers: await repo.countSurveyAnswers(db, surveyId),
      questions: questions.map((q) => ({
        id: q.id,
        question: q.question,
        type: q.type,
        submitLabel: q.submit_label,
        choices: choices.filter((c) => c.question_id === q.id).map((c) => ({ id: c.id, label: c.label })),
      })),
    };
  }

  return {
    load,

    async save(surveyId: string, body: TAdminSurveyQuestions, actor: TSessionMember) {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.selectSurvey(trx, surveyId))) throw notFound('This survey no longer exists.');
        const before = await repo.selectSurveyQuestions(trx, surveyId);
        const beforeChoices = await repo.selectSurveyChoices(
          trx,
          before.map((q) => q.id),
        );
        const questionById = new Map(before.map((q) => [q.id, q]));
        const choiceById = new Map(beforeChoices.map((c) => [c.id, c]));
        const keptQuestions = new Set<string>();
        const keptChoices = new Set<string>();
        for (const [i, q] of body.questions.entries()) {
          // An id from another survey (or made up) is treated as a new question.
          const existing = q.id ? questionById.get(q.id) : undefined;
          const questionId = existing?.id ?? newId();
          keptQuestions.add(questionId);
          await repo.upsertSurveyQuestion(
            trx,
            {
              id: questionId,
              hash: existing?.hash ?? newPublicHash(),
              survey_id: surveyId,
              position: i + 1,
              question: q.question,
              type: q.type,
              submit_label: q.submitLabel,
            },
            !existing,
          );
          for (const [n, c] of q.choices.entries()) {
            const existingChoice = c.id ? choiceById.get(c.id) : undefined;
            const choiceId = existingChoice?.id ?? newId();
            keptChoices.add(choiceId);
            await repo.upsertSurveyChoice(
              trx,
              {
                id: choiceId,
                hash: existingChoice?.hash ?? newPublicHash(),
                question_id: questionId,
                position: n + 1,
                label: c.label,
              },
              !existingChoice,
            );
          }
        }
        await repo.deleteSurveyChoices(
          trx,
          beforeChoices.filter((c) => !keptChoices.has(c.id)).map((c) => c.id),
        );
        await repo.deleteSurveyQuestions(
          trx,
          before.filter((q) => !keptQuestions.has(q.id)).map((q) => q.id),
        );
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'update-survey-questions',
          entity: 'surveys',
          entityId: surveyId,
          detail: { questions: body.questions.length },
        });
      });
      return load(surveyId);
    },
  };
}

export type TSurveyEditor = ReturnType<typeof createSurveyEditor>;
