import type { TRemoveQueueResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/remove-queue (02 §7): the class leaves Watch Later; resolves to its hash. */
export function useRemoveFromQueue(c: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiGet<TRemoveQueueResponse>('remove-queue', { c })).classObj.hash,
    onSuccess: () => client.invalidateQueries({ queryKey: ['class', c] }),
  });
}
