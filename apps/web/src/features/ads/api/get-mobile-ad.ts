import type { TMobileAdResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * A mobile banner's modal texts (GET /api/mobilead), loaded on the modal's first show and kept
 * for the page's life; the server counts the tap that asked for them.
 */
export function useMobileAdDetails(adId: string) {
  return useQuery({
    queryKey: ['mobilead', adId],
    queryFn: ({ signal }) => apiGet<TMobileAdResponse>('mobilead', { a: adId }, signal),
    select: (response) => response.data[0],
    staleTime: Infinity,
    retry: false,
  });
}
