import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/set-privacy-optin (02 §7): the member's yes or no to the sponsor's question. */
export function useSetPrivacyOptin(c: string) {
  return useMutation({
    mutationFn: (optin: boolean) => apiPost<{ status: boolean }>('set-privacy-optin', { c, o: optin }),
  });
}
