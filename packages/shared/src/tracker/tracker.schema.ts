import { z } from 'zod';
import { ZToken } from '../api.schema.ts';
import { TrackerTexts as T } from '../texts.ts';
import { TRACKER_PERMITS, TRACKER_REQUIREMENT_KINDS } from './tracker.requirements.ts';
import { ZCertificateEvidence } from './certificate-import.evidence.ts';
import { TRACKER_DELIVERIES, TRACKER_LICENCE_TYPES, TRACKER_PERIOD_QUESTIONS } from './tracker.rules.ts';

/*
 * Requests and responses of the CE tracker (issue 23): a member's licences, where they stand
 * per licence and period, certificates from other providers, and the controlled topic list.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** A calendar day 'YYYY-MM-DD' between 1950 and 2100. */
export const ZTrackerDay = z
  .string({ error: T.BAD_DAY })
  .trim()
  .regex(DAY, T.BAD_DAY)
  .refine((v) => isRealDay(v) && v >= '1950-01-01' && v <= '2100-12-31', T.BAD_DAY);

export const ZTrackerId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Must be a valid id.');
export const ZTrackerIdQuery = z.object({ s: ZToken.optional(), id: ZTrackerId });

export const ZTrackerState = z
  .string({ error: T.REQUIRED })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, T.REQUIRED);
export const ZTrackerLicenceType = z.enum(TRACKER_LICENCE_TYPES, { error: T.REQUIRED });
export const ZTrackerDelivery = z.enum(TRACKER_DELIVERIES, { error: T.REQUIRED });
const ZHours = z.coerce.number({ error: T.BAD_HOURS }).min(0, T.BAD_HOURS).max(500, T.BAD_HOURS);
const ZTopicCode = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9_]+$/, 'Choose topics from the list.');

/** A licence as the member enters it; the period is proposed by the app and correctable. */
export const ZTrackerLicenceInput = z
  .object({
    s: ZToken.optional(),
    state: ZTrackerState,
    licenceType: ZTrackerLicenceType,
    licenceNumber: z.string({ error: T.REQUIRED }).trim().min(1, T.REQUIRED).max(40),
    periodStart: ZTrackerDay,
    periodEnd: ZTrackerDay,
    carryOverHours: ZHours.default(0),
    /** Holds a DEA or state controlled-substance registration: the requirements for prescribers apply. */
    holdsDea: z.boolean().default(false),
    /** The day the licence was first issued: first-renewal requirements and first-period exemptions (issue 36). */
    issuedOn: z.preprocess((v) => (v === '' ? null : v), ZTrackerDay.nullable().optional()),
    /** The member's birth month and year, where the board's cycle follows them. */
    birthMonth: z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce.number().int().min(1, T.REQUIRED).max(12, T.REQUIRED).nullable().optional(),
    ),
    birthYear: z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce.number().int().min(1900, T.BAD_YEAR).max(2100, T.BAD_YEAR).nullable().optional(),
    ),
    /** Permits and endorsements some requirements apply to. */
    permits: z.array(z.enum(TRACKER_PERMITS)).max(TRACKER_PERMITS.length).default([]),
    /** The member's own figure for the total, used only where the rule has none. */
    requiredHours: z.preprocess((v) => (v === '' ? null : v), ZHours.nullable().optional()),
  })
  .refine((v) => v.periodEnd > v.periodStart, { message: T.BAD_PERIOD, path: ['periodEnd'] });
export type TTrackerLicenceInput = z.input<typeof ZTrackerLicenceInput>;
/** A licence as the server receives it, parsed. */
export type TTrackerLicenceData = z.output<typeof ZTrackerLicenceInput>;

