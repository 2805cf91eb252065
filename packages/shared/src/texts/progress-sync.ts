/** Progress kept on the device while offline and sent when back (issue 44): a part of `Texts` (texts.ts). */
export const progressSyncTexts = {
  SAVED_ON_DEVICE: "Saved on this device. It will be sent when you're back online.",
  SENT_FROM_DEVICE: 'Your answers saved on this device have been sent.',
  NEXT_STEP_NEEDS_INTERNET:
    'The next step (the sponsor video, survey and exam) needs the internet. Come back to it when you are online.',
  PODCAST_EXAM_NEEDS_INTERNET:
    'The next step, the exam, needs the internet. Come back to it when you are online.',
  LISTEN_QUEUED_BEFORE_EVALUATION:
    'Your listen is saved on this device. Your evaluation will be sent right after it when you are back online.',
  VIEW_QUEUED_BEFORE_EVALUATION:
    'Your view of the class is saved on this device. Your evaluation will be sent right after it when you are back online.',
  CONTINUE_TO_EVALUATION: 'Continue to the evaluation',
  EXAM_NEEDS_INTERNET:
    'The exam is graded online, so it needs the internet. Your answers so far are kept on this device; submit when you are back online.',
  EXAM_ANSWERS_RESTORED: 'Your answers chosen so far were restored from this device.',
  LOGOUT_UNSENT_WARNING:
    'Some of your answers are saved on this device and not yet sent. They stay here for you and are sent when you sign in again online. Log out anyway?',
  LOG_OUT_ANYWAY: 'Log out anyway',
  STAY_SIGNED_IN: 'Stay signed in',
} as const;
