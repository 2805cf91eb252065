import type { TStatusMessage } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/remove-consent (01 §7): h is the member's token; a confirmation mail follows. */
export const useRequestErasure = () =>
  useMutation({
    mutationFn: () => apiPost<TStatusMessage>('remove-consent', {}, { sessionFields: ['h'] }),
  });

/** POST /api/remove-consent-confirm: the token of the mailed link (docs/decisions/0106). */
export const useConfirmErasure = () =>
  useMutation({ mutationFn: (t: string) => apiPost<TStatusMessage>('remove-consent-confirm', { t }) });