export const ZTrackerLicence = z.object({
  id: z.string(),
  state: z.string(),
  licenceType: z.string(),
  licenceNumber: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  carryOverHours: z.number(),
  holdsDea: z.boolean(),
  issuedOn: z.string().nullable(),
  birthMonth: z.number().nullable(),
  birthYear: z.number().nullable(),
  permits: z.array(z.string()),
  requiredHours: z.number().nullable(),
  /** Where the period comes from: the board's cycle, the member's dates, or not confirmed (saved before issue 36). */
  periodBasis: z.enum(['rule', 'member', 'unconfirmed']),
  /** Requirements the member marked done: an assessment passed, a one-off course taken before, a card. */
  checks: z.array(z.object({ key: z.string(), doneOn: z.string() })),
});
export type TTrackerLicence = z.infer<typeof ZTrackerLicence>;
export const ZTrackerLicencesResponse = z.object({
  status: z.literal(true),
  licences: z.array(ZTrackerLicence),
});
export const ZTrackerLicenceResponse = z.object({ status: z.literal(true), licence: ZTrackerLicence });
export const ZTrackerOkResponse = z.object({ status: z.literal(true) });

/** A state's requirement rule as the member sees it, with its provenance. */
export const ZTrackerRule = z.object({
  state: z.string(),
  licenceType: z.string(),
  cycleYears: z.number().nullable(),
  cycleAnchor: z.string().nullable(),
  anchorType: z.string().nullable(),
  totalHours: z.number().nullable(),
  selfStudyMaxHours: z.number().nullable(),
  selfStudyMaxPercent: z.number().nullable(),
  selfStudyNoLimit: z.boolean().nullable(),
  liveMinHours: z.number().nullable(),
  liveWebinarCountsAsLive: z.boolean().nullable(),
  mandatory: z.array(
    z.object({
      topic: z.string(),
      category: z.string(),
      hours: z.number().nullable(),
      frequency: z.string().nullable(),
      /** Who it applies to when not everyone ('DEA registrants'); null: every licensee. */
      appliesTo: z.string().nullable(),
      note: z.string().nullable(),
      /** false: not tracked by the bars (a choice group, a permit add-on); shown as a note. */
      tracked: z.boolean(),
      /** Staff's setting of its kind; null: read from the wording. */
      kind: z.enum(TRACKER_REQUIREMENT_KINDS).nullable(),
    }),
  ),
  acceptedProviders: z.array(z.string()).nullable(),
  carryOver: z.string().nullable(),
  carryOverAllowed: z.boolean().nullable(),
  carryOverMaxHours: z.number().nullable(),
  /** Minutes in one of the state's hours: 50 where hours are 50-minute contact hours; null = 60. */
  hourMinutes: z.number().nullable(),
  /** Topics counted toward the total only up to a maximum (0: not counted), with the source's words. */
  categoryCaps: z.array(z.object({ topic: z.string(), maxHours: z.number(), note: z.string().nullable() })),
  /** The board does not require CE in a licence's first period (null: not stated). */
  firstPeriodExempt: z.boolean().nullable(),
  /** The day a period ends, read from the anchor text or set by staff; confirmed: stated by the rule itself. */
  anchorMonth: z.number().nullable(),
  anchorDay: z.number().nullable(),
  anchorParity: z.string().nullable(),
  anchorConfirmed: z.boolean(),
  notes: z.string().nullable(),
  sources: z.array(z.string()),
  sourceDates: z.string().nullable(),
  confidence: z.string(),
  verifiedOn: z.string().nullable(),
});
export type TTrackerRule = z.infer<typeof ZTrackerRule>;

