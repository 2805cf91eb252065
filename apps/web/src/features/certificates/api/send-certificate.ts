import type { TSendCertResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import type { TCertificateTarget } from './get-certificate.ts';

/** POST /api/send-cert (02 §7): s, c, p; the certificate PDF goes to the member's inbox. */
export function useSendCertificate(target: TCertificateTarget) {
  return useMutation({
    mutationFn: () => apiPost<TSendCertResponse>('send-cert', { c: target.c ?? null, p: target.p ?? null }),
  });
}
