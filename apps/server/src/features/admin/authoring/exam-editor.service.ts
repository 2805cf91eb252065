import type { Kysely } from 'kysely';
import { Limits } from '@opence/shared';
import type { TAdminExam } from '@opence/shared/schemas';
import { isForeignKeyViolation } from '../../../db/dialect/index.ts';
import type { DB } from '../../../db/types.ts';
import { newId, nowIso } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import { conflict, notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import * as repo from './editors.repo.ts';

/*
 * The exam of a class or podcast episode (02 §3): pass mark and questions with up to six
 * options and the correct one. Saving replaces the questions in one transaction.
 */

export const EXAM_OWNERS = {
  classes: { table: 'classes', column: 'class_id' },
  podcasts: { table: 'podcasts', column: 'podcast_id' },
} as const satisfies Record<string, repo.TExamOwner>;
export type TExamOwnerKey = keyof typeof EXAM_OWNERS;

const NOT_FOUND = 'This class or episode no longer exists.';

export function createExamEditor(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function load(ownerKey: TExamOwnerKey, ownerId: string) {
    const owner = EXAM_OWNERS[ownerKey];
    const target = await repo.selectOwnerTitle(db, owner, ownerId);
    if (!target) throw notFound(NOT_FOUND);
    const exam = await repo.selectExam(db, owner, ownerId);
    if (!exam) return { status: true, title: target.title, exam: null, attempts: 0 };
    const questions = await repo.selectExamQuestions(db, exam.id);
    return {
      status: true,
      title: target.title,
      attempts: await repo.countExamAttempts(db, exam.id),
      exam: {
        minScore: exam.min_score,
        drawCount: exam.draw_count,
        questions: questions.map((q) => ({
          question: q.question,
          options: [q.option1, q.option2, q.option3, q.option4, q.option5, q.option6].map((o) => o ?? ''),
          correctOption: q.correct_option,
        })),
      },
    };
  }

  return {
    load,

    async save(ownerKey: TExamOwnerKey, ownerId: string, exam: TAdminExam, actor: TSessionMember) {
      const owner = EXAM_OWNERS[ownerKey];
      await db.transaction().execute(async (trx) => {
        if (!(await repo.selectOwnerTitle(trx, owner, ownerId))) throw notFound(NOT_FOUND);
        let current = await repo.selectExam(trx, owner, ownerId);
        if (current) {
          await repo.updateExamSettings(trx, current.id, {
            minScore: exam.minScore,
            drawCount: exam.drawCount ?? null,
          });
        } else {
          current = {
            id: newId(),
            class_id: ownerKey === 'classes' ? ownerId : null,
            podcast_id: ownerKey === 'podcasts' ? ownerId : null,
            min_score: exam.minScore,
            draw_count: exam.drawCount ?? null,
            created_at: nowIso(),
          };
          await repo.insertExam(trx, current);
        }
        await repo.replaceExamQuestions(
          trx,
          current.id,
          exam.questions.map((q, i) => ({
            id: newId(),
            position: i + 1,
            question: q.question,
            options: Array.from({ length: Limits.EXAM_OPTIONS_MAX }, (_, n) => q.options[n] || null),
            correct: q.correctOption,
          })),
        );
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'update-exam',
          entity: ownerKey,
          entityId: ownerId,
          detail: {
            minScore: exam.minScore,
            drawCount: exam.drawCount ?? null,
            questions: exam.questions.length,
          },
        });
      });
      return load(ownerKey, ownerId);
    },

    async remove(ownerKey: TExamOwnerKey, ownerId: string, actor: TSessionMember) {
      const owner = EXAM_OWNERS[ownerKey];
      try {
        await db.transaction().execute(async (trx) => {
          const exam = await repo.selectExam(trx, owner, ownerId);
          if (!exam) throw notFound('There is no exam to delete.');
          await repo.deleteExam(trx, exam.id);
          await recordAudit(trx, {
            actorId: actor.id,
            action: 'delete-exam',
            entity: ownerKey,
            entityId: ownerId,
          });
        });
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        throw conflict(
          'Members have passed this exam: it stays, so that their certificates do. Edit it instead.',
        );
      }
      return { status: true };
    },
  };
}

export type TExamEditor = ReturnType<typeof createExamEditor>;
