import { useSyncExternalStore } from 'react';

/*
 * Whether the browser has a network (issue 44). The server and a page taken over render as online,
 * so hydration matches; the browser's own value follows at once.
 */

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
