import type { TPodcastsResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** Podcast episodes (GET /api/podcasts). */
export const usePodcasts = (params: TListParams) => useCatalogList<TPodcastsResponse>('podcasts', params);
