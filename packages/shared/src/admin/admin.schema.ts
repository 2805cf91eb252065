import { z } from 'zod';
import { pagedResponse, ZPage } from '../api.schema.ts';
import { EMAIL_PATTERN } from '../accounts/accounts.rules.ts';
import { Limits } from '../constants.ts';
import { Texts } from '../texts.ts';
import { requiredMessage, type TAdminField, type TAdminForm } from './admin.fields.ts';
import { RECORDING_FORM } from './admin.forms.ts';

/*
 * Requests and responses of the staff console (03 §10). Authoring forms get their schema from
 * their field definitions (fieldsSchema), so the browser form and the server route apply the
 * same rules with the same messages, each naming its field.
 */

/** A row id or a text block code: short, URL-safe. */
export const ZAdminId = z
  .string()
  .trim()
  .min(1, 'An id is required.')
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, 'Must be a valid id.');
export const ZAdminIdParams = z.object({ id: ZAdminId });

const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const URL_PATTERN = /^https?:\/\/[^\s<>"]+$/i;
const MEDIA_PATTERN = /^(https?:\/\/[^\s<>"]+|\/media\/[^\s<>"]+)$/i;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A form posts numbers as text; numeric text becomes a number, anything else stays to fail. */
const toNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

function textSchema(f: TAdminField, defaultMax: number) {
  const max = f.max ?? defaultMax;
  return z
    .string({ error: requiredMessage(f.label) })
    .trim()
    .max(max, `${f.label} must be at most ${max} characters.`);
}

function isValidDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

function numberSchema(f: TAdminField, isInteger: boolean) {
  const kindText = isInteger ? 'a whole number' : 'a number';
  let schema = z.number({ error: f.required ? requiredMessage(f.label) : `${f.label} must be ${kindText}.` });
  if (isInteger) schema = schema.int(`${f.label} must be a whole number.`);
  if (f.min !== undefined) schema = schema.min(f.min, `${f.label} must be at least ${f.min}.`);
  if (f.max !== undefined) schema = schema.max(f.max, `${f.label} must be at most ${f.max}.`);
  return z.preprocess(toNumber, schema);
}

const ZLink = (label: string) =>
  z.object({
    label: z.string().trim().min(1, `${label}: each link needs a label.`).max(60),
    url: z
      .string()
      .trim()
      .regex(URL_PATTERN, `${label}: each link needs a web address starting with https://.`),
  });

/** The schema of one field's value, before blank handling. */
function valueSchema(f: TAdminField): z.ZodType {
  switch (f.kind) {
    case 'text':
      return textSchema(f, 200);
    case 'slug':
      return textSchema(f, 120).regex(
        SLUG_PATTERN,
        `${f.label} may hold lower-case letters, digits and dashes.`,
      );
    case 'textarea':
    case 'html':
      return textSchema(f, 10_000);
    case 'integer':
      return numberSchema(f, true);
    case 'number':
      return numberSchema(f, false);
    case 'checkbox':
      return z.boolean({ error: `${f.label} must be yes or no.` });
    case 'select': {
      const values = (f.options ?? []).map((o) => o.value);
      const isNumeric = values.every((v) => typeof v === 'number');
      return z.preprocess(
        isNumeric ? toNumber : (v) => v,
        z.any().refine((v) => values.includes(v), `Choose a ${f.label.toLowerCase()} from the list.`),
      );
    }
    case 'ref':
      return z
        .string({ error: requiredMessage(f.label) })
        .regex(ID_PATTERN, `Choose a ${f.label.toLowerCase()} from the list.`);
    case 'refs':
      return z.array(z.string().regex(ID_PATTERN, `Choose ${f.label.toLowerCase()} from the list.`)).max(100);
    case 'datetime':
      return z
        .string({ error: requiredMessage(f.label) })
        .regex(DATETIME_PATTERN, `${f.label} must be a date and time.`)
        .refine((v) => !Number.isNaN(Date.parse(v)), `${f.label} must be a date and time.`)
        .transform((v) => new Date(v).toISOString());
    case 'date':
      return z
        .string({ error: requiredMessage(f.label) })
        .regex(DATE_PATTERN, `${f.label} must be a date (YYYY-MM-DD).`)
        .refine(isValidDate, `${f.label} must be a date (YYYY-MM-DD).`);
    case 'url':
      return z
        .string({ error: requiredMessage(f.label) })
        .trim()
        .max(2000, `${f.label} is too long.`)
        .regex(URL_PATTERN, `${f.label} must be a web address starting with https://.`);
    case 'email':
      return z
        .string({ error: requiredMessage(f.label) })
        .trim()
        .max(254, `${f.label} is too long.`)
        .regex(EMAIL_PATTERN, `${f.label} must be a valid e-mail address.`);
    case 'media':
      return z
        .string({ error: requiredMessage(f.label) })
        .trim()
        .max(2000, `${f.label} is too long.`)
        .regex(MEDIA_PATTERN, `${f.label} must be an uploaded file or a web address.`);
    case 'mediaList':
      return z
        .array(z.string().trim().regex(MEDIA_PATTERN, `${f.label} must be uploaded files or web addresses.`))
        .max(f.max ?? 4, `${f.label}: at most ${f.max ?? 4}.`);
    case 'links':
      return z.array(ZLink(f.label)).max(20, `${f.label}: at most 20.`);
    case 'tags': {
      const values = (f.options ?? []).map((o) => String(o.value));
      return z
        .array(z.string().refine((v) => values.includes(v), `Choose ${f.label.toLowerCase()} from the list.`))
        .max(values.length, `${f.label}: each once.`);
    }
  }
}

const LIST_KINDS = new Set(['refs', 'mediaList', 'links', 'tags']);

/** One field: blank becomes its default (or null, or an empty list); required fields refuse blank. */
export function fieldSchema(f: TAdminField): z.ZodType {
  const schema = valueSchema(f);
  if (LIST_KINDS.has(f.kind)) {
    const list = f.required ? (schema as z.ZodArray).min(1, requiredMessage(f.label)) : schema;
    return z.preprocess((v) => (isBlank(v) ? [] : v), list);
  }
  if (f.kind === 'checkbox') return z.preprocess((v) => (isBlank(v) ? (f.defaultValue ?? false) : v), schema);
  const fallback = f.defaultValue ?? (f.required ? undefined : null);
  return z.preprocess((v) => (isBlank(v) ? fallback : v), f.required ? schema : schema.nullable());
}

/** The schema of a whole form: each field, then the rules across fields. */
export function fieldsSchema(form: TAdminForm) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of form.fields) shape[f.name] = fieldSchema(f);
  return z.object(shape).superRefine((values, ctx) => {
    for (const rule of form.rules ?? []) {
      if (!rule.test(values)) ctx.addIssue({ code: 'custom', message: rule.message, path: [rule.field] });
    }
  });
}

