import {
  itemsToSend,
  QUEUED_CALL_METHOD,
  QUEUED_CALL_PATH,
  sendOutcome,
  waitsBehind,
  type TQueuedItem,
} from '@opence/shared';
import { readQueue, removeFromQueue } from './progress-queue.ts';

/*
 * Sends the queue: the one sending code of the page (on `online` and on the next open) and of the
 * service worker (on Background Sync), decision 1176. It calls the spec's own paths with `s` in the
 * body, as a browser without the queue does; it is the only fetch beside lib/api-client.ts because
 * a worker has no session store for that client to read, so the session comes with the call.
 */

export type TSendResult = { sent: TQueuedItem[]; kept: number };

/** The session to send a member's items with: the page's current one, or each item's own (the worker). */
export type TSessionFor = (item: TQueuedItem) => string | null;

function request(item: TQueuedItem, token: string): Promise<Response> {
  const path = `/api/${QUEUED_CALL_PATH[item.kind]}`;
  if (QUEUED_CALL_METHOD[item.kind] === 'GET') {
    const query = new URLSearchParams({ ...item.body, s: token } as Record<string, string>);
    return fetch(`${path}?${query}`, { headers: { accept: 'application/json' } });
  }
  return fetch(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ ...item.body, s: token }),
  });
}

async function deliver(item: TQueuedItem, token: string): Promise<number> {
  try {
    return (await request(item, token)).status;
  } catch {
    return 0;
  }
}

async function sendEach(sessionFor: TSessionFor, members: readonly string[] | null): Promise<TSendResult> {
  const queue = await readQueue();
  const owners = members ?? [...new Set(queue.map((item) => item.member))];
  const sent: TQueuedItem[] = [];
  const kept: TQueuedItem[] = [];
  for (const member of owners) {
    for (const item of itemsToSend(queue, member)) {
      const token = sessionFor(item);
      const outcome = token && !waitsBehind(item, kept) ? sendOutcome(await deliver(item, token)) : 'keep';
      if (outcome === 'keep') {
        kept.push(item);
        continue;
      }
      await removeFromQueue([item.id]);
      if (outcome === 'sent') sent.push(item);
    }
  }
  return { sent, kept: kept.length };
}

/**
 * Sends what is queued, one sender at a time across the page's tabs and the worker (a Web Lock):
 * the `online` event, the next open and a sync event firing together send each item once.
 * `members` limits it to one member's items (a page sends only its signed-in member's).
 */
export async function sendQueue(
  sessionFor: TSessionFor,
  members: readonly string[] | null,
): Promise<TSendResult> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return sendEach(sessionFor, members);
  return locks.request('opence-progress-send', () => sendEach(sessionFor, members));
}
