import type { TQueueAddResponse } from '@opence/shared/schemas';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/queue-add (02 §7): the class joins Watch Later; resolves to its queueId. */
export async function addToQueue(c: string): Promise<string> {
  return (await apiPost<TQueueAddResponse>('queue-add', { c })).queueId;
}
