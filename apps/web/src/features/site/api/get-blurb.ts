import type { TBlurbResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export const blurbQuery = (code: string) =>
  queryOptions({
    queryKey: ['blurb', code],
    queryFn: ({ signal }) => apiGet<TBlurbResponse>('blurb', { code }, signal),
    select: (response) => response.data[0]?.blurb ?? '',
    staleTime: 5 * 60_000,
  });

/** A text block by code (01 §7 blurb). */
export function useBlurb(code: string) {
  return useQuery(blurbQuery(code));
}
