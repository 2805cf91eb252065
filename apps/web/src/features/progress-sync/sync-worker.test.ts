import { PROGRESS_SYNC_TAG } from '@opence/shared';
import { describe, expect, it, vi } from 'vitest';
import { listenForProgressSync } from './sync-worker.ts';

function syncEvent(tag: string) {
  const waited: Promise<unknown>[] = [];
  const event = Object.assign(new Event('sync'), { tag, waitUntil: (p: Promise<unknown>) => waited.push(p) });
  return { event, waited };
}

describe('listenForProgressSync', () => {
  it('sends the queue on a sync tagged opence-progress and keeps the worker alive until sent', async () => {
    const scope = new EventTarget();
    const send = vi.fn(() => Promise.resolve('done'));
    listenForProgressSync(scope, send);
    const { event, waited } = syncEvent(PROGRESS_SYNC_TAG);
    scope.dispatchEvent(event);
    expect(send).toHaveBeenCalledOnce();
    expect(waited).toHaveLength(1);
    await expect(waited[0]).resolves.toBe('done');
  });

  it('leaves sync events of other tags alone', () => {
    const scope = new EventTarget();
    const send = vi.fn(() => Promise.resolve());
    listenForProgressSync(scope, send);
    const { event, waited } = syncEvent('another-tag');
    scope.dispatchEvent(event);
    expect(send).not.toHaveBeenCalled();
    expect(waited).toHaveLength(0);
  });

  it('hands a failed send to the browser, which retries the sync later', async () => {
    const scope = new EventTarget();
    listenForProgressSync(scope, () => Promise.reject(new Error('offline')));
    const { event, waited } = syncEvent(PROGRESS_SYNC_TAG);
    scope.dispatchEvent(event);
    await expect(waited[0]).rejects.toThrow('offline');
  });
});
