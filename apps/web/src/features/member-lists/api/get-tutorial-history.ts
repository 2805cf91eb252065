import type { TTutorialHistoryResponse } from '@opence/shared/schemas';
import { usePagedMemberList } from './member-list-query.ts';

/** Viewed Tutorials: a 0-based page of the tutorials the member viewed (GET /api/tutorial-history). */
export const useTutorialHistory = (page0: number) =>
  usePagedMemberList<TTutorialHistoryResponse>('tutorial-history', page0);
