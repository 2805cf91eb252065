import { z } from 'zod';
import { ZPublicId, ZToken } from '../api.schema.ts';
import { Limits, SponsorAnswer } from '../constants.ts';
import { Texts } from '../texts.ts';
import {
  requireClassOrPodcast,
  ZOptionalHash,
  ZStudentData,
  ZTzOffsetMin,
} from '../classroom/classroom.schema.ts';

/*
 * Requests and responses of evaluation, sponsor video, survey and exam (02 §3, §5, §7). The
 * evaluation form schema drives the browser form and validates save-eval on the server.
 */

/** A rating 4 Excellent … 1 Poor; a radio group gives it as text. */
const ZRating = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z
    .number({ error: Texts.ANSWER_REQUIRED })
    .int(Texts.ANSWER_REQUIRED)
    .min(1, Texts.ANSWER_REQUIRED)
    .max(4, Texts.ANSWER_REQUIRED),
);

const ZEvalText = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string().max(Limits.EVAL_TEXT_MAX, Texts.FIELD_TOO_LONG),
);

/** The ten ratings of the evaluation, in the order the form asks them (02 §3 Evaluation form). */
export const EVALUATION_RATINGS = [
  { name: 'courseObjectives', label: 'The course met its stated learning objectives.' },
  { name: 'courseUseful', label: 'The content is useful in my practice.' },
  { name: 'courseAppropriate', label: 'The content was appropriate for my level of experience.' },
  { name: 'courseLogical', label: 'The material was presented in a logical order.' },
  { name: 'instructorCommunication', label: 'The instructor communicated clearly.' },
  { name: 'instructorPreparedness', label: 'The instructor was well prepared.' },
  { name: 'instructorEffectiveness', label: 'The instructor was effective overall.' },
  { name: 'sitePresentation', label: 'The presentation on this site was of good quality.' },
  { name: 'siteNavigation', label: 'The site was easy to navigate.' },
  { name: 'siteComparison', label: 'Compared with other online CE, this site is…' },
] as const;
export type TRatingName = (typeof EVALUATION_RATINGS)[number]['name'];

export const ZEvaluationForm = z.object({
  courseObjectives: ZRating,
  courseUseful: ZRating,
  courseAppropriate: ZRating,
  courseLogical: ZRating,
  instructorCommunication: ZRating,
  instructorPreparedness: ZRating,
  instructorEffectiveness: ZRating,
  sitePresentation: ZRating,
  siteNavigation: ZRating,
  siteComparison: ZRating,
  comments: ZEvalText,
  otherTopics: ZEvalText,
});
export type TEvaluationFormInput = z.input<typeof ZEvaluationForm>;
export type TEvaluationForm = z.output<typeof ZEvaluationForm>;

export const ZSaveEvalRequest = z
  .object({ s: ZToken.optional(), c: ZOptionalHash, p: ZOptionalHash, a: ZEvaluationForm })
  .superRefine(requireClassOrPodcast);
export type TSaveEvalRequest = z.input<typeof ZSaveEvalRequest>;

export const ZStatusResponse = z.object({ status: z.boolean() });
export type TStatusResponse = z.infer<typeof ZStatusResponse>;

/** GET /api/sva and /api/survey: s, c. */
export const ZSponsorStepQuery = z.object({ c: ZPublicId, s: ZToken.optional() });

/** The sponsor video of a class (02 §3 Sponsor video). */
export const ZSponsorVideo = z.object({
  id: z.string(),
  youtubeId: z.string().nullable(),
  videoUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  companyPhoto: z.string().nullable(),
  headline: z.string(),
  blurb: z.string(),
  headlineButtons: z.string().nullable(),
  buttonTextYes: z.string(),
  buttonTextNo: z.string(),
});
export type TSponsorVideo = z.infer<typeof ZSponsorVideo>;

export const ZSvaResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(ZSponsorVideo),
});
export type TSvaResponse = z.infer<typeof ZSvaResponse>;

