import { z } from 'zod';
import { ZToken } from '../api.schema.ts';
import { IMPORT_FIELDS } from './certificate-import.rules.ts';
import { ZCertificateEvidence } from './certificate-import.evidence.ts';
import { ZTrackerCertificateInput, ZTrackerId } from './tracker.schema.ts';

/*
 * Importing another provider's certificate (issue 41): the file is read into a preview the
 * member reviews (nothing saved), then confirmed with the fields as the member left them.
 */

const ZImportValue = z.object({ value: z.string().nullable(), confidence: z.number() });

export const ZImportReading = z.enum(['text', 'ocr', 'ocr-unavailable', 'credential', 'unreadable']);
export type TImportReading = z.infer<typeof ZImportReading>;

export const ZCertificateImport = z.object({
  id: z.string(),
  fields: z.object(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, ZImportValue])) as Record<
      (typeof IMPORT_FIELDS)[number],
      typeof ZImportValue
    >,
  ),
  /** The site's topics the AGD subject code names (empty when it names none we know). */
  topics: z.array(z.string()),
  /** How the file was read: its text, OCR, OCR missing here (the form stays manual), a credential. */
  reading: ZImportReading,
  evidence: ZCertificateEvidence,
  file: z.object({ name: z.string(), contentType: z.string(), sizeBytes: z.number() }),
  /** Until when the uploaded file waits for the confirmation (then it is removed). */
  expiresAt: z.string(),
});
export type TCertificateImport = z.infer<typeof ZCertificateImport>;

export const ZCertificateImportResponse = z.object({ status: z.literal(true), import: ZCertificateImport });

/** The member's confirmation: the reviewed fields (the certificate form's), for the import's id. */
export const ZCertificateImportConfirm = ZTrackerCertificateInput.extend({
  s: ZToken.optional(),
  importId: ZTrackerId,
});
export type TCertificateImportConfirm = z.input<typeof ZCertificateImportConfirm>;
