import { formatCalendarDay } from '../certificates/certificates.rules.ts';
import { Timing } from '../constants.ts';
import { Texts } from '../texts.ts';

/*
 * Pure rules of the podcast series page and the sticky player (02 §2, §9): skipping, the
 * exam state of an episode and the texts that carry a number or a date.
 */

/** Where a play started (loc of podcast-view): the series page, or a lobby (02 §7: source 'webinar'). */
export const PlayLocation = { PODCAST: 'podcast', LOBBY: 'webinar' } as const;
export type TPlayLocation = (typeof PlayLocation)[keyof typeof PlayLocation];

/** The time after a skip of deltaSec (±15 s, 02 §9), kept inside the episode. */
export function skipTo(currentSec: number, deltaSec: number, durationSec: number): number {
  const target = Math.max(0, currentSec + deltaSec);
  return Number.isFinite(durationSec) && durationSec > 0 ? Math.min(target, durationSec) : target;
}

export const SKIP_BACK_SEC = -Timing.PODCAST_SKIP_SEC;
export const SKIP_FORWARD_SEC = Timing.PODCAST_SKIP_SEC;

/** 'N CEU (Self Study)' (02 §2). */
export function podcastCeuText(credits: number): string {
  return Texts.PODCAST_CEU.replace('{n}', String(credits));
}

/** 'Exam Completed on March 3, 2026.' from the member's local day 'YYYY-MM-DD' (02 §2). */
export function examCompletedText(examDateLocal: string): string {
  return Texts.EXAM_COMPLETED_ON.replace('{date}', formatCalendarDay(examDateLocal));
}

/** What an episode row offers about its exam: none, 'Take Exam', or the completion. */
export type TPodcastExamState = 'none' | 'take' | 'completed';

export function podcastExamState(p: { hasExam: boolean; examTaken: boolean }): TPodcastExamState {
  if (p.examTaken) return 'completed';
  return p.hasExam ? 'take' : 'none';
}
