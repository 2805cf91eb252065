import { z } from 'zod';
import { pagedResponse, ZPublicId, ZToken } from '../api.schema.ts';
import { ZEvaluationForm } from '../exams/exams.schema.ts';
import { ClaimTexts } from './events.rules.ts';
import { ZClaimCode, ZClaimEvent } from './events.schema.ts';

/*
 * The in-person claim's screens (issue 36, docs/decisions/1050, 1051): what a code names for a
 * visitor or a member, the claim form, a claimed event's own page and CE Completed's In-person
 * tab.
 */

/** GET /api/claim-event-preview?code=: a visitor (no s) or a member. */
export const ZClaimPreviewQuery = z.object({ s: ZToken.optional(), code: ZClaimCode });
export const ZClaimPreviewResponse = z.object({
  status: z.boolean(),
  event: ZClaimEvent,
  /** Whether a member asked; claimed, certificateNumber and c say nothing to a visitor. */
  isMember: z.boolean(),
  claimed: z.boolean(),
  certificateNumber: z.string().nullable(),
  /** The class hash of the member's claimed event (its page /in-person/{c}); null unless claimed. */
  c: z.string().nullable(),
  /**
   * Why the event cannot be claimed now, as the claim itself would refuse it (claims not open
   * yet or any more, every place taken); null when a claim would be taken.
   */
  refusal: z.string().nullable(),
  /** Issue 42: the event uses scan-in and scan-out; the claim records the member's entry. */
  isScanning: z.boolean().optional(),
  /** The member's kept entry at a scanning event, if any. */
  scannedInAt: z.string().nullable().optional(),
});
export type TClaimPreviewResponse = z.infer<typeof ZClaimPreviewResponse>;

/** The code form of /claim. */
export const ZClaimCodeForm = z.object({
  code: z.string().trim().min(1, ClaimTexts.CODE_REQUIRED).max(20, 'A code has at most 20 characters.'),
});
export type TClaimCodeForm = z.infer<typeof ZClaimCodeForm>;

/** The claim form: the attendance confirmed and the ten ratings (the comments are optional). */
export const ZClaimForm = ZEvaluationForm.extend({
  attended: z.boolean().refine((v) => v, 'Confirm that you attended this event in person.'),
});
export type TClaimFormInput = z.input<typeof ZClaimForm>;
export type TClaimForm = z.output<typeof ZClaimForm>;

/** GET /api/claimed-event?c=: one of the member's claimed events, by its class hash. */
export const ZClaimedEventQuery = z.object({ s: ZToken.optional(), c: ZPublicId });
export const ZClaimedEvent = ZClaimEvent.extend({
  durationMin: z.number(),
  description: z.string(),
});
export const ZClaimedEventResponse = z.object({
  status: z.boolean(),
  c: z.string(),
  event: ZClaimedEvent,
  claimedAt: z.string(),
  certificateNumber: z.string(),
  /** The certificate's PDF (absolute, as every certUrl, 03 §7). */
  certUrl: z.string(),
});
export type TClaimedEventResponse = z.infer<typeof ZClaimedEventResponse>;

/** A row of CE Completed's In-person tab (GET /api/completed-in-person, paged). */
export const ZCompletedInPersonRow = z.object({
  hash: z.string(),
  title: z.string(),
  /** The event's class picture, if staff gave it one; the row draws its own tile otherwise. */
  photo: z.string().nullable(),
  date: z.string(),
  place: z.string(),
  speakerName: z.string().nullable(),
  credits: z.number(),
  agdCode: z.string().nullable(),
  claimedAt: z.string(),
  certificateNumber: z.string(),
  certUrl: z.string(),
  agdSubmittedAt: z.string().nullable(),
});
export type TCompletedInPersonRow = z.infer<typeof ZCompletedInPersonRow>;
export const ZCompletedInPersonResponse = pagedResponse(ZCompletedInPersonRow);
export type TCompletedInPersonResponse = z.infer<typeof ZCompletedInPersonResponse>;
