/*
 * Pure rules of a certificate's Open Badges 3.0 credential (issue 40): where it is downloaded, the
 * LinkedIn add-certification link, and what the verify page says of a file it was given.
 */

/** The credential's JSON, behind the certificate number like its PDF. */
export function credentialJsonPath(certificateNumber: string): string {
  return `/api/credential/${encodeURIComponent(certificateNumber)}.json`;
}

export function credentialJsonUrl(publicUrl: string, certificateNumber: string): string {
  return `${publicUrl}${credentialJsonPath(certificateNumber)}`;
}

/** The file name the member's download is saved under. */
export function credentialFileName(certificateNumber: string): string {
  return `credential-${certificateNumber}.json`;
}

export type TLinkedInCertification = {
  name: string;
  organizationName: string;
  /** The day the certificate names, YYYY-MM-DD. */
  issuedOn: string;
  certId: string;
  certUrl: string;
};

/**
 * LinkedIn's add-to-profile link for a certification, filled in: name, organisation, issue year and
 * month, credential id and URL (the member confirms it on LinkedIn).
 */
export function linkedInCertificationUrl(c: TLinkedInCertification): string {
  const [year, month] = c.issuedOn.split('-');
  const params: [string, string][] = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', c.name],
  ];
  if (c.organizationName) params.push(['organizationName', c.organizationName]);
  if (year && month) params.push(['issueYear', String(Number(year))], ['issueMonth', String(Number(month))]);
  params.push(['certId', c.certId], ['certUrl', c.certUrl]);
  // Written by hand: the shared package has no URL API in every place it runs (no DOM, no Node types).
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `https://www.linkedin.com/profile/add?${query}`;
}

/** What a checked credential file is: the verify page's answer. */
export const CredentialVerdict = {
  VALID: 'valid',
  TAMPERED: 'tampered',
  REVOKED: 'revoked',
  /** Not signed by this site's key, or not a credential at all: nothing can be said of it here. */
  UNKNOWN: 'unknown',
} as const;
export type TCredentialVerdict = (typeof CredentialVerdict)[keyof typeof CredentialVerdict];

/** The verdict from the proof and the status list: a revoked credential's proof still holds. */
export function credentialVerdict(check: {
  isOurs: boolean;
  isSigned: boolean;
  isRevoked: boolean | null;
}): TCredentialVerdict {
  if (!check.isOurs) return CredentialVerdict.UNKNOWN;
  if (!check.isSigned) return CredentialVerdict.TAMPERED;
  return check.isRevoked ? CredentialVerdict.REVOKED : CredentialVerdict.VALID;
}