export type TAdminValues = Record<string, unknown>;

// Lists and rows -------------------------------------------------------------------------------

export const ADMIN_PAGE_SIZE = 20;

export const ZAdminListQuery = z.object({
  q: z.string().trim().max(100, 'Search text is too long.').optional(),
  page: ZPage.optional(),
});
export type TAdminListQuery = z.infer<typeof ZAdminListQuery>;

export const ZAdminRow = z.record(z.string(), z.unknown());
export const ZAdminListResponse = pagedResponse(ZAdminRow);
export type TAdminListResponse = z.infer<typeof ZAdminListResponse>;
export const ZAdminRowResponse = z.object({ status: z.boolean(), data: ZAdminRow });
export type TAdminRowResponse = z.infer<typeof ZAdminRowResponse>;
export const ZAdminOptionsResponse = z.object({
  status: z.boolean(),
  data: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type TAdminOptionsResponse = z.infer<typeof ZAdminOptionsResponse>;
export const ZAdminOk = z.object({ status: z.boolean(), msg: z.string().optional() });
export type TAdminOk = z.infer<typeof ZAdminOk>;

/** Who is signed in to the console, and which member actions this server offers. */
export const ZAdminMe = z.object({
  status: z.boolean(),
  username: z.string(),
  name: z.string(),
  actions: z.object({ passwordReset: z.boolean(), resendCertificate: z.boolean(), erase: z.boolean() }),
});
export type TAdminMe = z.infer<typeof ZAdminMe>;

// Exams ----------------------------------------------------------------------------------------

export const ZAdminExamQuestion = z
  .object({
    question: z
      .string({ error: 'Question is required.' })
      .trim()
      .min(1, 'Question is required.')
      .max(2000, 'Question must be at most 2000 characters.'),
    options: z
      .array(z.string().trim().max(1000, 'An option must be at most 1000 characters.'))
      .max(Limits.EXAM_OPTIONS_MAX, `At most ${Limits.EXAM_OPTIONS_MAX} options.`),
    correctOption: z.preprocess(
      toNumber,
      z
        .number({ error: 'Choose the correct option.' })
        .int()
        .min(1, 'Choose the correct option.')
        .max(Limits.EXAM_OPTIONS_MAX, 'Choose the correct option.'),
    ),
  })
  .superRefine((q, ctx) => {
    const filled = q.options.map((o) => o !== '');
    const count = filled.filter(Boolean).length;
    if (count < 2) ctx.addIssue({ code: 'custom', message: 'Give at least two options.', path: ['options'] });
    if (filled.indexOf(false) !== -1 && filled.lastIndexOf(true) > filled.indexOf(false)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Fill the options in order, without gaps.',
        path: ['options'],
      });
    }
    if (!filled[q.correctOption - 1]) {
      ctx.addIssue({
        code: 'custom',
        message: 'The correct option must be one that is filled in.',
        path: ['correctOption'],
      });
    }
  });
