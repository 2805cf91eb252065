import type { TRemoveQueueResponse } from '@opence/shared/schemas';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/remove-queue (02 §7): the class leaves Watch Later; resolves to its hash. */
export async function removeFromQueue(c: string): Promise<string> {
  return (await apiGet<TRemoveQueueResponse>('remove-queue', { c })).classObj.hash;
}
