import type { TCompletedInPersonResponse } from '@opence/shared/schemas';
import { usePagedMemberList } from './member-list-query.ts';

/** CE Completed: a 0-based page of the member's claimed in-person events (GET /api/completed-in-person; issue 36). */
export const useCompletedInPerson = (page0: number) =>
  usePagedMemberList<TCompletedInPersonResponse>('completed-in-person', page0);
