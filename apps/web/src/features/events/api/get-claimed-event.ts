import type { TClaimedEventResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/claimed-event?c= (issue 36): one of the member's claimed in-person events. */
export const useClaimedEvent = (c: string) =>
  useQuery({
    queryKey: ['claimed-event', c],
    queryFn: ({ signal }) => apiGet<TClaimedEventResponse>('claimed-event', { c }, signal),
    enabled: c !== '',
  });
