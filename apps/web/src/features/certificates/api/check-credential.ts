import type { TVerifyCredentialResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/verify-credential (issue 40): the server checks a credential file with bundled contexts only. */
export function useCheckCredential() {
  return useMutation({
    mutationFn: (credential: Record<string, unknown>) =>
      apiPost<TVerifyCredentialResponse>('verify-credential', { credential }),
  });
}
