import type { TCompletedPodcastsResponse } from '@opence/shared/schemas';
import { usePagedMemberList } from './member-list-query.ts';

/** CE Completed: a 0-based page of the member's completed podcast episodes (GET /api/completed-podcasts). */
export const useCompletedPodcasts = (page0: number) =>
  usePagedMemberList<TCompletedPodcastsResponse>('completed-podcasts', page0);
