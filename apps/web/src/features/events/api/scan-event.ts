import type { TScanResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/event-scan (issue 42): the member's scan of a door code; a credit may come with it. */
export function useScanEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost<TScanResponse>('event-scan', { code }),
    onSuccess: async (scanned) => {
      if (scanned.certificateNumber) await client.invalidateQueries({ queryKey: ['member-lists'] });
    },
  });
}