/** POST /api/save-sva-response: s, c, v (sponsor video id), e (2 yes, 3 no). */
export const ZSaveSvaRequest = z.object({
  s: ZToken.optional(),
  c: ZPublicId,
  v: z.string().trim().min(1).max(64),
  e: z.coerce
    .number()
    .int()
    .refine((e) => e === SponsorAnswer.YES || e === SponsorAnswer.NO, 'Must be 2 (yes) or 3 (no).'),
});
export type TSaveSvaRequest = z.infer<typeof ZSaveSvaRequest>;

export const ZSurveyQuestionType = z.enum(['yesno', 'single', 'multi']);

/** A survey as the member answers it (02 §3 Survey). */
export const ZSurvey = z.object({
  hash: z.string(),
  sessionHash: z.string(),
  title: z.string(),
  questions: z.array(
    z.object({
      hash: z.string(),
      question: z.string(),
      type: ZSurveyQuestionType,
      buttons: z.array(z.object({ hash: z.string(), label: z.string() })),
      submitLabel: z.string().nullable(),
    }),
  ),
});
export type TSurvey = z.infer<typeof ZSurvey>;

export const ZSurveyResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(ZSurvey),
});
export type TSurveyResponse = z.infer<typeof ZSurveyResponse>;

/**
 * POST /api/save-survey-response (02 §7). The class is named by c when the browser sends it
 * (ours does), otherwise by the sessionHash that GET /api/survey issued for it.
 */
export const ZSaveSurveyRequest = z.object({
  s: ZToken.optional(),
  c: ZOptionalHash,
  sh: ZPublicId,
  q: ZPublicId,
  choices: z.array(ZPublicId).min(1, 'Select at least one choice.').max(20),
  sessionHash: ZPublicId,
  isLast: z.boolean().default(false),
});
export type TSaveSurveyRequest = z.input<typeof ZSaveSurveyRequest>;

/** GET /api/exam: c or p, s; tzOffsetMin (ours) makes examsLeftToday count the member's own day. */
export const ZExamQuery = z
  .object({ s: ZToken.optional(), c: ZOptionalHash, p: ZOptionalHash, tzOffsetMin: ZTzOffsetMin.optional() })
  .superRefine(requireClassOrPodcast);

/** An exam question as the member sees it: never which option is correct (03 §6). */
export const ZExamQuestion = z.object({
  examQId: z.string(),
  question: z.string(),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  option4: z.string().nullable(),
  option5: z.string().nullable(),
  option6: z.string().nullable(),
});
export type TExamQuestion = z.infer<typeof ZExamQuestion>;

export const ZExam = z.object({ minScore: z.number(), questions: z.array(ZExamQuestion) });

export const ZExamResponse = z.object({
  status: z.boolean(),
  exam: ZExam,
  examDelayMin: z.number().int(),
  studentData: ZStudentData,
  classId: z.string().nullable(),
  podcastId: z.string().nullable(),
  hash: z.string(),
  title: z.string(),
  speakerName: z.string().nullable(),
  credits: z.number(),
  releaseDate: z.string(),
});
export type TExamResponse = z.infer<typeof ZExamResponse>;

/** POST /api/grade-exam: s, c, p, a (selected option numbers in question order), tzOffsetMin. */
export const ZGradeExamRequest = z
  .object({
    s: ZToken.optional(),
    c: ZOptionalHash,
    p: ZOptionalHash,
    a: z.array(z.coerce.number().int().min(1).max(Limits.EXAM_OPTIONS_MAX)).max(200),
    tzOffsetMin: ZTzOffsetMin,
  })
  .superRefine(requireClassOrPodcast);
export type TGradeExamRequest = z.input<typeof ZGradeExamRequest>;

export const ZGradeExamResponse = z.object({
  status: z.boolean(),
  exam: ZExam,
  examScore: z.number(),
  passed: z.boolean(),
  grades: z.array(z.boolean()),
  examDelayMin: z.number().int(),
  examsLeftToday: z.number().int(),
  certUrl: z.string().nullable(),
  msg: z.string(),
});
export type TGradeExamResponse = z.infer<typeof ZGradeExamResponse>;