export type TAdminExamQuestion = z.infer<typeof ZAdminExamQuestion>;

export const ZAdminExam = z
  .object({
    minScore: z.preprocess(
      toNumber,
      z
        .number({ error: 'Pass mark is required.' })
        .int('Pass mark must be a whole number.')
        .min(0, 'Pass mark must be between 0 and 100.')
        .max(100, 'Pass mark must be between 0 and 100.'),
    ),
    /**
     * Questions each attempt draws from the exam's questions (its pool), options shuffled per
     * attempt (issue 28, decision 0908); empty or null: every question, as written.
     */
    drawCount: z
      .preprocess(
        (v) => (v === '' || v === undefined ? null : toNumber(v)),
        z
          .number({ error: Texts.EXAM_DRAW_COUNT })
          .int(Texts.EXAM_DRAW_COUNT)
          .min(1, Texts.EXAM_DRAW_COUNT)
          .max(100, Texts.EXAM_DRAW_COUNT)
          .nullable(),
      )
      .optional(),
    questions: z
      .array(ZAdminExamQuestion)
      .min(1, 'An exam needs at least one question.')
      .max(100, 'An exam has at most 100 questions.'),
  })
  .superRefine((exam, ctx) => {
    if (exam.drawCount != null && exam.drawCount > exam.questions.length) {
      ctx.addIssue({ code: 'custom', message: Texts.EXAM_DRAW_COUNT, path: ['drawCount'] });
    }
  });
export type TAdminExam = z.infer<typeof ZAdminExam>;

export const ZAdminExamResponse = z.object({
  status: z.boolean(),
  title: z.string(),
  exam: ZAdminExam.nullable(),
  attempts: z.number().int(),
});
export type TAdminExamResponse = z.infer<typeof ZAdminExamResponse>;

// Surveys --------------------------------------------------------------------------------------

export const SURVEY_QUESTION_TYPES = ['yesno', 'single', 'multi'] as const;

