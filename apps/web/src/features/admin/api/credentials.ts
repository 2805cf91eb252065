import type { TRevokeCertificateRequest, TRevokeCertificateResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** Issue 40: staff revoke a certificate (its credential's status bit) and rotate the signing key. */
export function useRevokeCertificate() {
  return useMutation({
    mutationFn: (input: TRevokeCertificateRequest) =>
      apiPost<TRevokeCertificateResponse>('admin/certificates/revoke', input),
  });
}

export function useRotateCredentialKey() {
  return useMutation({
    mutationFn: () => apiPost<{ keyId: string; publishedKeys: number }>('admin/credential-keys/rotate', {}),
  });
}
