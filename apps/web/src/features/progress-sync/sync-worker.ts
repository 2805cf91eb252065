import { PROGRESS_SYNC_TAG } from '@opence/shared';
import { sendQueue, type TSendResult } from '../../lib/progress-sync/send-queue.ts';

/*
 * The service worker's part of progress that syncs (decision 1176): the worker (issue 44 part 1)
 * calls listenForProgressSync(self). A sync event tagged opence-progress sends the queue with
 * each item's own session; an item the server could not take yet stays, and the rejected promise
 * asks the browser to retry the sync later.
 */

type TSyncEvent = Event & { tag: string; waitUntil(promise: Promise<unknown>): void };

export type TWorkerScope = Pick<EventTarget, 'addEventListener'>;

export async function sendFromWorker(): Promise<TSendResult> {
  const result = await sendQueue((item) => item.token, null);
  if (result.kept > 0) throw new Error(`${result.kept} queued item(s) wait for the network or a session`);
  return result;
}

export function listenForProgressSync(
  scope: TWorkerScope,
  send: () => Promise<unknown> = sendFromWorker,
): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as TSyncEvent;
    if (sync.tag === PROGRESS_SYNC_TAG) sync.waitUntil(send());
  });
}
