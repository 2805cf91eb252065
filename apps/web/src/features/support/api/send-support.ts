import type { TSupportForm } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** Sends the support form (POST /api/support) with the member's token as hash (01 §3). */
export function useSendSupport() {
  return useMutation({
    mutationFn: (form: TSupportForm) =>
      apiPost<{ status: boolean }>('support', form, { sessionFields: ['hash'] }),
  });
}
