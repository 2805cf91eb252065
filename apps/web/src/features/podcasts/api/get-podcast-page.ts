import type { TPodcastResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';

/** What the series page was opened with (02 §2): p episode hash, ps show hash, s slug. */
export type TPodcastPageRef = { p?: string | undefined; ps?: string | undefined; s?: string | undefined };

/** GET /api/podcast for an episode, /api/podcast-show for a show; a slug may name either. */
async function fetchPodcastPage(ref: TPodcastPageRef, signal: AbortSignal): Promise<TPodcastResponse> {
  if (ref.p) return apiGet<TPodcastResponse>('podcast', { p: ref.p }, signal);
  if (ref.s) {
    try {
      return await apiGet<TPodcastResponse>('podcast', { p: ref.s }, signal);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      return apiGet<TPodcastResponse>('podcast-show', { ps: ref.s }, signal);
    }
  }
  return apiGet<TPodcastResponse>('podcast-show', { ps: ref.ps }, signal);
}

/** The key holds the token: a member's answer carries their own exam state. */
export const podcastPageQuery = (ref: TPodcastPageRef, token: string | null) =>
  queryOptions({
    queryKey: ['podcast-page', ref.p ?? null, ref.ps ?? null, ref.s ?? null, token] as const,
    queryFn: ({ signal }) => fetchPodcastPage(ref, signal),
  });

export function usePodcastPage(ref: TPodcastPageRef) {
  const token = useSession()?.token ?? null;
  return useQuery({ ...podcastPageQuery(ref, token), enabled: Boolean(ref.p || ref.ps || ref.s) });
}
