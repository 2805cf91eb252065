import { creditsText } from '../catalog/format.rules.ts';
import { countText } from '../catalog/listing.rules.ts';
import { formatCalendarDay } from '../certificates/certificates.rules.ts';
import { localDayInZone } from '../exams/exams.rules.ts';
import { Texts } from '../texts.ts';

/*
 * The in-person claim's screens (issue 36): the texts of /claim, of a claimed event's page
 * (/in-person/{c}) and of CE Completed's In-person tab, and the pure rules behind them. The
 * server's refusals (wrong code, not open, already claimed, full) stay in Texts (issue 25).
 */

export const ClaimTexts = {
  MENU_LABEL: 'Claim in-person CE',
  INTRO:
    'Attended a study club, a lunch-and-learn or a course in person? Enter the code shown at the event, or scan the QR code on its poster.',
  CODE_HINT: 'Six letters and digits, on the poster or the last slide.',
  CODE_REQUIRED: 'Enter the event’s code.',
  LOOKING_UP: 'Looking up the event…',
  OTHER_CODE: 'Enter another code',
  VISITOR_NOTE: 'Your certificate, your transcript and the AGD submission come with your free account.',
  SIGN_IN: 'Sign in',
  REGISTER: 'Register',
  ATTEND_SECTION: 'Attendance',
  DONE_TITLE: 'CE claimed',
  ALREADY_TITLE: 'Already claimed',
  SEE_CREDIT: 'See this credit',
  NOT_OPEN_TITLE: 'Not open for claims',
  DATE: 'Date',
  PLACE: 'Place',
  SPEAKER: 'Speaker',
  SPONSOR: 'Sponsor',
  CREDITS: 'Credits',
  AGD_CODE: 'AGD subject code',
  COURSE_NUMBER: 'Course number',
  TOPICS: 'Topics',
  CLAIMED_ON: 'Claimed on',
  CERTIFICATE_NUMBER: 'Certificate number',
  IN_PERSON: 'In person',
  CREDIT_NAME: 'Live, In Person',
  DETAIL_TITLE: 'In-person event',
  DETAIL_LOADING: 'Loading the event…',
  DETAIL_BACK: 'CE Completed',
  DETAIL_PDF: 'View PDF certificate',
  DETAIL_NOT_FOUND: 'This in-person event is not among your claimed events.',
  DETAIL_LOAD_ERROR: 'The event could not be loaded.',
  COMPLETED_TAB: 'In-person ({n})',
  EMPTY_COMPLETED: 'No in-person events claimed.',
  COMPLETED_ROW_CLAIMED: 'Claimed on {date}',
} as const;

/**
 * The claim form's ten ratings (the evaluation's questions, 02 §3), worded for an event in a
 * room rather than a site; each is rated Excellent … Poor as in the class evaluation.
 */
export const CLAIM_RATINGS = [
  { name: 'courseObjectives', label: 'The event met its stated learning objectives.' },
  { name: 'courseUseful', label: 'The content is useful in my practice.' },
  { name: 'courseAppropriate', label: 'The content was appropriate for my level of experience.' },
  { name: 'courseLogical', label: 'The material was presented in a logical order.' },
  { name: 'instructorCommunication', label: 'The speaker communicated clearly.' },
  { name: 'instructorPreparedness', label: 'The speaker was well prepared.' },
  { name: 'instructorEffectiveness', label: 'The speaker was effective overall.' },
  { name: 'sitePresentation', label: 'The room, the slides and the sound were of good quality.' },
  { name: 'siteNavigation', label: 'Claiming CE for this event was easy.' },
  { name: 'siteComparison', label: 'Compared with other in-person CE, this event was…' },
] as const;

/**
 * Why "Claim CE" cannot be pressed yet, in the member's words, or null when it can: the
 * attendance is confirmed and every rating is given. The button says so beside itself instead
 * of being greyed out without a word (issue 36).
 */
export function claimBlocker(state: { attended: boolean; unrated: number }): string | null {
  const { attended, unrated } = state;
  if (attended && unrated <= 0) return null;
  const questions =
    unrated === 1 ? 'the last evaluation question' : `the ${unrated} evaluation questions left`;
  if (!attended && unrated > 0) return `To claim your CE, confirm that you attended and answer ${questions}.`;
  if (!attended) return 'To claim your CE, confirm that you attended.';
  return `To claim your CE, answer ${questions}.`;
}

/** A claim code as typed (any case, spaces or dashes between its characters) in its stored form. */
export const normalClaimCode = (typed: string) => typed.trim().toUpperCase().replace(/[\s-]/g, '');

/** An in-person event's credits: '2 CEU (Live, In Person)'. */
export const inPersonCreditsText = (credits: number) => creditsText(credits, ClaimTexts.CREDIT_NAME);

/** CE Completed's In-person tab label: 'In-person (n)'. */
export const inPersonTabLabel = (n: number) => countText(ClaimTexts.COMPLETED_TAB, n);

/** A claimed event's own page (issue 36): not the classroom, which has no class for it. */
export const inPersonPath = (classHash: string) => `/in-person/${encodeURIComponent(classHash)}`;

/** The claim page of a code: the poster's QR link, and the return path of a visitor's sign-in. */
export const claimPath = (code?: string | null) => (code ? `/claim/${encodeURIComponent(code)}` : '/claim');

/*
 * The claim window of an in-person event (issue 35, docs/decisions/1042): from the event's start
 * to a number of days after it that staff set (a site setting, 30 by default). Before the start
 * nothing can be claimed: a certificate for a course not yet held is worth nothing.
 */

export const DEFAULT_CLAIM_WINDOW_DAYS = 30;
export const MAX_CLAIM_WINDOW_DAYS = 365;

/** The setting's days, or the default when it is unset or not a whole number in range. */
export function claimWindowDays(setting: string | null | undefined): number {
  const days = Number(setting);
  return Number.isInteger(days) && days >= 1 && days <= MAX_CLAIM_WINDOW_DAYS
    ? days
    : DEFAULT_CLAIM_WINDOW_DAYS;
}

export type TClaimWindow = { opensAt: string; closesAt: string };

/** The window of an event starting at `startsAt` (ISO): it closes `days` days after the start. */
export function claimWindow(startsAt: string, days: number): TClaimWindow {
  const opens = new Date(startsAt);
  return {
    opensAt: opens.toISOString(),
    closesAt: new Date(opens.getTime() + days * 86_400_000).toISOString(),
  };
}

export type TClaimWindowState = 'not-yet' | 'open' | 'closed';

export function claimWindowState(window: TClaimWindow, at: Date): TClaimWindowState {
  const t = at.toISOString();
  return t < window.opensAt ? 'not-yet' : t > window.closesAt ? 'closed' : 'open';
}

/** Why a claim is refused outside the window, with the day in the member's zone. */
export function claimRefusalText(
  state: Exclude<TClaimWindowState, 'open'>,
  window: TClaimWindow,
  timeZone: string | null | undefined,
): string {
  const at = state === 'not-yet' ? window.opensAt : window.closesAt;
  const day = formatCalendarDay(localDayInZone(new Date(at), timeZone));
  return (state === 'not-yet' ? Texts.CLAIM_NOT_YET : Texts.CLAIM_CLOSED).replace('{date}', day);
}
