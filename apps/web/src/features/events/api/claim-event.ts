import type { TClaimForm, TClaimResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { claimPreviewKey } from './get-claim-preview.ts';

/**
 * POST /api/claim-event (issue 25): the code, the attendance confirmed and the evaluation. The
 * code's preview and CE Completed change with it.
 */
export function useClaimEvent(code: string) {
  const client = useQueryClient();
  return useMutation({
    // The form's schema has checked the attendance box.
    mutationFn: ({ attended: _attended, ...a }: TClaimForm) =>
      apiPost<TClaimResponse>('claim-event', { code, attended: true, a }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: claimPreviewKey(code) });
      await client.invalidateQueries({ queryKey: ['member-lists'] });
    },
  });
}
