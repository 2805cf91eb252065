import type { TCertificateResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { TCertificateTarget } from './get-certificate.ts';

/** POST /api/certificate-licences: the licences the certificate names (decision 1045); the modal shows the answer. */
export function useChooseLicences(target: TCertificateTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (licenceIds: string[]) =>
      apiPost<TCertificateResponse>('certificate-licences', {
        c: target.c ?? null,
        p: target.p ?? null,
        licenceIds,
      }),
    onSuccess: (data) => client.setQueryData(['certificate', target.c ?? null, target.p ?? null], data),
  });
}
