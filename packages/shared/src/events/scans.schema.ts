import { z } from 'zod';
import { ZToken } from '../api.schema.ts';

/*
 * In-person scan-in and scan-out (issue 42, docs/decisions/1155–1157): a member's scan, the
 * evidence of one member's presence at one event (the shape the webinar's evidence shares:
 * kind, ruleText, decision, reason, presence, minutesPresent), and the console's door screen,
 * scanning settings and corrections.
 */

const ZDirection = z.enum(['in', 'out']);

/** POST /api/event-scan: the door code the QR carries or the member typed. */
export const ZScanRequest = z.strictObject({
  s: ZToken.optional(),
  code: z.string().trim().min(1, 'Enter the code on the door screen.').max(30),
});
export type TScanRequest = z.infer<typeof ZScanRequest>;

export const ZEventEvidenceScan = z.object({
  id: z.string(),
  direction: ZDirection,
  at: z.string(),
  method: z.enum(['code', 'claim', 'correction']),
  /** A correction's reason, and when staff made it. */
  reason: z.string().nullable(),
  correctedAt: z.string().nullable(),
  /** Set when staff removed the scan: it no longer counts, and says why. */
  removed: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type TEventEvidenceScan = z.infer<typeof ZEventEvidenceScan>;

export const ZEventEvidence = z.object({
  kind: z.literal('event'),
  ruleText: z.string(),
  decision: z.enum(['live', 'self_study', 'none']),
  reason: z.string(),
  presence: z.array(z.object({ from: z.string(), to: z.string().nullable(), source: z.string() })),
  minutesPresent: z.number(),
  minPresenceMin: z.number(),
  eventTitle: z.string(),
  eventDate: z.string(),
  place: z.string(),
  scans: z.array(ZEventEvidenceScan),
});
export type TEventEvidence = z.infer<typeof ZEventEvidence>;

export const ZScanResponse = z.object({
  status: z.boolean(),
  /** recorded: this scan counts now; duplicate: the same direction was kept before, nothing changed. */
  outcome: z.enum(['recorded', 'duplicate']),
  direction: ZDirection,
  scannedAt: z.string(),
  evidence: ZEventEvidence,
  /** The certificate, once the presence met the event's minimum. */
  certificateNumber: z.string().nullable(),
});
export type TScanResponse = z.infer<typeof ZScanResponse>;

/** PUT /api/admin/in-person-events/:id/scanning */
export const ZScanningRequest = z.strictObject({
  isScanning: z.boolean(),
  minPresenceMin: z.number().int().min(1, 'At least 1 minute.').max(1440, 'At most 1,440 minutes (a day).'),
});
export type TScanningRequest = z.infer<typeof ZScanningRequest>;
export const ZScanningResponse = z.object({
  status: z.boolean(),
  isScanning: z.boolean(),
  minPresenceMin: z.number().nullable(),
});
export type TScanningResponse = z.infer<typeof ZScanningResponse>;

const ZDoorCode = z.object({ code: z.string(), url: z.string(), qrSvg: z.string() });
/** GET /api/admin/in-person-events/:id/door-codes: the codes of the current window. */
export const ZDoorCodesResponse = z.object({
  status: z.boolean(),
  title: z.string(),
  rotationMin: z.number(),
  windowEndsAt: z.string(),
  entry: ZDoorCode,
  exit: ZDoorCode,
});
export type TDoorCodesResponse = z.infer<typeof ZDoorCodesResponse>;

/** GET /api/admin/in-person-events/:id/scans: every member who scanned, with their evidence. */
export const ZAdminEventScansResponse = z.object({
  status: z.boolean(),
  isScanning: z.boolean(),
  minPresenceMin: z.number().nullable(),
  data: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      email: z.string(),
      certificateNumber: z.string().nullable(),
      evidence: ZEventEvidence,
      /** Who made each correction (console only; the public evidence says staff). */
      correctedBy: z.record(z.string(), z.string()),
    }),
  ),
});
export type TAdminEventScansResponse = z.infer<typeof ZAdminEventScansResponse>;

const ZReason = z.string().trim().min(3, 'Say why (at least 3 characters).').max(500);
/** POST /api/admin/in-person-events/:id/scan-corrections */
export const ZScanCorrectionRequest = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('add'),
    memberId: z.string().min(1).max(40),
    direction: ZDirection,
    at: z.iso.datetime({ offset: true, message: 'Give the date and time of the scan.' }),
    reason: ZReason,
  }),
  z.strictObject({ action: z.literal('remove'), scanId: z.string().min(1).max(40), reason: ZReason }),
]);
export type TScanCorrectionRequest = z.infer<typeof ZScanCorrectionRequest>;
export const ZScanCorrectionResponse = z.object({
  status: z.boolean(),
  evidence: ZEventEvidence,
  certificateNumber: z.string().nullable(),
});

/** The console's two correction forms; the add form's time is the browser's local date-time. */
export const ZScanAddForm = z.object({
  direction: ZDirection,
  at: z.string().min(1, 'Give the date and time of the scan.'),
  reason: ZReason,
});
export type TScanAddForm = z.infer<typeof ZScanAddForm>;
export const ZScanRemoveForm = z.object({
  scanId: z.string().min(1, 'Choose the scan to remove.'),
  reason: ZReason,
});
export type TScanRemoveForm = z.infer<typeof ZScanRemoveForm>;
