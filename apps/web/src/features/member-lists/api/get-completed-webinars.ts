import type { TCompletedWebinarsResponse } from '@opence/shared/schemas';
import { usePagedMemberList } from './member-list-query.ts';

/** CE Completed: a 0-based page of the member's completed classes (GET /api/completed-webinars). */
export const useCompletedWebinars = (page0: number) =>
  usePagedMemberList<TCompletedWebinarsResponse>('completed-webinars', page0);