export const ZTrackerProposalQuery = z.object({
  s: ZToken.optional(),
  state: ZTrackerState,
  licenceType: ZTrackerLicenceType,
  birthMonth: z.coerce.number().int().min(1).max(12).optional(),
  birthYear: z.coerce.number().int().min(1900).max(2100).optional(),
  issueDate: ZTrackerDay.optional(),
  renewalYear: z.coerce.number().int().min(1950).max(2100).optional(),
  renewalDate: ZTrackerDay.optional(),
});
export const ZTrackerProposalResponse = z.object({
  status: z.literal(true),
  rule: ZTrackerRule.nullable(),
  /** null until the answers are enough: a period the data cannot confirm is asked, never guessed. */
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The questions the rule's cycle needs (the same list whatever was answered). */
  asks: z.array(z.enum(TRACKER_PERIOD_QUESTIONS)),
  /** The choices of the renewal-year question. */
  renewalYears: z.array(z.number()),
  /** 'rule': the board's cycle; 'member': a year or date the member gave. */
  basis: z.enum(['rule', 'member']).nullable(),
  /** What the data says of the cycle, shown beside a question it could not answer. */
  hint: z.string().nullable(),
  /** The licence questions this rule's requirements depend on. */
  questions: z.object({
    dea: z.boolean(),
    permits: z.array(z.enum(TRACKER_PERMITS)),
    issuedOn: z.boolean(),
    requiredHours: z.boolean(),
  }),
});

const ZLine = z.object({ required: z.number().nullable(), counted: z.number(), met: z.boolean().nullable() });

export const ZTrackerCredit = z.object({
  id: z.string(),
  source: z.enum(['site', 'upload']),
  title: z.string(),
  provider: z.string(),
  date: z.string(),
  hours: z.number(),
  delivery: z.string(),
  topics: z.array(z.string()),
  counts: z.boolean(),
  countedHours: z.number(),
  live: z.boolean(),
  reasons: z.array(z.enum(['outside_period', 'over_self_study_cap', 'over_category_cap'])),
  /** A card's expiry (CPR/BLS); null for a course. */
  expiresOn: z.string().nullable(),
});

export const ZTrackerSuggestion = z.object({
  hash: z.string(),
  kind: z.enum(['on_demand', 'live', 'podcast']),
  title: z.string(),
  credits: z.number(),
  startsAt: z.string().nullable(),
  seatsLeft: z.number().nullable(),
  /** The web app's address of the classroom, the reservation or the episode. */
  url: z.string(),
});

export type TTrackerSuggestion = z.infer<typeof ZTrackerSuggestion>;

