import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

type TGroup = NonNullable<
  Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']
>[number];
type TContext = Parameters<Extract<TGroup['name'], (...args: never[]) => unknown>>[1];

const ENTRY = fileURLToPath(new URL('./index.html', import.meta.url));
/** The page's script: it stays in the entry chunk, as it waits (top-level await) for the first route. */
const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * One chunk for everything the entry imports statically (decision 0810). Those modules load
 * before the first render on every route anyway; left to the automatic splitting, the ones a
 * lazy route also imports became about twenty files of 1–3 KB each, twenty requests in a row
 * of six at a time on HTTP/1.1 before the app could start. Same bytes, three requests.
 * main.tsx stays out: a route chunk imports from the shell, and a shell holding main.tsx's
 * wait for the route's code would wait for itself (the app stayed on "Loading…").
 */
export function shellChunk(): TGroup {
  let shell: Set<string> | null = null;
  const staticGraph = (ctx: TContext) => {
    const seen = new Set<string>();
    const queue = [ENTRY];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    name: (id, ctx) => {
      shell ??= staticGraph(ctx);
      return id !== ENTRY && id !== MAIN && shell.has(id) ? 'shell' : null;
    },
  };
}
