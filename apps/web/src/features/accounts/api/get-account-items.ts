import type { TAccountItemsResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/account-items (01 §7): the dropdown lists of the registration and profile forms. */
export const accountItemsQuery = queryOptions({
  queryKey: accountKeys.items,
  queryFn: ({ signal }) => apiGet<TAccountItemsResponse>('account-items', {}, signal),
  staleTime: 10 * 60_000,
});

export const useAccountItems = () => useQuery(accountItemsQuery);
