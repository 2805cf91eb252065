import { Texts } from '../texts.ts';
import { countText } from '../catalog/listing.rules.ts';
import { ClaimTexts, inPersonTabLabel } from '../events/events.rules.ts';

/*
 * Pure rules of the member lists (01 §2, 03 §7): which empty text a list shows, the tabs of CE
 * Completed, and how a completion tells whether it was sent to the AGD.
 */

/** The speaker line of a Watch Later row shows only when the class carries credits (01 §2). */
export function showsSpeakerLine(credits: number): boolean {
  return credits !== 0;
}

/**
 * Watch Later's empty text (decision 0502): the explanation of how to fill the list on arrival,
 * the short 'Training queue is empty.' once the member has just removed the last row.
 */
export function queueEmptyText(removedHere: boolean): string {
  return removedHere ? Texts.EMPTY_QUEUE_SHORT : Texts.EMPTY_QUEUE;
}

/** CE in Progress's empty text (decision 0502): 'All exams completed.' once the member has completed any. */
export function pendingEmptyText(completedCount: number): string {
  return completedCount > 0 ? Texts.EMPTY_PENDING_SHORT : Texts.EMPTY_PENDING;
}

export type TCompletedTab = 'webinars' | 'podcasts' | 'in-person';
/** The spec's two tabs (01 §2); In-person joins them for a member who claimed an event (issue 36). */
export const COMPLETED_TABS: readonly TCompletedTab[] = ['webinars', 'podcasts'];

/** The tab a query value names; webinars unless it says podcasts or in-person. */
export function completedTabFrom(value: string | null | undefined): TCompletedTab {
  return value === 'podcasts' || value === 'in-person' ? value : 'webinars';
}

/** cntInPerson: the member's claimed in-person events (issue 36), beside the spec's counts. */
export type TCompletedCountsLike = { cntWebinars: number; cntPodcasts: number; cntInPerson?: number };

/** The tabs CE Completed shows: the spec's two, and In-person once the member has claimed an event. */
export function completedTabs(counts: TCompletedCountsLike): TCompletedTab[] {
  return (counts.cntInPerson ?? 0) > 0 ? [...COMPLETED_TABS, 'in-person'] : [...COMPLETED_TABS];
}

/** 'Completed exams: N' counts every kind (01 §2), claimed in-person events too (issue 36). */
export function completedTotal(counts: TCompletedCountsLike): number {
  return counts.cntWebinars + counts.cntPodcasts + (counts.cntInPerson ?? 0);
}

/** 'Webinars (n)', 'Podcasts (n)' (01 §2) and 'In-person (n)' from the completed counts. */
export function completedTabLabel(tab: TCompletedTab, counts: TCompletedCountsLike): string {
  if (tab === 'in-person') return inPersonTabLabel(counts.cntInPerson ?? 0);
  return tab === 'webinars'
    ? countText(Texts.COMPLETED_TAB_WEBINARS, counts.cntWebinars)
    : countText(Texts.COMPLETED_TAB_PODCASTS, counts.cntPodcasts);
}

/** An empty tab's text (01 §2): 'No training completed.' for classes, 'No podcasts completed.' for episodes. */
export function completedTabEmptyText(tab: TCompletedTab): string {
  if (tab === 'in-person') return ClaimTexts.EMPTY_COMPLETED;
  return tab === 'webinars' ? Texts.EMPTY_COMPLETED_TRAINING : Texts.EMPTY_COMPLETED_PODCASTS;
}

/**
 * Whether and when a completion was sent to the AGD (03 §7). A member without an AGD number is
 * told why nothing is sent; formatDate renders the submission time in the reader's zone.
 */
export function agdStatusText(
  agdSubmittedAt: string | null,
  hasAgdNumber: boolean,
  formatDate: (iso: string) => string,
): string {
  if (agdSubmittedAt) return Texts.AGD_SENT.replace('{date}', formatDate(agdSubmittedAt));
  return hasAgdNumber ? Texts.AGD_NOT_SENT : Texts.AGD_NO_NUMBER;
}

/**
 * The completed counts' failure text (01 §8): 'API Error…' when the API answered but not ok,
 * 'System Error…' when the call itself failed (HTTP status 0: no answer at all).
 */
export function completedCountsErrorText(httpStatus: number): string {
  return httpStatus === 0 ? Texts.COMPLETED_SYSTEM_ERROR : Texts.COMPLETED_API_ERROR;
}
