import type { TStatusResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/save-sva-response (02 §7): v the sponsor video, e the answer (2 yes, 3 no). */
export const useSaveSponsorAnswer = () =>
  useMutation({
    mutationFn: ({ c, v, e }: { c: string; v: string; e: number }) =>
      apiPost<TStatusResponse>('save-sva-response', { c, v, e }),
  });
