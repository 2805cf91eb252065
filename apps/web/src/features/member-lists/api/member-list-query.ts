import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/*
 * The member lists' calls (01 §7) share one shape: GET /api/<list> with s and a 0-based page.
 * Keys are ['member-lists', list, page]; a mutation invalidates a whole list by its prefix.
 * The lists change when the member learns elsewhere (views a class, passes an exam), so they
 * are refetched on every arrival (staleTime 0) while the cached rows stay on screen.
 */

export type TMemberList =
  | 'queue'
  | 'pending'
  | 'completed'
  | 'completed-webinars'
  | 'completed-podcasts'
  | 'completed-in-person'
  | 'tutorial-history';

export const memberListKey = (list: TMemberList, page0?: number) =>
  page0 === undefined ? (['member-lists', list] as const) : (['member-lists', list, page0] as const);

export function memberListQuery<T>(list: TMemberList, page0?: number) {
  return queryOptions({
    queryKey: memberListKey(list, page0),
    queryFn: ({ signal }) => apiGet<T>(list, page0 === undefined ? {} : { page: page0 }, signal),
    staleTime: 0,
  });
}

/** A page of a list; the previous page stays on screen while the next one loads (no layout jump). */
export function usePagedMemberList<T>(list: TMemberList, page0: number) {
  return useQuery({ ...memberListQuery<T>(list, page0), placeholderData: keepPreviousData });
}
