import type { TStudentResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** GET /api/profile (01 §7): the member's whole profile. */
export const profileQuery = queryOptions({
  queryKey: accountKeys.profile,
  queryFn: ({ signal }) => apiGet<TStudentResponse>('profile', {}, signal),
});

export const useProfile = () => useQuery(profileQuery);
