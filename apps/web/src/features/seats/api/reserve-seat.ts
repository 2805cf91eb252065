import { pollBackoffMs, RESERVE_BACKOFF_CAP_MS, RESERVE_RETRIES } from '@opence/shared';
import type { TReserveSeatResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';
import { isTransientFailure } from './get-live-class.ts';

/**
 * GET /api/reserve-seat (02 §7): a seat, or a waitlist place when the class is full. A seat
 * changes the webinar's badges on every list, so every cached answer is refreshed.
 *
 * A busy server (503, decision 0817) or a network failure is asked again after a back-off that
 * honours Retry-After (issue 21): the server answers a repeat with the same seat, so nothing is
 * booked twice. When every attempt failed, the room says so and offers to try again.
 */
export function useReserveSeat(c: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<TReserveSeatResponse>('reserve-seat', { c }),
    // Refreshed in the background: the caller moves on (navigates) without waiting for every list.
    onSuccess: () => void queryClient.invalidateQueries(),
    retry: (failures, error) => isTransientFailure(error) && failures < RESERVE_RETRIES,
    // TanStack counts the failures before this one (0 at the first).
    retryDelay: (failuresBefore, error) =>
      pollBackoffMs(
        failuresBefore + 1,
        error instanceof ApiRequestError ? error.retryAfterMs : null,
        RESERVE_BACKOFF_CAP_MS,
      ),
  });
}
