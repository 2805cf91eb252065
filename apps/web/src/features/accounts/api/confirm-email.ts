import type { TStatusMessage } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/confirm-email: the token of the mailed link makes the new address the account's. */
export const useConfirmEmail = () =>
  useMutation({ mutationFn: (t: string) => apiPost<TStatusMessage>('confirm-email', { t }) });
