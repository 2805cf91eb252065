/** The import of another provider's certificate (issue 41). */
export const ImportTexts = {
  HEADING: 'Import a certificate',
  INTRO:
    'Drop a PDF or a photo of a certificate from another provider, or an Open Badges credential file. We read it; you check every field before anything is saved.',
  DROP: 'Drop a certificate here, or choose a file',
  TAKES: 'PDF, JPEG or PNG photo, or an Open Badges JSON file, up to 10 MB.',
  READING: 'Reading the certificate…',
  REVIEW_HEADING: 'Check what we read',
  REVIEW_INTRO:
    'Fields marked “Check this” were hard to read; blank ones were not found. Nothing is saved until you save.',
  CHECK_THIS: 'Check this',
  NOT_FOUND: 'Not found on the certificate',
  LOW_CONFIDENCE_SUMMARY: '{count} fields were hard to read: check them before saving.',
  OCR_UNAVAILABLE:
    'Photos cannot be read on this server (the OCR program is not installed): type the fields from the certificate. The file is still kept with it.',
  UNREADABLE:
    'No text could be read from this file: type the fields from the certificate. The file is still kept with it.',
  NAME_MISMATCH:
    'The name on the certificate, “{name}”, does not look like yours. You can still save it; an auditor may ask why.',
  QR_FOUND: 'QR code on the certificate',
  VERIFY_URL: 'Verification address',
  CREDENTIAL_VALID: 'Verified Open Badges credential from {issuer}: its signature checks out.',
  CREDENTIAL_UNVERIFIED:
    'This credential could not be verified ({verdict}): it is imported as unverified, and says so.',
  AGD_CODE: 'AGD subject code',
  PARTICIPANT: 'Name on the certificate',
  BUSY: 'Many certificates are being read right now. Try again in a minute.',
  EXPIRED: 'This import has expired: drop the file again.',
  CREDENTIAL_TAKES: 'a PDF, JPEG or PNG file, or an Open Badges credential (JSON)',
  BAD_CREDENTIAL: 'This JSON file is not an Open Badges credential.',
} as const;
