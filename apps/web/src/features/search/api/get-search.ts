import type { TFilterParams } from '@opence/shared';
import type { TSearchResponse } from '@opence/shared/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';

/** Cross-content search (GET /api/search, s cid coid q); j forces a fresh load (01 §2). */
export function useSearchResults(filter: TFilterParams, j: string | null) {
  const token = useSession()?.token ?? null;
  return useQuery({
    queryKey: ['search', filter, j, token],
    queryFn: ({ signal }) => apiGet<TSearchResponse>('search', { ...filter, j }, signal),
    placeholderData: keepPreviousData,
  });
}
