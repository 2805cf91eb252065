import { z } from 'zod';
import { ZPublicId } from '../api.schema.ts';

/*
 * The participant report import of a live webinar (issue 25): staff upload the meeting
 * service's CSV, see the preview, and confirm it.
 */

/** The largest report accepted: a few thousand rows. */
export const ATTENDANCE_CSV_MAX_CHARS = 2_000_000;

/** POST /api/admin/attendance-preview */
export const ZAttendancePreviewRequest = z.object({
  c: ZPublicId,
  csv: z.string().min(1).max(ATTENDANCE_CSV_MAX_CHARS),
  fileName: z.string().max(200).optional(),
  thresholdPct: z.number().int().min(1).max(100).optional(),
});
export type TAttendancePreviewRequest = z.infer<typeof ZAttendancePreviewRequest>;

/**
 * Why a row of the report matched a member, or did not (docs/decisions/0931): by the account's
 * e-mail; by a home e-mail its member confirmed; no account has the address; only a home e-mail
 * nobody confirmed names it; several members confirmed it as their home e-mail (a shared
 * office inbox); the row has no e-mail (a guest).
 */
export const ATTENDANCE_MATCHES = [
  'account-email',
  'confirmed-home-email',
  'no-account',
  'unconfirmed-home-email',
  'shared-home-email',
  'no-email',
] as const;
export type TAttendanceMatch = (typeof ATTENDANCE_MATCHES)[number];

const ZAttendanceRow = z.object({
  name: z.string(),
  email: z.string(),
  minutes: z.number(),
  memberName: z.string().optional(),
  match: z.enum(ATTENDANCE_MATCHES).optional(),
});
export type TAttendanceRow = z.infer<typeof ZAttendanceRow>;

export const ZAttendancePreviewResponse = z.object({
  status: z.boolean(),
  id: z.string(),
  classTitle: z.string(),
  durationMin: z.number(),
  thresholdPct: z.number(),
  thresholdMin: z.number(),
  matched: z.array(ZAttendanceRow),
  belowThreshold: z.array(ZAttendanceRow),
  unmatched: z.array(ZAttendanceRow),
});
export type TAttendancePreviewResponse = z.infer<typeof ZAttendancePreviewResponse>;

/** POST /api/admin/attendance-confirm */
export const ZAttendanceConfirmRequest = z.object({ id: z.string().min(1).max(40) });
export const ZAttendanceConfirmResponse = z.object({
  status: z.boolean(),
  live: z.number(),
  belowThreshold: z.number(),
  unmatched: z.number(),
  replaced: z.boolean(),
});
export type TAttendanceConfirmResponse = z.infer<typeof ZAttendanceConfirmResponse>;
