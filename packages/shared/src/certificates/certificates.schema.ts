import { z } from 'zod';
import { ZWebinarEvidence } from '../webinar-evidence/webinar-evidence.schema.ts';
import { ZToken } from '../api.schema.ts';
import { requireClassOrPodcast, ZOptionalHash } from '../classroom/classroom.schema.ts';
import { ZEventEvidence } from '../events/scans.schema.ts';

/*
 * Requests and responses of certificates (02 §2 Certificate modal, §7 send-cert; 03 §7 certUrl
 * and the public verification page).
 */

/** A class (c) or a podcast episode (p) of the member's: send-cert needs one (02 §5). */
export const ZCertificateQuery = z
  .object({ s: ZToken.optional(), c: ZOptionalHash, p: ZOptionalHash })
  .superRefine(requireClassOrPodcast);
export type TCertificateQuery = z.input<typeof ZCertificateQuery>;

export const ZSignatory = z.object({ name: z.string(), title: z.string() });

/** One of the member's licences as the certificate modal offers it. */
export const ZCertificateLicence = z.object({
  id: z.string(),
  /** 'CA dentist, licence 54321' */
  label: z.string(),
  /** The certificate names it. */
  isChosen: z.boolean(),
  /** Whether its board's accepted providers name this course's approvals; null when the rule does not say. */
  isAccepted: z.boolean().nullable(),
});
export type TCertificateLicence = z.infer<typeof ZCertificateLicence>;

/** POST /api/certificate-licences: the licences the certificate of a class (c) or episode (p) names. */
export const ZCertificateLicencesRequest = z
  .object({
    s: ZToken.optional(),
    c: ZOptionalHash,
    p: ZOptionalHash,
    licenceIds: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z0-9_-]+$/),
      )
      .max(20),
  })
  .superRefine(requireClassOrPodcast);

/** What the certificate modal shows (02 §2). */
export const ZCertificateDetails = z.object({
  certificateNumber: z.string(),
  courseNumber: z.string().nullable(),
  studentName: z.string(),
  courseTitle: z.string(),
  lecturer: z.string().nullable(),
  dateCompleted: z.string(),
  method: z.string(),
  format: z.string(),
  creditType: z.string(),
  creditHours: z.number(),
  subjectCode: z.string().nullable(),
  description: z.string(),
  learningObjectives: z.array(z.string()),
  supporterName: z.string().nullable(),
  providerName: z.string(),
  providerContact: z.string(),
  accreditationStatement: z.string(),
  approvalPeriod: z.string(),
  adaCerpStatement: z.string().nullable(),
  ukCpdStatement: z.string().nullable(),
  certUrl: z.string(),
  verifyUrl: z.string(),
  /** How the attendance behind live credit was verified (issue 25); null for self-study. */
  attendanceVerification: z.string().nullable().optional(),
  /** Where the course was held: 'Online', the live webinar, or an event's place (issue 35). */
  location: z.string(),
  /** The credits as printed: '2 CE credit hours', with CEUs where a board of the certificate asks. */
  creditHoursText: z.string(),
  /** The provider's signatory printed on the signature line (decision 1043). */
  signatory: ZSignatory.nullable(),
  /** The member's licences and whether the certificate names each (decision 1045). */
  licences: z.array(ZCertificateLicence),
  /** The certificate's Open Badges 3.0 credential (JSON) to download (issue 40). */
  credentialUrl: z.string().optional(),
  /** LinkedIn's add-certification link, filled in (issue 40). */
  linkedInUrl: z.string().optional(),
});
export type TCertificateDetails = z.infer<typeof ZCertificateDetails>;

export const ZCertificateResponse = z.object({ status: z.boolean(), certificate: ZCertificateDetails });
export type TCertificateResponse = z.infer<typeof ZCertificateResponse>;

export const ZSendCertResponse = z.object({ status: z.boolean(), errorMsg: z.string().optional() });
export type TSendCertResponse = z.infer<typeof ZSendCertResponse>;

/** GET /api/certificate/{number}.pdf */
export const ZCertificatePdfParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{8,40}\.pdf$/, 'Must be a certificate number followed by .pdf.'),
});

/** GET /api/verify?n=… */
export const ZVerifyQuery = z.object({
  n: z
    .string()
    .trim()
    .min(1, 'n is required.')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be a certificate number.'),
});

export const ZVerifyResponse = z.object({
  status: z.boolean(),
  certificateNumber: z.string(),
  holderName: z.string(),
  courseTitle: z.string(),
  courseNumber: z.string().nullable(),
  dateCompleted: z.string(),
  credits: z.number(),
  creditType: z.string(),
  providerName: z.string(),
  /** How the credit was earned, in the accreditors' words (issue 35). */
  method: z.string(),
  format: z.string(),
  location: z.string(),
  creditHoursText: z.string(),
  subjectCode: z.string().nullable(),
  signatory: ZSignatory.nullable(),
  /** Set once staff revoked the certificate (issue 40): its credential's status bit is set too. */
  revocation: z.object({ revokedOn: z.string(), reason: z.string() }).nullable().optional(),
  /** An in-person credit decided by scan-in and scan-out (issue 42): its evidence. */
  eventEvidence: ZEventEvidence.optional(),
  /** A live webinar's evidence: presence, polls, rule and decision (issue 42); only this holder's. */
  webinarEvidence: ZWebinarEvidence.optional(),
});
export type TVerifyResponse = z.infer<typeof ZVerifyResponse>;
