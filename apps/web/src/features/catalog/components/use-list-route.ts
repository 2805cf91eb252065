import { filterQuery, isFiltered, pageFromPath, type TFilterParams } from '@opence/shared';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { listParams } from '../api/list-query.ts';

/*
 * What a list screen reads from its address (01 §2): the 1-based page from the path (or from
 * ?page= where the route has none, as /webinars), the filter from cid, coid and q, and j, the
 * cache-busting mark of a re-selected menu item.
 */
export function useListRoute({ pageIn = 'path' }: { pageIn?: 'path' | 'query' } = {}) {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const page = pageFromPath(pageIn === 'path' ? params.page : search.get('page'));
  const filter: TFilterParams = { cid: search.get('cid'), coid: search.get('coid'), q: search.get('q') };
  const basePath = `/${location.pathname.split('/')[1] ?? ''}`;

  const pathFor = (n: number) => {
    const query = filterQuery(filter);
    if (pageIn === 'path') return `${n > 1 ? `${basePath}/${n}` : basePath}${query}`;
    if (n <= 1) return `${basePath}${query}`;
    return `${basePath}${query ? `${query}&` : '?'}page=${n}`;
  };
  const apiParams = listParams(page - 1, filter, search.get('j'));
  return { page, filter, isFiltered: isFiltered(filter), basePath, pathFor, apiParams, navigate };
}

export type TListRoute = ReturnType<typeof useListRoute>;

/** Moves the address to the page the server answered with when it clamped the one asked for. */
export function useFollowClampedPage(
  route: TListRoute,
  answeredPage0: number | undefined,
  isCurrent: boolean,
) {
  const { page, pathFor, navigate } = route;
  useEffect(() => {
    if (isCurrent && answeredPage0 !== undefined && answeredPage0 + 1 !== page) {
      void navigate(pathFor(answeredPage0 + 1), { replace: true });
    }
  }, [isCurrent, answeredPage0, page, pathFor, navigate]);
}
