import type { TStatusResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/save-affidavit (02 §7): the attendance confirmation. */
export function useSaveAffidavit(c: string) {
  const client = useQueryClient();
  return useMutation({
    // Tried offline too: the failure is what puts the answer in the device's queue (decision 1175).
    networkMode: 'always',
    mutationFn: (attended: boolean) => apiPost<TStatusResponse>('save-affidavit', { c, attended }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['class', c] }),
  });
}
