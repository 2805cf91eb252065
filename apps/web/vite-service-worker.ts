import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';
import { inlineScript } from './vite-first-screen.ts';

/*
 * Builds the service worker (src/sw.ts, docs/decisions/1170) into dist/sw.js with Workbox's
 * precache list in place of `self.__WB_MANIFEST`, as workbox-build's injectManifest does, here
 * with Rolldown, Vite's own bundler, from the bundle Vite just wrote (vite-plugin-pwa did not
 * support Vite 8's Rolldown build when this was written; see the record).
 */

const WORKER_SOURCE = 'src/sw.ts';
const MANIFEST_PLACEHOLDER = 'self.__WB_MANIFEST';

/** The staff console and its editor: never on a member's device, so never precached. */
const CONSOLE_MODULES =
  /\/features\/admin\/|node_modules\/(@tiptap|prosemirror|linkifyjs|orderedmap|rope-sequence|w3c-keyname)/;

type TEntry = { url: string; revision: string | null };

const revisionOf = (bytes: string | Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The files of the app shell a member's device keeps: the app's scripts, sheets and fonts, and the public files. */
function precacheEntries(bundle: Rolldown.OutputBundle, publicDir: string): TEntry[] {
  const entries: TEntry[] = [];
  for (const file of Object.values(bundle)) {
    if (file.fileName.endsWith('.map') || file.fileName.endsWith('.html')) continue;
    if (
      file.type === 'chunk' &&
      file.moduleIds.length > 0 &&
      file.moduleIds.every((id) => CONSOLE_MODULES.test(id))
    )
      continue;
    if (file.type === 'asset' && !/\.(css|woff2?|svg|png|webp)$/.test(file.fileName)) continue;
    // Hashed names change with their content: no revision needed.
    entries.push({ url: `/${file.fileName}`, revision: null });
  }
  for (const name of readdirSync(publicDir)) {
    entries.push({ url: `/${name}`, revision: revisionOf(readFileSync(path.join(publicDir, name))) });
  }
  return entries;
}

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'opence-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // The bundle as written: Vite leaves out chunks that only carried CSS after generateBundle.
    async writeBundle(_options, bundle) {
      const entries = precacheEntries(bundle, config.publicDir);
      // Workbox's production build: no logging.
      const worker = await inlineScript(config.root, WORKER_SOURCE, {
        'process.env.NODE_ENV': JSON.stringify('production'),
      });
      if (!worker.includes(MANIFEST_PLACEHOLDER))
        throw new Error(`${WORKER_SOURCE} has no ${MANIFEST_PLACEHOLDER}`);
      const code = worker.replace(MANIFEST_PLACEHOLDER, JSON.stringify(entries));
      writeFileSync(path.join(config.build.outDir, 'sw.js'), code);
    },
  };
}
