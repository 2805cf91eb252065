import type { TMemberHomeResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

const HOUR_MS = 60 * 60_000;

/**
 * GET /api/member-home (decision 1005): the member's part of home in one call. Asked again every
 * 30 s while the next webinar starts within the hour, so Enter appears when its room opens.
 */
export function useMemberHome() {
  return useQuery({
    queryKey: ['member-home'],
    queryFn: ({ signal }) => apiGet<TMemberHomeResponse>('member-home', {}, signal),
    refetchInterval: (query) => {
      const next = query.state.data?.home.nextWebinar;
      if (!next || next.isRoomOpen) return false;
      return Date.parse(next.releaseDateUTC) - Date.now() < HOUR_MS ? 30_000 : false;
    },
  });
}
