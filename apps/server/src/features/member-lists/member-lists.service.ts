import { certificatePdfUrl, Limits, pageWindow } from '@opence/shared';
import type { TCompletedCounts } from '@opence/shared/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { hashToken } from '../../lib/ids.ts';
import { acceptSession, isTokenShaped, sessionRowFrom } from '../../domain/sessions.ts';
import { unauthorized } from '../../lib/api-errors.ts';
import {
  presentCompletedInPersonRow,
  presentCompletedPodcastRow,
  presentCompletedWebinarRow,
  presentPage,
  presentPendingRow,
  presentQueueRow,
  presentTutorialHistoryRow,
} from './member-lists.presenter.ts';
import {
  countCompletedClasses,
  countCompletedInPerson,
  countCompletedPodcasts,
  countPending,
  countQueue,
  countTutorialHistory,
  selectCompletedClassesPage,
  selectCompletedInPersonPage,
  selectCompletedPodcastsPage,
  selectMemberFacts,
  selectSessionCompletedClasses,
  selectPendingPage,
  selectQueuePage,
  selectTutorialHistoryPage,
  type TWindow,
} from './member-lists.repo.ts';

/*
 * The member lists (01 §2): every method takes the caller's member id from the session, never
 * from the request, so a member only ever reaches their own rows.
 */

const PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;

/** One page of a list: the 0-based page asked for, clamped to the rows there are (01 §2, 03 §2). */
async function pageOf<R, T>(
  page0: number,
  count: () => Promise<number>,
  select: (window: TWindow) => Promise<R[]>,
  present: (row: R) => T,
) {
  const totalRows = await count();
  const { page, offset, limit } = pageWindow(page0, totalRows, PAGE_SIZE);
  const rows = totalRows === 0 ? [] : await select({ offset, limit });
  return presentPage({ page, pageSize: PAGE_SIZE, totalRows, rows: rows.map(present) });
}

export function createMemberListsService(deps: { db: Kysely<DB>; publicUrl: string }) {
  const { db } = deps;
  // Absolute, like the classroom's certUrl (03 §7): the PDF opens in a new tab.
  const certUrl = (certificateNumber: string) => certificatePdfUrl(deps.publicUrl, certificateNumber);
  const completionContext = async (memberId: string) => ({
    timeZone: (await selectMemberFacts(db, memberId)).time_zone,
    certUrl,
  });

  return {
    /** Watch Later: the member's queued classes (GET /api/queue). */
    queue: (memberId: string, page0: number) =>
      pageOf(
        page0,
        () => countQueue(db, memberId),
        (w) => selectQueuePage(db, memberId, w),
        presentQueueRow,
      ),

    /** CE in Progress: viewed classes whose exam is not passed yet (GET /api/pending). */
    pending: (memberId: string, page0: number) =>
      pageOf(
        page0,
        () => countPending(db, memberId),
        (w) => selectPendingPage(db, memberId, w),
        presentPendingRow,
      ),

    /** The completed counts (GET /api/completed), and whether the member has an AGD number. */
    async completedCounts(memberId: string) {
      const [cntWebinars, cntPodcasts, cntInPerson, member] = await Promise.all([
        countCompletedClasses(db, memberId),
        countCompletedPodcasts(db, memberId),
        countCompletedInPerson(db, memberId),
        selectMemberFacts(db, memberId),
      ]);
      return {
        status: true,
        rowCount: 1,
        data: [{ cntWebinars, cntPodcasts, cntInPerson }] as [TCompletedCounts],
        hasAgdNumber: Boolean(member.agd_number),
      };
    },

    /**
     * CE Completed, classes (GET /api/completed-webinars), for the session of the token the
     * request carries; 401 as the member guard answers without a live one. The session, the
     * member's zone, the count and the page asked for are read in one statement (issue 21); a
     * page beyond the last is read again, clamped, as pageOf reads the other lists.
     */
    async sessionCompletedWebinars(token: string | null, page0: number) {
      const asked = pageWindow(page0, Number.MAX_SAFE_INTEGER, PAGE_SIZE);
      const found = isTokenShaped(token)
        ? await selectSessionCompletedClasses(db, hashToken(token), asked)
        : undefined;
      const member = found ? await acceptSession(db, sessionRowFrom(found.session)) : null;
      if (!found || !member) throw unauthorized();
      const { totalRows } = found;
      const { page, offset, limit } = pageWindow(page0, totalRows, PAGE_SIZE);
      const rows =
        totalRows === 0
          ? []
          : offset === asked.offset
            ? found.rows
            : await selectCompletedClassesPage(db, member.id, { offset, limit });
      const context = { timeZone: found.timeZone, certUrl };
      return presentPage({
        page,
        pageSize: PAGE_SIZE,
        totalRows,
        rows: rows.map((row) => presentCompletedWebinarRow(row, context)),
      });
    },

    /** CE Completed, podcast episodes (GET /api/completed-podcasts). */
    async completedPodcasts(memberId: string, page0: number) {
      const context = await completionContext(memberId);
      return pageOf(
        page0,
        () => countCompletedPodcasts(db, memberId),
        (w) => selectCompletedPodcastsPage(db, memberId, w),
        (row) => presentCompletedPodcastRow(row, context),
      );
    },

    /** CE Completed, claimed in-person events (GET /api/completed-in-person; issue 36). */
    completedInPerson: (memberId: string, page0: number) =>
      pageOf(
        page0,
        () => countCompletedInPerson(db, memberId),
        (w) => selectCompletedInPersonPage(db, memberId, w),
        (row) => presentCompletedInPersonRow(row, { certUrl }),
      ),

    /** Viewed Tutorials (GET /api/tutorial-history). */
    tutorialHistory: (memberId: string, page0: number) =>
      pageOf(
        page0,
        () => countTutorialHistory(db, memberId),
        (w) => selectTutorialHistoryPage(db, memberId, w),
        presentTutorialHistoryRow,
      ),
  };
}

export type TMemberListsService = ReturnType<typeof createMemberListsService>;
