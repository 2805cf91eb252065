import type { TAccountHomeResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/account-home (01 §7): credits by CE type and the AGD reminder flag. */
export const accountHomeQuery = queryOptions({
  queryKey: accountKeys.home,
  queryFn: ({ signal }) => apiGet<TAccountHomeResponse>('account-home', {}, signal),
});

export const useAccountHome = () => useQuery(accountHomeQuery);
