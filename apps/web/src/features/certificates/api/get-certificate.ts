import type { TCertificateResponse } from '@opence/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** A completed class (c) or podcast episode (p) of the member's. */
export type TCertificateTarget = { c?: string | undefined; p?: string | undefined };

/** GET /api/certificate: what the certificate modal shows; fetched when the modal opens. */
export function useCertificate(target: TCertificateTarget, isOpen: boolean) {
  return useQuery({
    queryKey: ['certificate', target.c ?? null, target.p ?? null] as const,
    queryFn: ({ signal }) =>
      apiGet<TCertificateResponse>('certificate', { c: target.c, p: target.p }, signal),
    enabled: isOpen && Boolean(target.c || target.p),
  });
}
