import { withQueued, type TQueuedItem, type TQueuedKind } from '@opence/shared';
import { createStore, get, update, type UseStore } from 'idb-keyval';

/*
 * The queue of what a member did offline (decision 1175), one IndexedDB record the page and the
 * service worker both reach. Every change is one idb-keyval `update`, a single readwrite
 * transaction, so a page and a worker changing it at once never lose each other's items.
 */

const QUEUE_KEY = 'queue';
let store: UseStore | null = null;

function queueStore(): UseStore {
  store ??= createStore('opence-progress', 'items');
  return store;
}

export async function readQueue(): Promise<TQueuedItem[]> {
  return (await get<TQueuedItem[]>(QUEUE_KEY, queueStore())) ?? [];
}

export async function addToQueue(item: TQueuedItem): Promise<void> {
  await update<TQueuedItem[]>(QUEUE_KEY, (queue) => withQueued(queue ?? [], item), queueStore());
}

/** Removes exactly these items: one queued meanwhile about the same thing has another id and stays. */
export async function removeFromQueue(ids: readonly string[]): Promise<void> {
  await update<TQueuedItem[]>(
    QUEUE_KEY,
    (queue) => (queue ?? []).filter((i) => !ids.includes(i.id)),
    queueStore(),
  );
}

/** Forgets a member's queued item about a thing the server has just been told newer news of. */
export async function dropQueuedAbout(member: string, kind: TQueuedKind, target: string): Promise<void> {
  await update<TQueuedItem[]>(
    QUEUE_KEY,
    (queue) => (queue ?? []).filter((i) => !(i.member === member && i.kind === kind && i.target === target)),
    queueStore(),
  );
}
