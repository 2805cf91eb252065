import type { TFilterParams } from '@opence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';

/*
 * The content lists' calls (01 §7) share one shape: GET /api/<list> with s, cid, coid, q and a
 * 0-based page. The key holds the token, since a member's answer carries their own flags.
 */

export type TListParams = {
  cid?: string | null;
  coid?: string | null;
  q?: string | null;
  page?: number;
  /** The cache-busting mark of a re-selected menu item (01 §2): a new value loads afresh. */
  j?: string | null;
};

/**
 * A list screen's call parameters: a 0-based page, its filter and mark. One builder for the
 * screens and the first screen's boot data (app/first-screen-data), whose keys must be equal.
 */
export function listParams(page0: number, filter: TFilterParams, j: string | null): TListParams {
  return { cid: filter.cid ?? null, coid: filter.coid ?? null, q: filter.q ?? null, page: page0, j };
}

export function catalogQuery<T>(path: string, params: TListParams, token: string | null) {
  return queryOptions({
    queryKey: ['catalog', path, params, token] as const,
    queryFn: ({ signal }) => apiGet<T>(path, params, signal),
  });
}

/** A list; the previous page stays on screen while the next one loads (no layout jump). */
export function useCatalogList<T>(path: string, params: TListParams) {
  const token = useSession()?.token ?? null;
  return useQuery({ ...catalogQuery<T>(path, params, token), placeholderData: keepPreviousData });
}
