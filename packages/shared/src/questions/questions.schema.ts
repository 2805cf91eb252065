import { z } from 'zod';
import { ZOptionalToken, ZPublicId } from '../api.schema.ts';
import { QuestionTexts } from '../texts/questions.ts';
import {
  ANSWER_MAX_LENGTH,
  HIDE_REASON_MAX_LENGTH,
  HIDE_REASON_MIN_LENGTH,
  plainQuestionText,
  QUESTION_MAX_LENGTH,
} from './questions.rules.ts';

/*
 * Questions to a webinar's presenter (issue 42, docs/decisions/1160–1162): members ask before
 * and during the webinar and vote; staff and the presenter answer or hide them in the console.
 */

/** A question's row id (UUIDv7). */
export const ZQuestionId = z.string().trim().min(1).max(40);

/** What the member typed, kept as plain text (the rule in questions.rules.ts), then measured. */
export const ZQuestionText = z
  .string({ error: QuestionTexts.TEXT_REQUIRED })
  // Far more than any question: the cap only keeps a flood of blanks from being cleaned.
  .max(QUESTION_MAX_LENGTH * 8, QuestionTexts.TEXT_TOO_LONG)
  .transform(plainQuestionText)
  .pipe(z.string().min(1, QuestionTexts.TEXT_REQUIRED).max(QUESTION_MAX_LENGTH, QuestionTexts.TEXT_TOO_LONG));

/** GET /api/questions?c=: the webinar's questions as a member sees them. */
export const ZQuestionsQuery = z.object({ s: ZOptionalToken, c: ZPublicId });

/** A question as members see it: never who asked, only whether it is the reader's own. */
export const ZQuestion = z.object({
  id: z.string(),
  text: z.string(),
  votes: z.number().int(),
  askedAt: z.string(),
  isAnswered: z.boolean(),
  answeredAt: z.string().nullable(),
  /** The presenter's short written answer, when one was given. */
  answer: z.string().nullable(),
  isMine: z.boolean(),
  hasVoted: z.boolean(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZQuestionsResponse = z.object({
  status: z.boolean(),
  /** False once the webinar has ended: no more questions or votes. */
  isOpen: z.boolean(),
  questions: z.array(ZQuestion),
});
export type TQuestionsResponse = z.infer<typeof ZQuestionsResponse>;

/** The question form: what the member types. */
export const ZQuestionForm = z.object({ text: ZQuestionText });
export type TQuestionForm = z.input<typeof ZQuestionForm>;

/** POST /api/questions */
export const ZAskQuestionRequest = z.object({ s: ZOptionalToken, c: ZPublicId, text: ZQuestionText });
export type TAskQuestionRequest = z.input<typeof ZAskQuestionRequest>;
export const ZAskQuestionResponse = z.object({ status: z.boolean(), question: ZQuestion });

/** POST /api/question-vote and /api/question-withdraw: one question of the member's webinar. */
export const ZQuestionRequest = z.object({ s: ZOptionalToken, id: ZQuestionId });
export const ZQuestionVoteResponse = z.object({ status: z.boolean(), votes: z.number().int() });

// The console (staff and the presenter)

export const ADMIN_QUESTION_FILTERS = ['open', 'answered', 'hidden', 'all'] as const;
export type TAdminQuestionFilter = (typeof ADMIN_QUESTION_FILTERS)[number];

export const ZAdminQuestionsParams = z.object({ id: z.string().trim().min(1).max(40) });
export const ZAdminQuestionsQuery = z.object({
  show: z.preprocess((v) => (v === '' || v == null ? 'all' : v), z.enum(ADMIN_QUESTION_FILTERS)),
});

export const ZAdminQuestion = z.object({
  id: z.string(),
  text: z.string(),
  votes: z.number().int(),
  askedAt: z.string(),
  askedBy: z.string(),
  answeredAt: z.string().nullable(),
  answer: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type TAdminQuestion = z.infer<typeof ZAdminQuestion>;

export const ZAdminQuestionsResponse = z.object({
  status: z.boolean(),
  title: z.string(),
  releaseAt: z.string(),
  durationMin: z.number().int(),
  /** From an hour before the start to the end: the console refreshes the list meanwhile. */
  isLive: z.boolean(),
  counts: z.object({ open: z.number().int(), answered: z.number().int(), hidden: z.number().int() }),
  /** By votes, most first, then the earliest asked; 'all' leaves hidden ones out. */
  questions: z.array(ZAdminQuestion),
});
export type TAdminQuestionsResponse = z.infer<typeof ZAdminQuestionsResponse>;

/** POST /api/admin/questions/:id/answer: marks it answered, with an optional written answer. */
export const ZAnswerQuestionRequest = z.object({
  answer: z
    .string()
    .trim()
    .max(ANSWER_MAX_LENGTH, QuestionTexts.ANSWER_TOO_LONG)
    .transform((text) => plainQuestionText(text) || null)
    .optional(),
});
export type TAnswerQuestionRequest = z.input<typeof ZAnswerQuestionRequest>;

/** POST /api/admin/questions/:id/hide: hides an abusive question, with why (kept in the audit log). */
export const ZHideQuestionRequest = z.object({
  reason: z
    .string({ error: QuestionTexts.HIDE_REASON_REQUIRED })
    .trim()
    .min(HIDE_REASON_MIN_LENGTH, QuestionTexts.HIDE_REASON_REQUIRED)
    .max(HIDE_REASON_MAX_LENGTH, QuestionTexts.HIDE_REASON_TOO_LONG),
});
export type THideQuestionRequest = z.input<typeof ZHideQuestionRequest>;

export const ZAdminQuestionResponse = z.object({ status: z.boolean(), question: ZAdminQuestion });
