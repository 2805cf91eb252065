/** Credit that holds up in an audit (issue 35): a part of `Texts` (texts.ts). */
export const creditAuditTexts = {
  // Credit that holds up in an audit (issue 35)
  CLAIM_NOT_YET: 'You can claim CE for this event from {date}, when it starts.',
  CLAIM_CLOSED: 'The claim period for this event ended on {date}. Ask the organiser if you attended.',
  CLAIM_FOR_ANOTHER: 'A claim is made by the member who attended, signed in as themselves.',
  EXAM_NEW_PAGE_NEEDED:
    'Each attempt has its own questions. Open the exam again to take it with a new set of questions.',
  EXAM_POOL_ALL: 'Every attempt asks all {pool} questions.',
  EXAM_POOL_DRAW:
    'Each attempt asks {count} of the {pool} questions; the next attempt asks {fresh} it did not ask the time before.',
  EXAM_POOL_MORE: 'Write at least {needed} questions for attempts that share none.',
  EXAM_FAILED_PASS_MARK: 'Not passed yet: a score of {score}% or higher passes.',
  EXAM_FAILED_REVIEW: 'Review the course before you try again, especially:',
  EXAM_FAILED_NEW_QUESTIONS: 'Your next attempt asks a new set of questions.',
  EXAM_TRY_AGAIN: 'Take the exam again',
  EXAM_REVIEW_LESSON: 'Review the course',
  EXAM_REVIEW_TITLE: 'Your answers',
  CERT_SIGNATORY_NAME_LABEL: 'Signatory name',
  CERT_SIGNATORY_TITLE_LABEL: 'Signatory title',
  CERT_SIGNATURE_LABEL: 'Signature image',
  CERT_SETTING_SIGNATORY: 'Enter the name and title of the person who signs certificates for the provider.',
  CERT_SIGNATURE_HINT: 'A PNG or SVG of the signature, up to 512 KB; it is cleaned and stored as a PNG.',
  CERT_SIGNATURE_NOT_UPLOADED: 'Upload the signature image here: other addresses are not used.',
  CERT_LICENCES_LABEL: 'Licences this certificate is for',
  CERT_LICENCES_NONE: 'Add your licences in the CE Tracker to name them on your certificates.',
  CERT_LICENCES_SAVED: 'Saved: the certificate names the licences you chose.',
  CERT_LICENCES_UNKNOWN: 'Choose licences from your own list.',
  CERT_LICENCE_NOT_ACCEPTED: 'its board’s list of accepted providers does not name this course’s approvals',
} as const;
