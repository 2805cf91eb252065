import { z } from 'zod';
import { Texts } from '../texts.ts';
import type { TAdminForm } from '../admin/admin.fields.ts';
import { fieldSchema } from '../admin/admin.schema.ts';
import { agdSubjectName } from '../certificates/credit-wording.rules.ts';
import { ZEvaluationForm } from '../exams/exams.schema.ts';
import { normalClaimCode } from './events.rules.ts';

/*
 * In-person events (issue 25): staff create an event with a short claim code; a member claims
 * its CE by the code, confirms attendance and completes the evaluation.
 */

/** Claim codes: 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CLAIM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ZClaimCode = z.string().trim().min(1).max(20).transform(normalClaimCode);

/** GET /api/claim-event?code= */
export const ZClaimLookupQuery = z.object({ s: z.string().max(200).optional(), code: ZClaimCode });
export const ZClaimEvent = z.object({
  title: z.string(),
  speakerName: z.string().nullable(),
  sponsorName: z.string().nullable(),
  date: z.string(),
  place: z.string(),
  credits: z.number(),
  agdCode: z.string().nullable(),
  courseNumber: z.string().nullable(),
  claimClosesAt: z.string(),
  /** The event's topics (labels of the controlled list). */
  topics: z.array(z.string()),
});
export type TClaimEvent = z.infer<typeof ZClaimEvent>;
export const ZClaimLookupResponse = z.object({
  status: z.boolean(),
  event: ZClaimEvent,
  claimed: z.boolean(),
  certificateNumber: z.string().nullable(),
});
export type TClaimLookupResponse = z.infer<typeof ZClaimLookupResponse>;

/** POST /api/claim-event: the code, the attendance confirmation and the evaluation. */
export const ZClaimRequest = z.strictObject(
  {
    s: z.string().max(200).optional(),
    code: ZClaimCode,
    attended: z.literal(true),
    a: ZEvaluationForm,
  },
  // The claim is the signed-in member's own: a body naming anyone (memberId, email …) is refused.
  { error: (issue) => (issue.code === 'unrecognized_keys' ? Texts.CLAIM_FOR_ANOTHER : undefined) },
);
export const ZClaimResponse = z.object({
  status: z.boolean(),
  c: z.string(),
  /** null for an event that uses scanning (issue 42): the claim was its entry, the credit comes with the exit. */
  certificateNumber: z.string().nullable(),
  scannedInAt: z.string().optional(),
});
export type TClaimResponse = z.infer<typeof ZClaimResponse>;

/** The topic codes of an event: tags of the controlled list (tracker_topics), as on any class. */
export const ZEventTopics = z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  z
    .array(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,60}$/, 'Choose topics from the list.'),
    )
    .max(20, 'Choose at most 20 topics.'),
);

/** A code of the AGD list names itself; another code needs its subject's name (issue 35). */
const subjectNamed = (v: Record<string, unknown>) =>
  typeof v.agdCode !== 'string' ||
  v.agdCode.trim() === '' ||
  agdSubjectName(v.agdCode) !== null ||
  (typeof v.agdCategory === 'string' && v.agdCategory.trim() !== '');

/**
 * The staff console's event form (issue 25): its fields draw the form and build the schema the
 * browser and the server apply (fieldsSchema, as every console form); topics are checked apart.
 */
