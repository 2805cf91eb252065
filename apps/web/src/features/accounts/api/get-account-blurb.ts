import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** A text block by code (GET /api/blurb): the AGD reminder's wording is edited by staff. */
export const useAccountBlurb = (code: string) =>
  useQuery({
    queryKey: accountKeys.blurb(code),
    queryFn: ({ signal }) =>
      apiGet<{ data: { blurb: string }[] }>('blurb', { code }, signal).then((r) => r.data[0]?.blurb ?? ''),
    staleTime: 5 * 60_000,
  });
