import type { TSearchItemsResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const searchItemsQuery = queryOptions({
  queryKey: ['search-items'],
  queryFn: ({ signal }) => apiGet<TSearchItemsResponse>('search-items', {}, signal),
  staleTime: 5 * 60_000,
});

/** The sidebar's categories and companies (GET /api/search-items). */
export const useSearchItems = () => useQuery(searchItemsQuery);