export const ZTrackerStanding = z.object({
  licence: ZTrackerLicence,
  rule: ZTrackerRule.nullable(),
  daysLeft: z.number(),
  total: ZLine.extend({ carryOver: z.number() }),
  live: ZLine.nullable(),
  selfStudy: z.object({ max: z.number(), counted: z.number(), notCounting: z.number() }).nullable(),
  topics: z.array(
    ZLine.extend({
      topic: z.string(),
      label: z.string(),
      /** The latest expiry of the cards that meet it (a CPR card); null without a card. */
      validUntil: z.string().nullable(),
    }),
  ),
  /** Requirements only for some licensees ('DEA registrants'), and whether they apply to this licence (null: cannot tell). */
  conditional: z.array(
    z.object({ topic: z.string(), appliesTo: z.string(), applies: z.boolean().nullable() }),
  ),
  credits: z.array(ZTrackerCredit),
  /**
   * Every requirement of the rule for this licence (issue 36): its kind, whether it applies and
   * whether it is met; 'not_applicable' and 'unknown' are never missing.
   */
  requirements: z.array(
    z.object({
      key: z.string(),
      topic: z.string(),
      label: z.string(),
      kind: z.enum(TRACKER_REQUIREMENT_KINDS),
      required: z.number().nullable(),
      counted: z.number(),
      status: z.enum(['met', 'missing', 'not_applicable', 'unknown']),
      reason: z.enum(['no_dea', 'no_permit', 'after_first_licensure', 'first_period']).nullable(),
      ask: z.enum(['issued_on', 'dea', 'permit', 'check']).nullable(),
      validUntil: z.string().nullable(),
      doneOn: z.string().nullable(),
      /** Years a credit counts back from the period's end; 0: the period; -1: any time. */
      windowYears: z.number(),
      frequency: z.string().nullable(),
      appliesTo: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  /** The licence is in a first period the board exempts (null: its issue day is not known). */
  firstPeriodExempt: z.boolean().nullable(),
  /** The total is the member's own figure (the rule has none). */
  totalIsMembers: z.boolean(),
  gap: z.array(
    z.object({
      /** A topic code, 'live' or 'total'. */
      need: z.string(),
      label: z.string(),
      courses: z.array(ZTrackerSuggestion),
      /** What to do where no course here fills it (a card, the board's assessment, live hours). */
      hint: z.string().nullable(),
    }),
  ),
});
export type TTrackerStanding = z.infer<typeof ZTrackerStanding>;
export const ZTrackerStandingResponse = z.object({ status: z.literal(true), standing: ZTrackerStanding });

/** A certificate from another provider, as entered; the file is sent apart (multipart). */
export const ZTrackerCertificateInput = z.object({
  s: ZToken.optional(),
  provider: z.string({ error: T.REQUIRED }).trim().min(1, T.REQUIRED).max(200),
  title: z.string({ error: T.REQUIRED }).trim().min(1, T.REQUIRED).max(300),
  completedOn: ZTrackerDay,
  hours: ZHours.refine((v) => v > 0, T.BAD_HOURS),
  delivery: ZTrackerDelivery,
  topics: z.array(ZTopicCode).max(20).default([]),
  approval: z.string().trim().max(200).nullable().optional(),
  /** A card's expiry day (a CPR/BLS card meets its topic while valid); blank for a course. */
  expiresOn: z.preprocess((v) => (v === '' ? null : v), ZTrackerDay.nullable().optional()),
});
export type TTrackerCertificateInput = z.input<typeof ZTrackerCertificateInput>;

export const ZTrackerCertificate = z.object({
  id: z.string(),
  provider: z.string(),
  title: z.string(),
  completedOn: z.string(),
  hours: z.number(),
  delivery: z.string(),
  topics: z.array(z.string()),
  approval: z.string().nullable(),
  expiresOn: z.string().nullable(),
  file: z.object({ name: z.string(), contentType: z.string(), sizeBytes: z.number() }).nullable(),
  /** What vouched for an imported certificate (issue 41); null when typed in. */
  evidence: ZCertificateEvidence.nullable().optional(),
});
export type TTrackerCertificate = z.infer<typeof ZTrackerCertificate>;

/** The member marks a requirement done (an assessment passed, a one-off course, a card) or removes the mark. */
export const ZTrackerCheckInput = z.object({
  s: ZToken.optional(),
  key: z.string().trim().min(3).max(140),
  doneOn: ZTrackerDay.nullable(),
});
export type TTrackerCheckInput = z.input<typeof ZTrackerCheckInput>;
/** A deleted licence or certificate, restored within the undo window. */
export const ZTrackerRestoreResponse = z.object({ status: z.literal(true) });
/** What the member's uploaded files take of their allowance (docs/decisions/0932). */
export const ZTrackerStorage = z.object({
  usedBytes: z.number(),
  maxBytes: z.number(),
  files: z.number(),
  maxFiles: z.number(),
});
export type TTrackerStorage = z.infer<typeof ZTrackerStorage>;
export const ZTrackerCertificatesResponse = z.object({
  status: z.literal(true),
  certificates: z.array(ZTrackerCertificate),
  storage: ZTrackerStorage.optional(),
});
export const ZTrackerCertificateResponse = z.object({
  status: z.literal(true),
  certificate: ZTrackerCertificate,
});

export const ZTrackerTopicsResponse = z.object({
  status: z.literal(true),
  topics: z.array(z.object({ code: z.string(), label: z.string(), kind: z.string() })),
});

/** The staff console's audited look at a member's uploaded file. */
export const ZTrackerStaffFileQuery = z.object({
  s: ZToken.optional(),
  id: ZTrackerId,
  reason: z.string().trim().min(3).max(300),
});

// The staff console: requirement rules, edited with their sources (issue 23) ---------------

const ZNullableHours = z.coerce
  .number({ error: T.BAD_HOURS })
  .min(0, T.BAD_HOURS)
  .max(500, T.BAD_HOURS)
  .nullable();
const ZNullableFlag = z.boolean().nullable();
const ZShortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

export const ZTrackerRulesQuery = z.object({
  s: ZToken.optional(),
  state: ZTrackerState.optional(),
  licenceType: ZTrackerLicenceType.optional(),
});

/** A rule in the console's list: enough to find it and to see whether it needs verifying. */
export const ZTrackerRuleSummary = z.object({
  id: z.string(),
  state: z.string(),
  licenceType: z.string(),
  totalHours: z.number().nullable(),
  confidence: z.string(),
  verifiedOn: z.string().nullable(),
  /** Never verified, or verified more than 12 months ago (state-ce-rules.md §7.12). */
  needsVerifying: z.boolean(),
});
export const ZTrackerRulesResponse = z.object({
  status: z.literal(true),
  rules: z.array(ZTrackerRuleSummary),
});
export type TTrackerRulesResponse = z.infer<typeof ZTrackerRulesResponse>;

export const ZTrackerStaffRule = ZTrackerRule.extend({
  id: z.string(),
  /** The name of the staff member who verified it last. */
  verifiedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type TTrackerStaffRule = z.infer<typeof ZTrackerStaffRule>;
export const ZTrackerStaffRuleResponse = z.object({ status: z.literal(true), rule: ZTrackerStaffRule });
export type TTrackerStaffRuleResponse = z.infer<typeof ZTrackerStaffRuleResponse>;

/** What staff edit: the numbers, the mandatory topics, the sources and the day they verified it. */
export const ZTrackerRuleInput = z.object({
  s: ZToken.optional(),
  cycleYears: z.coerce.number().int().min(1).max(10).nullable(),
  totalHours: ZNullableHours,
  selfStudyMaxHours: ZNullableHours,
  selfStudyMaxPercent: z.coerce.number().min(0).max(100).nullable(),
  selfStudyNoLimit: ZNullableFlag,
  liveMinHours: ZNullableHours,
  liveWebinarCountsAsLive: ZNullableFlag,
  mandatory: z
    .array(
      z.object({
        topic: z.string({ error: T.REQUIRED }).trim().min(1, T.REQUIRED).max(300),
        category: ZTopicCode,
        hours: ZNullableHours,
        frequency: ZShortText(100),
        appliesTo: ZShortText(200),
        note: ZShortText(500),
        kind: z.enum(TRACKER_REQUIREMENT_KINDS).nullable().optional(),
      }),
    )
    .max(40),
  carryOverAllowed: ZNullableFlag,
  carryOverMaxHours: ZNullableHours,
  hourMinutes: z
    .union([z.literal(50), z.literal(60)])
    .nullable()
    .default(null),
  categoryCaps: z
    .array(
      z.object({
        topic: ZTopicCode,
        maxHours: z.coerce.number().min(0).max(500),
        note: ZShortText(300).optional(),
      }),
    )
    .max(20)
    .default([]),
  firstPeriodExempt: ZNullableFlag.optional(),
  /** The day a period ends and its years; omitted: unchanged. */
  anchorMonth: z.coerce.number().int().min(1).max(12).nullable().optional(),
  anchorDay: z.coerce.number().int().min(1).max(31).nullable().optional(),
  anchorParity: z.enum(['odd', 'even', 'birth_year']).nullable().optional(),
  anchorConfirmed: z.boolean().optional(),
  notes: ZShortText(4000),
  sources: z
    .array(
      z
        .string()
        .trim()
        .max(500, T.BAD_SOURCE)
        .regex(/^https?:\/\/[^\s"'<>]+$/, T.BAD_SOURCE),
    )
    .min(1, T.BAD_SOURCE)
    .max(20),
  /** The day staff checked the rule against its sources; saving records who did. */
  verifiedOn: ZTrackerDay,
});
export type TTrackerRuleInput = z.input<typeof ZTrackerRuleInput>;
