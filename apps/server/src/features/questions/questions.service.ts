import {
  ClassType,
  isQuestionsLive,
  isTakingQuestions,
  QUESTION_RATE_LIMIT,
  QuestionTexts,
} from '@opence/shared';
import type { TAdminQuestionFilter } from '@opence/shared/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { recordAudit } from '../../domain/audit.ts';
import { conflict, notFound, rateLimited } from '../../lib/api-errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { presentAdminQuestion, presentQuestion } from './questions.presenter.ts';
import * as repo from './questions.repo.ts';

export type TQuestionsDeps = { db: Kysely<DB>; now?: () => Date };

type TWebinar = NonNullable<Awaited<ReturnType<typeof repo.selectWebinarByHash>>>;

/**
 * Questions to a webinar's presenter (issue 42, docs/decisions/1160–1162): members ask, vote and
 * withdraw; staff and the presenter (a staff account) answer or hide in the console.
 */
export function createQuestionsService({ db, now = () => new Date() }: TQuestionsDeps) {
  /** A live webinar by its hash; anything else is not one questions can be sent to. */
  async function webinarOf(c: string): Promise<TWebinar> {
    const webinar = await repo.selectWebinarByHash(db, c);
    if (!webinar || webinar.type_id !== ClassType.LIVE) throw notFound(QuestionTexts.NOT_A_WEBINAR);
    return webinar;
  }

  const isOpen = (w: { release_at: string; duration_min: number }) =>
    isTakingQuestions(w.release_at, w.duration_min, now().getTime());

  async function adminQuestion(id: string) {
    const row = await repo.selectAdminQuestion(db, id);
    if (!row) throw notFound(QuestionTexts.NOT_FOUND);
    return presentAdminQuestion(row);
  }

  return {
    async list(memberId: string, c: string) {
      const webinar = await webinarOf(c);
      const rows = await repo.selectMemberQuestions(db, webinar.id, memberId);
      return { status: true, isOpen: isOpen(webinar), questions: rows.map(presentQuestion) };
    },

    /** Counts the hit before anything else, so concurrent sends cannot pass the limit together. */
    async ask(memberId: string, c: string, text: string) {
      const webinar = await webinarOf(c);
      if (!isOpen(webinar)) throw conflict(QuestionTexts.ENDED);
      const hit = await hitRateLimit(
        db,
        `questions:${memberId}`,
        QUESTION_RATE_LIMIT.hits,
        QUESTION_RATE_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) throw rateLimited(QuestionTexts.TOO_MANY);
      const at = nowIso(now());
      const id = newId();
      await repo.insertQuestion(db, { id, class_id: webinar.id, member_id: memberId, text, asked_at: at });
      return {
        status: true,
        question: presentQuestion({
          id,
          text,
          asked_at: at,
          answered_at: null,
          answer: null,
          votes: 0,
          is_mine: 1,
          has_voted: 0,
        }),
      };
    },

    async vote(memberId: string, id: string) {
      const question = await repo.selectVisibleQuestion(db, id);
      if (!question) throw notFound(QuestionTexts.NOT_FOUND);
      if (!isOpen(question)) throw conflict(QuestionTexts.ENDED);
      if (question.member_id === memberId) throw conflict(QuestionTexts.OWN_VOTE);
      await repo.insertVote(db, id, memberId, nowIso(now()));
      return { status: true, votes: await repo.countVotes(db, id) };
    },

    /** Another member's question is not found, so its existence is not told either. */
    async withdraw(memberId: string, id: string) {
      if (await repo.deleteOwnOpenQuestion(db, id, memberId)) return { status: true };
      const own = await repo.selectOwnQuestion(db, id, memberId);
      if (own?.answered_at) throw conflict(QuestionTexts.ALREADY_ANSWERED);
      throw notFound(QuestionTexts.NOT_FOUND);
    },

    async adminList(classId: string, show: TAdminQuestionFilter) {
      const webinar = await repo.selectWebinarById(db, classId);
      if (!webinar) throw notFound();
      const [rows, counts] = await Promise.all([
        repo.selectAdminQuestions(db, classId, show),
        repo.countAdminQuestions(db, classId),
      ]);
      return {
        status: true,
        title: webinar.title,
        releaseAt: webinar.release_at,
        durationMin: webinar.duration_min,
        isLive: isQuestionsLive(webinar.release_at, webinar.duration_min, now().getTime()),
        counts,
        questions: rows.map(presentAdminQuestion),
      };
    },

    async answer(staffId: string, id: string, answer: string | null) {
      const at = now();
      const done = await db.transaction().execute(async (trx) => {
        if (!(await repo.markAnswered(trx, id, { answer, by: staffId, at: nowIso(at) }))) return false;
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: 'question.answer',
            entity: 'webinar_questions',
            entityId: id,
            detail: { answer },
          },
          at,
        );
        return true;
      });
      if (!done) throw notFound(QuestionTexts.NOT_FOUND);
      return { status: true, question: await adminQuestion(id) };
    },

    /** Hiding twice keeps the first hiding and its reason. */
    async hide(staffId: string, id: string, reason: string) {
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.markHidden(trx, id, { reason, by: staffId, at: nowIso(at) }))) return;
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: 'question.hide',
            entity: 'webinar_questions',
            entityId: id,
            detail: { reason },
          },
          at,
        );
      });
      return { status: true, question: await adminQuestion(id) };
    },
  };
}

export type TQuestionsService = ReturnType<typeof createQuestionsService>;
