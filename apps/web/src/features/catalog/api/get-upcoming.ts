import type { TUpcomingResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** Upcoming live webinars (GET /api/upcoming). */
export const useUpcoming = (params: TListParams) => useCatalogList<TUpcomingResponse>('upcoming', params);
