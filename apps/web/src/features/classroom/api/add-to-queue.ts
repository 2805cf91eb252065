import type { TQueueAddResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/queue-add (02 §7): the class joins Watch Later; resolves to its queueId. */
export function useAddToQueue(c: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiPost<TQueueAddResponse>('queue-add', { c })).queueId,
    onSuccess: () => client.invalidateQueries({ queryKey: ['class', c] }),
  });
}
