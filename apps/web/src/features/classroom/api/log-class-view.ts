import type { TClassViewResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/class-view (02 §7): logs a view; the class then shows the member's new record. */
export function useLogClassView(c: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<TClassViewResponse>('class-view', { c }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['class', c] }),
  });
}
