import type { TStatusMessage } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/reset-password-request (01 §7): mails a reset link to the account of u or m. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (values: { u?: string; m?: string }) =>
      apiPost<{ status: boolean; data: { status: boolean; msg: string }[] }>(
        'reset-password-request',
        values,
      ),
  });

/** POST /api/reset-password (01 §7): the new password p with the link's token t. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ t, p }: { t: string; p: string }) => apiPost<TStatusMessage>('reset-password', { t, p }),
  });
