/** Open Badges credentials (issue 40): a part of `Texts` (texts.ts). */
export const credentialTexts = {
  DOWNLOAD_CREDENTIAL: 'Download credential (JSON)',
  ADD_TO_LINKEDIN: 'Add to LinkedIn',
  CREDENTIAL_HINT:
    'The credential is an Open Badges 3.0 file signed by the provider: a board, an employer or a wallet can check it without this site.',
  CREDENTIAL_CHECK_TITLE: 'Check a credential file',
  CREDENTIAL_CHECK_INTRO:
    'Drop a credential file (.json) here, or choose one. It is checked against the provider’s published key and revocation list.',
  CREDENTIAL_CHOOSE_FILE: 'Credential file (.json)',
  CREDENTIAL_CHECKING: 'Checking the credential…',
  CREDENTIAL_VALID: 'Valid: this credential was issued by the provider and has not been changed or revoked.',
  CREDENTIAL_TAMPERED: 'Not valid: this credential was changed after the provider signed it.',
  CREDENTIAL_REVOKED: 'Revoked: the provider withdrew this credential.',
  CREDENTIAL_UNKNOWN: 'Not a credential this site issued: it cannot be checked here.',
  CREDENTIAL_NOT_JSON: 'This file is not a credential: choose the .json file you downloaded.',
  CREDENTIAL_TOO_LARGE: 'This file is too large to be a credential (at most 64 KB).',
  CREDENTIAL_ALREADY_REVOKED: 'This certificate was already revoked.',
  CERT_REVOKED: 'This certificate was revoked by the provider.',
  REVOKE_CERTIFICATE: 'Revoke certificate',
  REVOKE_CERTIFICATE_DONE:
    'The certificate was revoked: its credential now shows as revoked to any verifier.',
} as const;
