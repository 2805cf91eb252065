import type { TSeatsResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/seats (01 §7): the member's seats and waitlist places on webinars to come. */
export function useSeats() {
  return useQuery({
    queryKey: ['seats', 'list'],
    queryFn: ({ signal }) => apiGet<TSeatsResponse>('seats', {}, signal),
  });
}
