import { z } from 'zod';

/*
 * What vouched for an imported certificate (issue 41, docs/decisions/1138), shown on the review
 * form and kept with the saved certificate: the QR code and verification address printed on
 * it, an Open Badges credential's verification, and whether the name on it was the member's.
 * Apart from the import's schema so the certificate's own schema can carry it.
 */

export const ZCertificateEvidence = z.object({
  /** What the certificate's QR code says (decoded from the picture). */
  qrCode: z.string().nullable(),
  /** A verification address printed on it (or the QR code's, when that is one). */
  verificationUrl: z.string().nullable(),
  /** The participant name printed on it, and whether it is the member's (null: none printed). */
  nameOnCertificate: z.string().nullable(),
  nameMatches: z.boolean().nullable(),
  /** An Open Badges credential file's verification by this site: null for a PDF or photo. */
  credential: z
    .object({
      verdict: z.enum(['valid', 'tampered', 'revoked', 'unknown']),
      issuerName: z.string().nullable(),
    })
    .nullable(),
});
export type TCertificateEvidence = z.infer<typeof ZCertificateEvidence>;
