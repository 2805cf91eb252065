import type { TCancelSeatInfoResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/cancel-seat (02 §7): the class a cancel code is for. */
export function useCancelSeatInfo(code: string) {
  return useQuery({
    queryKey: ['seats', 'cancel', code],
    queryFn: ({ signal }) => apiGet<TCancelSeatInfoResponse>('cancel-seat', { code }, signal),
    select: (response) => response.data[0] ?? null,
    enabled: code !== '',
  });
}
