import { z } from 'zod';
import { ZOptionalToken, ZPublicId, ZToken } from '../api.schema.ts';
import { Texts } from '../texts.ts';

/*
 * Requests and responses of the classroom (02 §3 Class and Student data, §7 class, class-view,
 * save-affidavit, queue-add, remove-queue). Ids of rows a member has are text ids, 0 for none
 * (the spec's "queueId 0 = not queued", "attendeeId 0").
 */

/** A row a member may have, or 0 when there is none. */
export const ZRowRef = z.union([z.string(), z.literal(0)]);
export type TRowRef = z.infer<typeof ZRowRef>;

/** An optional class or podcast hash: '' and null mean none (02 §7 "c or null, p or null"). */
export const ZOptionalHash = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  ZPublicId.optional(),
);

/** Refinement for calls about a class (c) or a podcast episode (p): exactly one of them. */
export function requireClassOrPodcast(
  value: { c?: string | undefined; p?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!value.c === !value.p) ctx.addIssue({ code: 'custom', path: ['c'], message: Texts.NO_CLASS_SELECTED });
}

/** The browser's getTimezoneOffset(): minutes UTC is ahead of local time (−14 h … +14 h). */
export const ZTzOffsetMin = z.coerce.number().int().min(-840).max(840);

/** Query of class and class-view: the class by hash or slug, and the token. */
export const ZClassQuery = z.object({
  c: ZPublicId,
  s: ZOptionalToken,
  tzOffsetMin: ZTzOffsetMin.optional(),
});
export type TClassQuery = z.infer<typeof ZClassQuery>;

export const ZMemberClassQuery = z.object({ c: ZPublicId, s: ZToken.optional() });

/** The class as the classroom shows it (02 §3 Class, 03 §4 course facts). */
export const ZClassObj = z.object({
  classId: z.string(),
  className: z.string(),
  hash: z.string(),
  classHash: z.string(),
  slug: z.string(),
  podcastHash: z.null(),
  typeId: z.number().int(),
  blurb: z.string(),
  description: z.string(),
  lessonBlurb: z.string().nullable(),
  learningObjectives: z.array(z.string()),
  price: z.number().nullable(),
  priceList: z.number().nullable(),
  priceDiscountStr: z.string().nullable(),
  learningPlatformUrl: z.string().nullable(),
  numLessons: z.number().int().nullable(),
  durationHours: z.number().nullable(),
  speakerName: z.string().nullable(),
  speakerCredentials: z.string().nullable(),
  speakerPhoto: z.string().nullable(),
  speakerBlurb: z.string().nullable(),
  photo: z.string().nullable(),
  companyName: z.string().nullable(),
  sponsorCompanyName: z.string().nullable(),
  credits: z.number(),
  ceTypeId: z.number().int(),
  creditName: z.string(),
  releaseDate: z.string(),
  releaseDateUTC: z.string(),
  serverTime: z.string(),
  durationMin: z.number().int(),
  reviewDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  courseNumber: z.string().nullable(),
  agdCode: z.string().nullable(),
  agdCategory: z.string().nullable(),
  isCADentalBoard: z.boolean(),
  courseNumberCADentalBoard: z.string().nullable(),
  zoomCode: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  hasExam: z.boolean(),
  examDelayMin: z.number().int(),
  examTaken: z.boolean(),
  certUrl: z.string().nullable(),
  /** Added beside the spec's fields (decision 1003): a live class with a seat limit only. */
  seatsLeft: z
    .number()
    .int()
    .optional()
    .describe(
      'A live class with a seat limit: seats not yet taken, 0 when full (a reservation joins the waitlist).',
    ),
  isTutorial: z.boolean(),
});
export type TClassObj = z.infer<typeof ZClassObj>;

/** The member's record on a class or podcast (02 §3 Student data); a visitor's carries nothing personal. */
export const ZStudentData = z.object({
  status: z.boolean(),
  ceTypeId: z.number().int(),
  examTaken: z.boolean(),
  examsLeftToday: z.number().int(),
  isReserved: z.boolean(),
  isWaiting: z.boolean(),
  attendeeId: ZRowRef,
  gradebookId: ZRowRef,
  classViewCount: z.number().int(),
  evalTaken: z.boolean(),
  studentStarted: z.string().nullable(),
  studentEnded: z.string().nullable(),
  agdNumber: z.string().nullable(),
  hideAgdReminder: z.boolean(),
  examDate: z.string().nullable(),
  examDateLocal: z.string().nullable(),
  examScore: z.number().nullable(),
  credits: z.number(),
  queueId: ZRowRef,
  isEnrolled: z.boolean(),
  validUntil: z.string().nullable(),
});
export type TStudentData = z.infer<typeof ZStudentData>;

export const ZClassResponse = z.object({
  status: z.boolean(),
  classObj: ZClassObj,
  studentData: ZStudentData,
  canShowExam: z.boolean(),
});
export type TClassResponse = z.infer<typeof ZClassResponse>;

export const ZClassViewResponse = z.object({ status: z.boolean(), gradebookId: z.string() });
export type TClassViewResponse = z.infer<typeof ZClassViewResponse>;

/** A boolean that may come from a form as 'true'/'false'/'1'/'0'. */
const ZFormBoolean = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean(),
);

/** POST /api/save-affidavit: c, s, attended (02 §7). */
export const ZSaveAffidavitRequest = z.object({ c: ZPublicId, s: ZToken.optional(), attended: ZFormBoolean });
export type TSaveAffidavitRequest = z.infer<typeof ZSaveAffidavitRequest>;

/** POST /api/queue-add and GET /api/remove-queue: c, s (02 §7). */
export const ZQueueRequest = ZMemberClassQuery;
export const ZQueueAddResponse = z.object({ status: z.boolean(), queueId: z.string() });
export type TQueueAddResponse = z.infer<typeof ZQueueAddResponse>;
export const ZRemoveQueueResponse = z.object({
  status: z.boolean(),
  classObj: z.object({ status: z.boolean(), hash: z.string() }),
});
export type TRemoveQueueResponse = z.infer<typeof ZRemoveQueueResponse>;
