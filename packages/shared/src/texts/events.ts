/** In-person events (issue 25): a part of `Texts` (texts.ts). */
export const eventTexts = {
  // In-person events (issue 25)
  CLAIM_CODE_WRONG: 'No event has this code. Check the code and try again.',
  CLAIM_NOT_OPEN: 'Claims for this event are not open now.',
  CLAIM_ALREADY: 'You have already claimed this event.',
  CLAIM_FULL: 'All places of this event have been claimed.',
  CERT_ATTENDANCE_CLAIM_CODE: 'Verified by the event’s claim code',
  CLAIM_TITLE: 'Claim CE for an in-person event',
  CLAIM_CODE_LABEL: 'Event code',
  CLAIM_FIND: 'Find the event',
  CLAIM_SIGN_IN: 'Sign in or register to claim your CE.',
  CLAIM_ATTEST: 'I attended this event in person.',
  CLAIM_EVALUATION: 'Evaluation',
  CLAIM_SUBMIT: 'Claim CE',
  CLAIM_DONE: 'Your CE is claimed: the certificate is in CE Completed.',
  CLAIM_SEE_COMPLETED: 'Go to CE Completed',
  CLAIM_TOPICS: 'Topics',
} as const;
