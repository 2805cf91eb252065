import type { TClassViewResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { isOffline, queueProgress } from '../../../lib/progress-sync/progress-sync.ts';

/** Offline, the view is queued on the device and sent before the evaluation answered after it (1175). */
async function logClassView(c: string): Promise<TClassViewResponse | null> {
  try {
    return await apiGet<TClassViewResponse>('class-view', { c });
  } catch (error) {
    if (isOffline(error) && (await queueProgress('view', c, { c }).catch(() => false))) return null;
    throw error;
  }
}

/** GET /api/class-view (02 §7): logs a view; the class then shows the member's new record. */
export function useLogClassView(c: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: () => logClassView(c),
    onSuccess: () => client.invalidateQueries({ queryKey: ['class', c] }),
  });
}
