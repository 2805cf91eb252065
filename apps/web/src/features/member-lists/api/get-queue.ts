import type { TQueueResponse } from '@opence/shared/schemas';
import { usePagedMemberList } from './member-list-query.ts';

/** Watch Later: a 0-based page of the member's queued classes (GET /api/queue). */
export const useQueue = (page0: number) => usePagedMemberList<TQueueResponse>('queue', page0);
