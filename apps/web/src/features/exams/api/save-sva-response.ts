import type { TStatusResponse } from '@opence/shared/schemas';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/save-sva-response (02 §7): v the sponsor video, e the answer (2 yes, 3 no). */
export function saveSponsorAnswer(c: string, v: string, e: number): Promise<TStatusResponse> {
  return apiPost<TStatusResponse>('save-sva-response', { c, v, e });
}