export const ZAdminSurveyQuestion = z
  .object({
    id: ZAdminId.optional(),
    question: z
      .string({ error: 'Question is required.' })
      .trim()
      .min(1, 'Question is required.')
      .max(1000, 'Question must be at most 1000 characters.'),
    type: z.enum(SURVEY_QUESTION_TYPES, { error: 'Choose a question type.' }),
    submitLabel: z.preprocess(
      (v) => (isBlank(v) ? null : v),
      z.string().trim().max(60, 'Button text must be at most 60 characters.').nullable(),
    ),
    choices: z
      .array(
        z.object({
          id: ZAdminId.optional(),
          label: z
            .string({ error: 'Each choice needs a label.' })
            .trim()
            .min(1, 'Each choice needs a label.')
            .max(200, 'A choice must be at most 200 characters.'),
        }),
      )
      .min(2, 'Give at least two choices.')
      .max(20, 'At most 20 choices.'),
  })
  .superRefine((q, ctx) => {
    if (q.type === 'yesno' && q.choices.length !== 2) {
      ctx.addIssue({
        code: 'custom',
        message: 'A yes/no question has exactly two choices.',
        path: ['choices'],
      });
    }
  });
export type TAdminSurveyQuestion = z.infer<typeof ZAdminSurveyQuestion>;

export const ZAdminSurveyQuestions = z.object({
  questions: z
    .array(ZAdminSurveyQuestion)
    .min(1, 'A survey needs at least one question.')
    .max(50, 'A survey has at most 50 questions.'),
});
export type TAdminSurveyQuestions = z.infer<typeof ZAdminSurveyQuestions>;
export const ZAdminSurveyQuestionsResponse = ZAdminSurveyQuestions.extend({
  status: z.boolean(),
  title: z.string(),
  answers: z.number().int(),
});
export type TAdminSurveyQuestionsResponse = z.infer<typeof ZAdminSurveyQuestionsResponse>;

// Settings and featured content -----------------------------------------------------------------

export const ZAdminFormResponse = z.object({ status: z.boolean(), data: ZAdminRow });
export type TAdminFormResponse = z.infer<typeof ZAdminFormResponse>;

// Operations -----------------------------------------------------------------------------------

export const ZAdminRecording = fieldsSchema(RECORDING_FORM);
export type TAdminRecording = z.infer<typeof ZAdminRecording>;

export const ZAdminDashboardQuery = z.object({
  dayStart: z
    .string()
    .regex(DATETIME_PATTERN, 'dayStart must be a date and time.')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'dayStart must be a date and time.')
    .optional(),
});

export const ZAdminDashboard = z.object({
  status: z.boolean(),
  upcoming: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      releaseAt: z.string(),
      capacity: z.number().nullable(),
      seats: z.number(),
      waitlist: z.number(),
    }),
  ),
  registrationsToday: z.number(),
  completionsToday: z.number(),
  outbox: z.object({ pending: z.number(), failed: z.number() }),
  approvalEnd: z.string(),
  isApprovalExpired: z.boolean(),
  lastAgdSubmission: z.object({ id: z.string(), createdAt: z.string(), rowCount: z.number() }).nullable(),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

export const ZAdminSeatList = z.object({
  status: z.boolean(),
  title: z.string(),
  releaseAt: z.string(),
  capacity: z.number().nullable(),
  data: z.array(
    z.object({
      username: z.string(),
      name: z.string(),
      email: z.string(),
      reservedAt: z.string(),
      isWaiting: z.boolean(),
      privacyOptin: z.boolean().nullable(),
      startedAt: z.string().nullable(),
      attended: z.boolean().nullable(),
    }),
  ),
});
export type TAdminSeatList = z.infer<typeof ZAdminSeatList>;

export const ZAdminEvaluations = z.object({
  status: z.boolean(),
  title: z.string(),
  count: z.number(),
  averages: z.array(z.object({ question: z.string(), label: z.string(), average: z.number().nullable() })),
  comments: z.array(
    z.object({ at: z.string(), comments: z.string().nullable(), otherTopics: z.string().nullable() }),
  ),
});
export type TAdminEvaluations = z.infer<typeof ZAdminEvaluations>;

