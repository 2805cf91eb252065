import type { TCompletedCountsResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { memberListQuery } from './member-list-query.ts';

/** The completed counts (GET /api/completed): data[0] {cntWebinars, cntPodcasts}. */
export const useCompletedCounts = () => useQuery(memberListQuery<TCompletedCountsResponse>('completed'));
