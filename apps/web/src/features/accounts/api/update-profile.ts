import type { TStatusMessage } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

/** POST /api/profile (01 §7): the whole form, plus password and password2 when changing it. */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: Record<string, unknown>) => apiPost<TStatusMessage>('profile', form),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.profile }),
  });
}
