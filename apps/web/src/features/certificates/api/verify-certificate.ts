import type { TVerifyResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/verify (03 §7): holder, course, date and credits of a certificate number. */
export function useVerifyCertificate(number: string) {
  return useQuery({
    queryKey: ['verify', number] as const,
    queryFn: ({ signal }) => apiGet<TVerifyResponse>('verify', { n: number }, signal),
    enabled: Boolean(number),
  });
}
