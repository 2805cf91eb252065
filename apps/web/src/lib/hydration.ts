import { createContext, useContext, useState, useSyncExternalStore } from 'react';

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

/** When the server drew the screen the browser takes over (epoch ms), null where it drew none (0833). */
export const RenderedAtContext = createContext<number | null>(null);

/**
 * The clock's time when the component first rendered: the server's drawing time on the server and
 * while the browser takes that screen over, so a countdown prints what the server printed; the
 * browser's own time for anything it draws itself. The caller moves it on from there.
 */
export function useFirstRenderTime(): number {
  const renderedAt = useContext(RenderedAtContext);
  const isTakingOver = useBrowserValue(() => false, true);
  const [first] = useState(() => (isTakingOver && renderedAt !== null ? renderedAt : Date.now()));
  return first;
}
