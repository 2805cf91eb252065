import { PROGRESS_SYNC_TAG, type TQueuedKind } from '@opence/shared';
import { useSyncExternalStore } from 'react';
import { ApiRequestError } from '../api-client.ts';
import { currentSession, subscribeSession } from '../auth.tsx';
import { queryClient } from '../query-client.ts';
import { clearDraft, draftKey } from './device-draft.ts';
import { addToQueue, dropQueuedAbout, readQueue } from './progress-queue.ts';
import { sendQueue } from './send-queue.ts';

/*
 * The page's side of progress that syncs (decisions 1175–1177): queue an answer the network could
 * not take, send the signed-in member's queue on the next open and on `online`, and tell the
 * member what happened.
 */

/** How many of the member's items wait; how many the last send delivered, and when (epoch ms). */
export type TSyncStatus = { queued: number; justSent: number; sentAt: number };

let status: TSyncStatus = { queued: 0, justSent: 0, sentAt: 0 };
const listeners = new Set<() => void>();

function publish(next: TSyncStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

/** The call failed for want of a network, not because the server refused it. */
export function isOffline(error: unknown): boolean {
  return (
    (typeof navigator !== 'undefined' && !navigator.onLine) ||
    (error instanceof ApiRequestError && error.status === 0)
  );
}

async function countQueued(): Promise<number> {
  const member = currentSession()?.email;
  return member ? (await readQueue()).filter((item) => item.member === member).length : 0;
}

async function askForBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (
    registration as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  if (registration?.active && sync) await sync.register(PROGRESS_SYNC_TAG).catch(() => undefined);
}

/** Keeps an answer on the device for the signed-in member; false for a visitor (nothing to queue). */
export async function queueProgress(
  kind: TQueuedKind,
  target: string,
  body: Record<string, unknown>,
): Promise<boolean> {
  const session = currentSession();
  if (!session) return false;
  await addToQueue({
    id: crypto.randomUUID(),
    member: session.email,
    token: session.token,
    kind,
    target,
    body,
    queuedAt: Date.now(),
  });
  publish({ ...status, queued: await countQueued() });
  await askForBackgroundSync();
  return true;
}

/** Whether the signed-in member's play log or class view of this target waits in the queue. */
export async function isListenQueued(kind: 'play' | 'view', target: string): Promise<boolean> {
  const member = currentSession()?.email;
  return (
    Boolean(member) &&
    (await readQueue()).some((item) => item.member === member && item.kind === kind && item.target === target)
  );
}

/**
 * The server has just taken a newer position in this medium: an older one still queued must not
 * arrive after it and move the member back.
 */
export async function forgetQueuedPosition(m: string): Promise<void> {
  const member = currentSession()?.email;
  if (member && status.queued > 0) await dropQueuedAbout(member, 'position', m);
}

/** Sends the signed-in member's queue with their current session; what was sent refreshes its pages. */
export async function sendMemberQueue(): Promise<number> {
  const session = currentSession();
  if (!session || !navigator.onLine) return 0;
  const { sent } = await sendQueue(() => session.token, [session.email]);
  for (const item of sent) clearDraft(draftKey(item.kind, item.target));
  if (sent.length > 0) publish({ queued: await countQueued(), justSent: sent.length, sentAt: Date.now() });
  else publish({ ...status, queued: await countQueued() });
  if (sent.length > 0) await queryClient.invalidateQueries();
  return sent.length;
}

let started = false;

/** On the app's start: send what an earlier visit left, and again whenever the network returns. */
export function startProgressSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const send = () => void sendMemberQueue().catch(() => undefined);
  window.addEventListener('online', send);
  subscribeSession(send);
  send();
}

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_STATUS: TSyncStatus = { queued: 0, justSent: 0, sentAt: 0 };

export function useSyncStatus(): TSyncStatus {
  return useSyncExternalStore(
    subscribeSyncStatus,
    () => status,
    () => NO_STATUS,
  );
}

/** The signed-in member's unsent items (the logout page asks before leaving them). */
export const unsentCount = countQueued;
