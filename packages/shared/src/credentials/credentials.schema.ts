import { z } from 'zod';

/*
 * Requests and responses of the Open Badges credentials (issue 40): the credential's JSON, the
 * status list, the verify page's check of a file, and the console's revocation and key rotation.
 */

/** GET /api/credential/{number}.json */
export const ZCredentialFileParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{8,40}\.json$/, 'Must be a certificate number followed by .json.'),
});

/** GET /api/credential-status/{list}: the site keeps one list. */
export const ZCredentialStatusParams = z.object({
  list: z.string().regex(/^[1-9][0-9]{0,3}$/, 'Must be a status list number.'),
});

/** POST /api/verify-credential: the credential file as it was read (at most 64 KB; a JSON object). */
export const ZVerifyCredentialRequest = z.object({
  credential: z.record(z.string(), z.unknown()),
});
export type TVerifyCredentialRequest = z.infer<typeof ZVerifyCredentialRequest>;

export const ZCredentialVerdict = z.enum(['valid', 'tampered', 'revoked', 'unknown']);

export const ZVerifyCredentialResponse = z.object({
  status: z.boolean(),
  verdict: ZCredentialVerdict,
  /** What the file claims (read from it, so a tampered file's claims are shown as claims). */
  holderName: z.string().nullable(),
  courseTitle: z.string().nullable(),
  credits: z.number().nullable(),
  issuerName: z.string().nullable(),
  issuedOn: z.string().nullable(),
  /** The certificate it was issued for, when the issuer is this site and it still exists. */
  certificateNumber: z.string().nullable(),
  revocationReason: z.string().nullable(),
});
export type TVerifyCredentialResponse = z.infer<typeof ZVerifyCredentialResponse>;

/** POST /api/admin/certificates/revoke: staff revoke a certificate's credential, with the reason. */
export const ZRevokeCertificateRequest = z.object({
  certificateNumber: z
    .string()
    .trim()
    .min(1, 'Enter the certificate number.')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be a certificate number.'),
  reason: z
    .string()
    .trim()
    .min(5, 'Say why the certificate is revoked (at least 5 characters).')
    .max(500, 'At most 500 characters.'),
});
export type TRevokeCertificateRequest = z.input<typeof ZRevokeCertificateRequest>;

export const ZRevokeCertificateResponse = z.object({
  status: z.boolean(),
  certificateNumber: z.string(),
  revokedAt: z.string(),
  reason: z.string(),
});
export type TRevokeCertificateResponse = z.infer<typeof ZRevokeCertificateResponse>;

/** POST /api/admin/credential-keys/rotate */
export const ZRotateCredentialKeyRequest = z.object({}).strict();
export const ZRotateCredentialKeyResponse = z.object({
  status: z.boolean(),
  /** The new signing key's verification method (did:web:…#key-n). */
  keyId: z.string(),
  /** Keys did.json now lists: the new one and every retired one. */
  publishedKeys: z.number(),
});
