import type { TPendingResponse } from '@opence/shared/schemas';
import { usePagedMemberList } from './member-list-query.ts';

/** CE in Progress: a 0-based page of the member's classes in progress (GET /api/pending). */
export const usePending = (page0: number) => usePagedMemberList<TPendingResponse>('pending', page0);