export const EVENT_FORM: TAdminForm = {
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, max: 200, group: 'Event' },
    { name: 'speakerId', label: 'Speaker', kind: 'ref', ref: 'speakers', group: 'Event' },
    { name: 'companyId', label: 'Sponsor', kind: 'ref', ref: 'companies', group: 'Event' },
    { name: 'date', label: 'Date and start time', kind: 'datetime', required: true, group: 'Event' },
    {
      name: 'durationMin',
      label: 'Length in minutes',
      kind: 'integer',
      required: true,
      min: 1,
      max: 24 * 60,
      defaultValue: 60,
      group: 'Event',
    },
    {
      name: 'place',
      label: 'Place',
      kind: 'text',
      required: true,
      max: 200,
      group: 'Event',
      hint: 'Venue, room and city, as the certificate prints it.',
    },
    { name: 'description', label: 'Description', kind: 'textarea', max: 2000, group: 'Event' },
    {
      name: 'credits',
      label: 'Credits',
      kind: 'number',
      required: true,
      min: 0.25,
      max: 100,
      group: 'Credit',
    },
    { name: 'agdCode', label: 'AGD subject code', kind: 'text', max: 10, group: 'Credit' },
    {
      name: 'agdCategory',
      label: 'AGD subject name',
      kind: 'text',
      max: 100,
      group: 'Credit',
      hint: 'Printed beside the code on the certificate. Codes of the AGD list name themselves.',
    },
    { name: 'courseNumber', label: 'Course number', kind: 'text', max: 40, group: 'Credit' },
    {
      name: 'capacity',
      label: 'Capacity',
      kind: 'integer',
      min: 1,
      max: 100_000,
      group: 'Claims',
      hint: 'How many members may claim it. Blank: no limit. Claims open at the start and close the number of days after it set in Settings.',
    },
  ],
  rules: [{ field: 'agdCategory', message: 'Give the name of this AGD subject code.', test: subjectNamed }],
};

/** POST /api/admin/in-person-events and PUT /api/admin/in-person-events/:id */
export const ZCreateEventRequest = z
  .object({
    ...Object.fromEntries(EVENT_FORM.fields.map((f) => [f.name, fieldSchema(f)])),
    topics: ZEventTopics,
  })
  .superRefine((values, ctx) => {
    for (const rule of EVENT_FORM.rules ?? []) {
      if (!rule.test(values)) ctx.addIssue({ code: 'custom', message: rule.message, path: [rule.field] });
    }
  });
/** What the event form's schema gives (fieldsSchema cannot type its fields). */
export type TCreateEventRequest = {
  title: string;
  speakerId: string | null;
  companyId: string | null;
  date: string;
  durationMin: number;
  place: string;
  description: string | null;
  credits: number;
  agdCode: string | null;
  agdCategory: string | null;
  courseNumber: string | null;
  capacity: number | null;
  topics: string[];
};

export const ZAdminEvent = z.object({
  id: z.string(),
  classId: z.string(),
  title: z.string(),
  code: z.string(),
  place: z.string(),
  date: z.string(),
  claimOpensAt: z.string(),
  claimClosesAt: z.string(),
  capacity: z.number().nullable(),
  claims: z.number(),
  claimUrl: z.string(),
  /** Added with the console screen: the form's other values, and the topic codes. */
  speakerId: z.string().nullable(),
  companyId: z.string().nullable(),
  durationMin: z.number(),
  description: z.string().nullable(),
  credits: z.number(),
  agdCode: z.string().nullable(),
  agdCategory: z.string().nullable(),
  courseNumber: z.string().nullable(),
  topics: z.array(z.string()),
  /** Where the claim window stands now (the server's clock). */
  claimWindow: z.enum(['not-yet', 'open', 'closed']),
});
export type TAdminEvent = z.infer<typeof ZAdminEvent>;
export const ZCreateEventResponse = z.object({ status: z.boolean(), event: ZAdminEvent });
/** The controlled topic list an event's topics come from (tracker_topics, which staff extend). */
export const ZEventTopicOption = z.object({ code: z.string(), label: z.string() });
export const ZAdminEventsResponse = z.object({
  status: z.boolean(),
  data: z.array(ZAdminEvent),
  topicOptions: z.array(ZEventTopicOption),
});
export type TAdminEventsResponse = z.infer<typeof ZAdminEventsResponse>;
export const ZAdminEventResponse = z.object({
  status: z.boolean(),
  event: ZAdminEvent,
  topicOptions: z.array(ZEventTopicOption),
});
export type TAdminEventResponse = z.infer<typeof ZAdminEventResponse>;
export const ZAdminEventParams = z.object({ id: z.string().min(1).max(40) });
export const ZAdminEventClaimsResponse = z.object({
  status: z.boolean(),
  data: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      agdNumber: z.string().nullable(),
      claimedAt: z.string(),
      certificateNumber: z.string(),
    }),
  ),
});
export type TAdminEventClaimsResponse = z.infer<typeof ZAdminEventClaimsResponse>;
