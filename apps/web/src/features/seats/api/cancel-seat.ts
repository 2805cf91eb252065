import type { TCancelSeatResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/cancel-seat (02 §7): releases the seat; every list's badges are refreshed. */
export function useCancelSeat(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<TCancelSeatResponse>('cancel-seat', { code }),
    // Refreshed in the background: the caller moves on (navigates) without waiting for every list.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
