import { subscribeSession, getToken } from '../../lib/auth.tsx';
import { forgetSessionCaches, tellWorkerSession } from '../../lib/offline-caches.ts';

/*
 * Registers the service worker once the first screen is shown and the page has loaded, in an idle
 * moment, so the first load's main thread does not pay for it (docs/decisions/1172). workbox-window
 * is fetched then, not with the app's shell.
 */

type TUpdateListener = (isWaiting: boolean) => void;
const listeners = new Set<TUpdateListener>();
let applyUpdate: (() => void) | null = null;

/** Calls listener when a new version's worker waits for the member's consent. */
export function subscribeUpdate(listener: TUpdateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function isUpdateWaiting(): boolean {
  return applyUpdate !== null;
}

/** The member said Reload: the waiting worker takes over, then the page reloads into it. */
export function reloadIntoUpdate(): void {
  applyUpdate?.();
}

function whenIdle(run: () => void): void {
  const later = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

let started = false;

export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  started = true;
  let lastToken = getToken();
  subscribeSession(() => {
    const token = getToken();
    if (token === lastToken) return;
    if (!token) void forgetSessionCaches();
    lastToken = token;
    void tellWorkerSession(token);
  });
  // Without a worker (refused by the browser, a private window, a test that blocks workers) the
  // site works as before: online only.
  whenIdle(() => void register().catch(() => undefined));
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    applyUpdate = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    for (const listener of listeners) listener(true);
  });
  // Each page the worker controls learns who is signed in, also after the first install.
  workbox.addEventListener('controlling', () => void tellWorkerSession(getToken()));
  await workbox.register();
  await navigator.serviceWorker.ready;
  void tellWorkerSession(getToken());
}
