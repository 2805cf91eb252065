import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/hide-agd-reminder (02 §7): the member hides the AGD reminder for good. */
export function useHideAgdReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<{ status: boolean }>('hide-agd-reminder'),
    onSuccess: () => client.invalidateQueries({ queryKey: ['class'] }),
  });
}
