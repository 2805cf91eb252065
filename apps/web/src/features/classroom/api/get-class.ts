import type { TClassResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';

/**
 * GET /api/class (02 §7): the class, the member's record on it and whether the exam shows.
 * tzOffsetMin lets examsLeftToday count the member's own day. The key holds the token: a
 * member's answer carries their own record.
 */
export const classQuery = (c: string, token: string | null) =>
  queryOptions({
    queryKey: ['class', c, token] as const,
    queryFn: ({ signal }) =>
      apiGet<TClassResponse>('class', { c, tzOffsetMin: new Date().getTimezoneOffset() }, signal),
  });

export function useClass(c: string) {
  const token = useSession()?.token ?? null;
  return useQuery({ ...classQuery(c, token), enabled: Boolean(c) });
}
