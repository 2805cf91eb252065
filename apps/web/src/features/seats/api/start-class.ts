import type { TClassStartResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/class-start (02 §7): records the start and gives the meeting's join URL. */
export function useStartClass(c: string) {
  return useMutation({
    mutationFn: () => apiGet<TClassStartResponse>('class-start', { c }),
    onSuccess: (result) => window.location.assign(result.joinUrl),
  });
}
