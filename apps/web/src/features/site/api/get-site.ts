import type { TSiteResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => apiGet<TSiteResponse>('site', {}, signal),
  staleTime: 5 * 60_000,
});

/** Brand and links; the brand falls back to the working name until the settings load. */
export function useSite() {
  const { data } = useQuery(siteQuery);
  return {
    brand: data?.brand ?? 'OpenCE',
    socialLinks: data?.socialLinks ?? [],
    desktopSiteUrl: data?.desktopSiteUrl ?? '',
  };
}
