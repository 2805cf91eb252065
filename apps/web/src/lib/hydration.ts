import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * `server` on the server and while the browser takes over a screen the server rendered (decision
 * 0830), then `client()`: for a value only the browser knows (its storage, its width). The first
 * render must print what the server printed; React renders again with the browser's value right
 * after. `client` must return a primitive (it is compared by identity).
 */
export function useBrowserValue<T extends string | number | boolean | null>(client: () => T, server: T): T {
  return useSyncExternalStore(subscribeNever, client, () => server);
}