export const SPONSOR_REPORTS = ['sponsor-video-answers', 'survey-answers', 'leads'] as const;
export type TSponsorReport = (typeof SPONSOR_REPORTS)[number];
export const ZAdminSponsorReportParams = z.object({
  id: ZAdminId,
  report: z.enum(SPONSOR_REPORTS, { error: 'Choose a report.' }),
});

export const ZAdminSponsors = z.object({
  status: z.boolean(),
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      sponsorVideoAnswers: z.number(),
      surveyAnswers: z.number(),
      leads: z.number(),
    }),
  ),
});
export type TAdminSponsors = z.infer<typeof ZAdminSponsors>;

export const ZAdminMember = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  agdNumber: z.string().nullable(),
  createdAt: z.string(),
  erasedAt: z.string().nullable(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;
export const ZAdminMembersResponse = pagedResponse(ZAdminMember);
export type TAdminMembersResponse = z.infer<typeof ZAdminMembersResponse>;

export const ZAdminMemberDetail = z.object({
  status: z.boolean(),
  member: ZAdminMember.extend({ phone: z.string().nullable(), officeName: z.string().nullable() }),
  completions: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      kind: z.enum(['class', 'podcast']),
      completedAt: z.string(),
      credits: z.number(),
      ceTypeId: z.number(),
      certificateNumber: z.string(),
      agdSubmittedAt: z.string().nullable(),
    }),
  ),
});
export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetail>;

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const ZAdminOutboxQuery = ZAdminListQuery.extend({
  status: z.enum(MAIL_STATUSES, { error: 'Choose a status.' }).optional(),
});
export const ZAdminMail = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TAdminMail = z.infer<typeof ZAdminMail>;
export const ZAdminOutboxResponse = pagedResponse(ZAdminMail);
export type TAdminOutboxResponse = z.infer<typeof ZAdminOutboxResponse>;
export const ZAdminMailDetail = z.object({
  status: z.boolean(),
  /** The body with every one-time link taken out (issue 37), and whether one was. */
  data: ZAdminMail.extend({ textBody: z.string(), hasRedactedLinks: z.boolean().optional() }),
});
export type TAdminMailDetail = z.infer<typeof ZAdminMailDetail>;

export const ZAdminAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  detail: z.string(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;
export const ZAdminAuditResponse = pagedResponse(ZAdminAuditEntry);
export type TAdminAuditResponse = z.infer<typeof ZAdminAuditResponse>;

export const ZAgdHeldBack = z.object({
  completionId: z.string(),
  username: z.string(),
  name: z.string(),
  agdNumber: z.string(),
  title: z.string(),
  completedAt: z.string(),
});
export type TAgdHeldBack = z.infer<typeof ZAgdHeldBack>;
export const ZAgdSubmission = z.object({
  id: z.string(),
  runKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  rowCount: z.number(),
  heldBack: z.array(ZAgdHeldBack),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAgdSubmission = z.infer<typeof ZAgdSubmission>;
export const ZAgdSubmissionsResponse = pagedResponse(ZAgdSubmission);
export type TAgdSubmissionsResponse = z.infer<typeof ZAgdSubmissionsResponse>;
export const ZAgdRunResponse = z.object({
  status: z.boolean(),
  msg: z.string(),
  data: ZAgdSubmission.nullable(),
});
export type TAgdRunResponse = z.infer<typeof ZAgdRunResponse>;

export const ZAdminUploadResponse = z.object({
  status: z.boolean(),
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  originalName: z.string(),
});
export type TAdminUploadResponse = z.infer<typeof ZAdminUploadResponse>;

/** GET /api/admin/uploads: the latest uploads (of one kind), newest first, to choose from (0909). */
export const ZAdminUploadListResponse = z.object({
  status: z.literal(true),
  data: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      contentType: z.string(),
      sizeBytes: z.number(),
      originalName: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type TAdminUploadListResponse = z.infer<typeof ZAdminUploadListResponse>;
