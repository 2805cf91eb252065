import { POLL_RETRIES, pollBackoffMs, Timing } from '@opence/shared';
import type { TClassResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';

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

/** True when a failed refresh is worth asking again for: the server was busy or failed, or the network did. */
export function isTransientFailure(error: unknown): boolean {
  return error instanceof ApiRequestError && error.isTransient;
}

/**
 * The webinar; refreshed every 15 s while the live room is open (02 §4, §9). A busy server
 * (503) or a network failure is asked again after a back-off with jitter that honours
 * Retry-After (pollBackoffMs); when that fails too, the room keeps what it shows and the next
 * refresh comes at the usual time.
 */
export function useLiveClass(c: string, { isLiveRoom = false }: { isLiveRoom?: boolean } = {}) {
  return useQuery({
    ...liveClassQuery(c),
    refetchInterval: isLiveRoom ? Timing.LIVE_REFRESH_MS : false,
    // Not on the server drawing a member's screen (0833): there a failed call is left to the browser.
    retry: (failures, error) =>
      typeof window !== 'undefined' && isTransientFailure(error) && failures < POLL_RETRIES,
    // TanStack counts the failures before this one (0 at the first).
    retryDelay: (failuresBefore, error) =>
      pollBackoffMs(
        failuresBefore + 1,
        error instanceof ApiRequestError ? error.retryAfterMs : null,
        Timing.LIVE_REFRESH_MS,
      ),
  });
}
