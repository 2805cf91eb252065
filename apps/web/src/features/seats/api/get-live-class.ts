import { Timing } from '@opence/shared';
import type { TClassResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export type TLiveClass = TClassResponse & {
  /** The server's clock minus the browser's when the answer arrived (for the countdown). */
  clockOffsetMs: number;
};

export const liveClassKey = (c: string) => ['seats', 'class', c] as const;

/** GET /api/class (02 §7): the webinar and the member's seat on it. */
export const liveClassQuery = (c: string) =>
  queryOptions({
    queryKey: liveClassKey(c),
    queryFn: async ({ signal }): Promise<TLiveClass> => {
      const response = await apiGet<TClassResponse>('class', { c }, signal);
      return { ...response, clockOffsetMs: Date.parse(response.classObj.serverTime) - Date.now() };
    },
    staleTime: 0,
  });

/** The webinar; refreshed every 15 s while the live room is open (02 §4, §9). */
export function useLiveClass(c: string, { isLiveRoom = false }: { isLiveRoom?: boolean } = {}) {
  return useQuery({ ...liveClassQuery(c), refetchInterval: isLiveRoom ? Timing.LIVE_REFRESH_MS : false });
}
