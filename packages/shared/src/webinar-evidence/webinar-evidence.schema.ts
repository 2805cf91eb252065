import { z } from 'zod';
import { ZOptionalToken, ZPublicId } from '../api.schema.ts';
import { CREDIT_BELOW, POLL_CHOICES_MAX, POLL_CHOICES_MIN } from './webinar-evidence.rules.ts';

/*
 * Webinar evidence (issue 42): polls (the console prepares, opens and closes them; the live room
 * shows the open one and takes one answer per attendee), the webinar's credit rule, and the
 * evidence of one attendee's credit.
 */

const ZRowId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'Must be a valid id.');

/** A class by hash (console), with the member's token (room). */
export const ZWebinarQuery = z.object({ c: ZPublicId, s: ZOptionalToken });
/** A poll by id (console). */
export const ZPollQuery = z.object({ id: ZRowId });

/** A poll as staff write it: a question and 2 to 6 answers. */
export const ZPollDraft = z.object({
  question: z.string().trim().min(1, 'Write the question.').max(300),
  choices: z
    .array(z.string().trim().min(1, 'An answer cannot be empty.').max(120))
    .min(POLL_CHOICES_MIN, `Give at least ${POLL_CHOICES_MIN} answers.`)
    .max(POLL_CHOICES_MAX, `Give at most ${POLL_CHOICES_MAX} answers.`),
});
export type TPollDraft = z.infer<typeof ZPollDraft>;

export const ZCreditRule = z.object({
  minMinutes: z.number().int().min(0).max(1_440),
  minPolls: z.number().int().min(0).max(50),
  below: z.enum(CREDIT_BELOW),
});

/** PUT /api/admin/webinar-credit-rule: the rule, or null for none (live credit as before). */
export const ZCreditRuleRequest = z.object({ rule: ZCreditRule.nullable() });
export type TCreditRuleRequest = z.infer<typeof ZCreditRuleRequest>;

/** A poll in the console: its answers counted per choice. */
export const ZAdminPoll = z.object({
  id: z.string(),
  question: z.string(),
  choices: z.array(z.string()),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  counts: z.array(z.number()),
});
export type TAdminPoll = z.infer<typeof ZAdminPoll>;

/** GET /api/admin/webinar-polls: the webinar's polls and rule. */
export const ZAdminPollsResponse = z.object({
  title: z.string(),
  releaseAt: z.string(),
  durationMin: z.number(),
  rule: ZCreditRule.nullable(),
  ruleText: z.string(),
  polls: z.array(ZAdminPoll),
});
export type TAdminPollsResponse = z.infer<typeof ZAdminPollsResponse>;

/** GET /api/live-poll: the open poll of the member's webinar, and the member's answer to it. */
export const ZLivePollResponse = z.object({
  poll: z
    .object({
      id: z.string(),
      question: z.string(),
      choices: z.array(z.string()),
      myChoice: z.number().nullable(),
      answeredAt: z.string().nullable(),
    })
    .nullable(),
});
export type TLivePollResponse = z.infer<typeof ZLivePollResponse>;

/**
 * GET /api/live-poll-pulse: which poll of a webinar is open, if any; the same for everyone, so
 * the room asks for the poll itself (GET /api/live-poll) only when this changes (decision 1154).
 */
export const ZLivePollPulseResponse = z.object({ pollId: z.string().nullable() });
export type TLivePollPulseResponse = z.infer<typeof ZLivePollPulseResponse>;

/** POST /api/live-poll-answer: one answer; the server's clock dates it. */
export const ZPollAnswerRequest = z.object({
  c: ZPublicId,
  s: ZOptionalToken,
  id: ZRowId,
  choice: z
    .number()
    .int()
    .min(0)
    .max(POLL_CHOICES_MAX - 1),
});
export type TPollAnswerRequest = z.infer<typeof ZPollAnswerRequest>;

export const ZPollAnswerResponse = z.object({
  choice: z.number(),
  answeredAt: z.string(),
  msg: z.string(),
});
export type TPollAnswerResponse = z.infer<typeof ZPollAnswerResponse>;

/** GET /api/webinar-credit: the member's own evidence and decision, as it stands now. */
export const ZWebinarCreditResponse = z.object({ evidence: z.lazy(() => ZWebinarEvidence).nullable() });

/** One attendee's webinar evidence (verify page, audit pack): nobody else's data. */
export const ZWebinarEvidence = z.object({
  kind: z.literal('webinar'),
  ruleText: z.string(),
  decision: z.enum(['live', 'self_study', 'none']),
  reason: z.string(),
  presence: z.array(z.object({ from: z.string(), to: z.string().nullable(), source: z.string() })),
  minutesPresent: z.number(),
  minutesSource: z.enum(['report', 'room']),
  polls: z.array(
    z.object({
      question: z.string(),
      openedAt: z.string(),
      closedAt: z.string().nullable(),
      answeredAt: z.string().nullable(),
    }),
  ),
  pollsOpened: z.number(),
  pollsAnswered: z.number(),
});
export type TWebinarEvidence = z.infer<typeof ZWebinarEvidence>;
