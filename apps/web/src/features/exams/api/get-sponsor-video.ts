import type { TSvaResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/sva (02 §7): the class's sponsor video, or none (rowCount 0). */
export function useSponsorVideo(c: string) {
  return useQuery({
    queryKey: ['sva', c] as const,
    queryFn: ({ signal }) => apiGet<TSvaResponse>('sva', { c }, signal),
    enabled: Boolean(c),
    staleTime: 0,
  });
}
