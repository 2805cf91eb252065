import type { TReserveSeatResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * GET /api/reserve-seat (02 §7): a seat, or a waitlist place when the class is full. A seat
 * changes the webinar's badges on every list, so every cached answer is refreshed.
 */
export function useReserveSeat(c: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<TReserveSeatResponse>('reserve-seat', { c }),
    // Refreshed in the background: the caller moves on (navigates) without waiting for every list.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
