import { z } from 'zod';
import { ZEvaluationForm } from '../exams/exams.schema.ts';

/*
 * In-person events (issue 25): staff create an event with a short claim code; a member claims
 * its CE by the code, confirms attendance and completes the evaluation.
 */

/** Claim codes: 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const CLAIM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ZClaimCode = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''));

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
export const ZClaimRequest = z.object({
  s: z.string().max(200).optional(),
  code: ZClaimCode,
  attended: z.literal(true),
  a: ZEvaluationForm,
});
export const ZClaimResponse = z.object({
  status: z.boolean(),
  c: z.string(),
  certificateNumber: z.string(),
});
export type TClaimResponse = z.infer<typeof ZClaimResponse>;

/** POST /api/admin/in-person-events */
export const ZCreateEventRequest = z.object({
  title: z.string().trim().min(1).max(200),
  speakerId: z.string().max(40).optional(),
  companyId: z.string().max(40).optional(),
  date: z.iso.datetime(),
  durationMin: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  place: z.string().trim().min(1).max(200),
  credits: z.number().min(0.25).max(100),
  agdCode: z.string().trim().max(10).optional(),
  topics: z.string().trim().max(2000).optional(),
  courseNumber: z.string().trim().max(40).optional(),
  claimOpensAt: z.iso.datetime(),
  claimClosesAt: z.iso.datetime(),
  capacity: z.number().int().min(1).max(100_000).nullable().optional(),
});
export type TCreateEventRequest = z.infer<typeof ZCreateEventRequest>;

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
});
export type TAdminEvent = z.infer<typeof ZAdminEvent>;
export const ZCreateEventResponse = z.object({ status: z.boolean(), event: ZAdminEvent });
export const ZAdminEventsResponse = z.object({ status: z.boolean(), data: z.array(ZAdminEvent) });
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
