/** The learning flow: classroom, exam, certificate, its stepper and steps' refusals (02 §2, §4, §8): a part of `Texts` (texts.ts). */
export const learningTexts = {
  // Learning flow (02 §2, §4, §8)
  VIDEO_UPCOMING: 'Video Upcoming',
  VIDEO_UNAVAILABLE: 'Video Unavailable',
  EXAM_UPCOMING: 'Exam Upcoming',
  EXAM_COMPLETED_TITLE: 'Exam Completed',
  EXAM_LIMIT_CLASSROOM:
    "Exam Limit Reached: You've reached the limit of 10 exams per day.  Please resume your self-study activity another day.",
  EXAM_LIMIT_BANNER:
    'Exam Limit Reached: You’ve reached the limit of 10 exams per day.  Please resume your self-study activity another day.',
  AFFIDAVIT_ATTEST:
    'I attest that I have completed the CE activity in its entirety and am ready to proceed to the CE exam.',
  SPONSOR_VIDEO_NOTE:
    'Press the play button to watch this video and proceed to your CE exam. Our video sponsors help keep the product FREE.',
  SPONSOR_VIDEO_AFTER: '(After your selection, you will be directed to CE exam)',
  ANSWER_REQUIRED: 'Answer is required.',
  FIELD_TOO_LONG: 'Field exceeds maximum allowed length.',
  ANSWER_ALL_QUESTIONS: 'Please answer all questions.',
  VIEW_CLASS_FIRST: 'Please view class before taking exam.',
  EXAM_COMPLETED_RETURN_CLASSROOM: 'Exam completed.  Returning to classroom.',
  LISTEN_PODCAST_FIRST: 'Please listen to podcast before taking exam.',
  COMPLETE_EVALUATION_FIRST: 'Complete evaluation before completing exam.',
  UNABLE_LOAD_STUDENT_PODCAST: 'Unable to load student.  Returning to podcast list.',
  UNABLE_LOAD_STUDENT_CLASSROOM: 'Unable to load student.  Returning to classroom.',
  EXAM_COMPLETED_RETURN_PODCASTS: 'Exam completed.  Returning to podcasts.',
  EXAM_NOT_AVAILABLE: 'Exam not available.  Try again later.',
  EXAM_TECH_ERROR: 'Technical error.  Contact support.',
  EXAM_TECH_ERROR_LATER: 'Technical Error. Try again later.',
  CERT_SENT: 'Check your email inbox for the Verification of Participation certificate.',
  CONGRATULATIONS: "Congratulations! You've earned CE credit.",
  YOUR_EXAM_GRADE: 'Your Exam Grade',
  WHILE_YOU_WAIT: 'While you wait...',
  MORE_DRILLDOWNS: 'More 5-Minute Drill Down Videos',
  MORE_PODCASTS: 'More Podcast Episodes',
  // Learning flow: the screens' labels (02 §2) and ours where the spec is silent (docs/decisions/0301-0312)
  VIEW_CLASS: 'View Class',
  HIDE_CLASS: 'Hide Class',
  AFFIDAVIT_TITLE: 'Verification of Participation Affidavit',
  PROCEED_TO_EXAM: 'Proceed to Exam',
  VIDEO_UPCOMING_DETAIL: 'The on-demand video of this webinar is being produced. Please check back soon.',
  VIDEO_UNAVAILABLE_DETAIL: 'This video is not available on this device.',
  // A class without a recording yet: no exam until it exists (issue 22, decision 1001)
  COMING_SOON: 'Coming soon',
  COMING_SOON_EXAM: 'The exam opens once the recording is published.',
  EXAM_UPCOMING_DETAIL:
    'A link to the exam is e-mailed to you after the webinar. Please allow up to two hours.',
  REPLAY_VIDEO: 'Replay Video',
  SPONSOR_VIDEO_WATCHED: 'I watched the video',
  SPONSOR_VIDEO_NO_END: 'If the video does not report its end, confirm here once you have watched it.',
  VERIFICATION_OF_PARTICIPATION: 'Verification of Participation',
  VIEW_PDF_CERTIFICATE: 'View PDF Certificate',
  EMAIL_CERTIFICATE: 'E-mail certificate',
  CERT_NOT_EARNED: 'No certificate yet: pass the exam of this course first.',
  CERT_NOT_FOUND: 'No certificate with this number was found.',
  CERT_VERIFIED: 'This certificate is valid.',
  // Certificates a board would not question (issue 22, decision 1004).
  CERT_PROVIDER_NOT_READY:
    'Your certificate cannot be issued just now: the provider’s accreditation details are being renewed. Your credit is saved; please try again later, or contact support.',
  CERT_SETTING_PROVIDER_ID:
    'Enter the AGD PACE provider ID from your approval letter (000000 is a placeholder): certificates are not issued without it.',
  CERT_SETTING_APPROVAL_PERIOD:
    'Enter the approval period (start and end) from your approval letter: certificates are not issued without it.',
  CERT_SETTING_APPROVAL_EXPIRED:
    'The approval period has ended: enter the current period from your renewed approval letter. Certificates are not issued while it has expired.',
  CERT_SETTING_STATEMENT:
    'Enter the approval statement your approval letter gives: certificates are not issued without it.',
  CERT_SETTING_PLACEHOLDER:
    'This text still holds the template’s instructions (“Replace this text…”, “Example Street”): write your own wording, or leave the field empty where it is optional. Certificates are not issued with it.',
  CERT_DUPLICATE: 'Duplicate',

  // The learning flow's stepper (issue 22, decision 1007).
  STEPPER_LABEL: 'Your steps to the certificate',
  STEPPER_COMPACT: 'Step {n} of {total} · {label}',
  STEPPER_DONE: '(done)',
  STEP_VIEW: 'View',
  STEP_LISTEN: 'Listen',
  STEP_ATTEST: 'Attest',
  STEP_EVALUATE: 'Evaluate',
  STEP_SPONSOR: 'Sponsor',
  STEP_SURVEY: 'Survey',
  STEP_EXAM: 'Exam',
  STEP_CERTIFICATE: 'Certificate',
  NEXT_AFTER_VIEW: 'Next: confirm you viewed the class, then the evaluation.',
  NEXT_AFTER_ATTEST:
    'Next: the evaluation, the sponsor’s message and survey where the class has them, then the exam.',
  NEXT_AFTER_EVALUATE: 'Next: the sponsor’s message and survey where the class has them, then the exam.',
  NEXT_AFTER_EVALUATE_PODCAST: 'Next: the exam.',
  NEXT_AFTER_SPONSOR: 'Next: the survey where the class has one, then the exam.',
  NEXT_AFTER_SURVEY: 'Next: the exam.',
  NEXT_AFTER_SURVEY_QUESTION: 'Next: the next survey question.',
  NEXT_AFTER_EXAM: 'Next: your certificate, once you pass.',
  EXAM_REVIEW: 'Review the answers marked incorrect and resubmit.',
  DONE: 'Done',

  // Attendance, survey, sponsor video, evaluation (02 §8)
  ERROR_RECORDING: 'Error recording response. Try again later.',
  SYSTEM_ERROR_RECORDING: 'System error recording response. Try again later.',
  DATA_ERROR: 'Data error.  Try again later.',
  SYSTEM_ERROR_LATER: 'System Error.  Try again later.',
  SPONSOR_SYSTEM_ERROR: 'System error.  Contact technical support.',
  SPONSOR_SAVE_ERROR: 'System API error saving response.',
  EVAL_SAVE_ERROR: 'Error saving evaluation.  Try again.',
  EVAL_PODCAST_LOAD_ERROR: 'Error retrieving podcast data.  Refresh and try again.',
  EVAL_LOAD_ERROR: 'Error retrieving data.  Try again.',
  EVAL_TECH_ERROR: 'Technical error - contact support.',

  // An exam drawn from a pool, submitted without a page served or after the exam changed (0908).
  EXAM_DRAW_COUNT_LABEL: 'Questions per attempt',
  EXAM_DRAW_COUNT_HINT:
    'Leave empty to ask every question as written. With a number, each attempt draws that many of the questions below and shuffles their options.',
  EXAM_DRAW_COUNT:
    'Questions per attempt must be a whole number from 1 to the number of questions, or empty for all.',
  EXAM_RELOAD: 'This exam has changed since it was opened. Reload the page to take it again.',
} as const;
