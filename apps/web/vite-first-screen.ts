import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import type { TFirstScreen } from './src/app/first-screen.tsx';
import { APP_FILES_ELEMENT_ID, type TAppFiles } from './src/first-screen/app-files.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_END = '</title>';

/** The page's inline scripts, TypeScript modules of the app (docs/decisions/0841). */
const HEAD_SCRIPT = 'src/first-screen/head-script.ts';
const PAINT_FIRST_SCRIPT = 'src/first-screen/paint-first.ts';

/**
 * A module of the app bundled into the text of one inline script: its imports inlined, its names
 * kept out of the page's globals, minified. By Rolldown, Vite's own bundler: told that reading a
 * property does nothing else, it leaves out every constant of a shared module the script does
 * not use (esbuild kept 330 bytes of them, decision 0841). The server allows the script by its
 * hash (plugins/web.ts). The service worker is bundled the same way (vite-service-worker.ts).
 */
export async function inlineScript(
  root: string,
  file: string,
  define: Record<string, string> = {},
): Promise<string> {
  const { output } = await build({
    input: path.join(root, file),
    write: false,
    platform: 'browser',
    logLevel: 'warn',
    treeshake: { propertyReadSideEffects: false },
    transform: { define },
    output: { format: 'iife', minify: true, comments: false },
  });
  const [chunk] = output;
  if (output.length !== 1 || chunk?.type !== 'chunk') throw new Error(`${file}: expected one script`);
  return chunk.code.trim();
}

/** JSON inside <script type="application/json">: no '<', so no text can end the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * Renders the first screen (src/app/first-screen.tsx) into the built index.html, with the
 * head script (src/first-screen/head-script.ts, bundled), and the places the server fills:
 * the boot data's element, the head links and the frame's bounds, where a visitor's rendered
 * route goes (docs/decisions/0806, 0809, 0812). Build only: `vite dev` serves the empty page.
 */
export function firstScreen(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'opence-first-screen',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async transformIndexHtml(html) {
      for (const required of [ROOT_ELEMENT, TITLE_END]) {
        if (!html.includes(required)) throw new Error(`index.html has no ${required}`);
      }
      // The components are rendered the way Vite runs them in development, so CSS imports
      // and the build's constants resolve as in the app.
      const renderer = await createServer({
        configFile: false,
        root: config.root,
        define: config.define,
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        // Loaded through Vite, as the config itself cannot import the shared package's source.
        const module = (await renderer.ssrLoadModule('/src/app/first-screen.tsx')) as {
          renderFirstScreen: () => TFirstScreen;
        };
        const screen = module.renderFirstScreen();
        const headScript = await inlineScript(config.root, HEAD_SCRIPT);
        const [screenStart, screenEnd] = screen.screenMarkers;
        return {
          // The head links early in <head>, so the browser starts the image with the scripts.
          html: html
            .replace(TITLE_END, `${TITLE_END}\n    ${screen.headLinksMarker}`)
            .replace(ROOT_ELEMENT, `<div id="root">${screenStart}${screen.markup}${screenEnd}</div>`),
          tags: [
            { tag: 'script', children: headScript, injectTo: 'head-prepend' },
            {
              tag: 'script',
              attrs: { type: 'application/json', id: screen.bootDataElementId },
              children: screen.bootDataMarker,
              injectTo: 'body',
            },
          ],
        };
      } finally {
        await renderer.close();
      }
    },
  };
}

/**
 * Puts the entry's style sheet into the page itself: the first screen needs it to paint, and
 * a separate file cost a round trip before the first paint (about 200 ms under Lighthouse's
 * mobile network). It is small (a few KB compressed); route chunks keep their own files.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'opence-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (link, fileName: string) => {
            const asset = context.bundle?.[fileName];
            if (asset?.type !== 'asset') return link;
            // The disabled link is never fetched; it tells Vite's loader of lazy chunks that the
            // sheet is there, so a chunk that imports shell code does not add it again after the
            // routes' own sheets, where it would override them (0812).
            return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
          },
        );
      },
    },
  };
}

/**
 * Starts the app's scripts after the page's first paint when the page carries a rendered route
 * (src/first-screen/paint-first.ts, decisions 0812, 0833, 0834): the entry's module script and its
 * preloads leave the page, and the loader takes their place at the end of the body, with their
 * addresses beside it as data (APP_FILES_ELEMENT_ID).
 */
export function paintFirst(): Plugin {
  let root = '';
  return {
    name: 'opence-paint-first',
    apply: 'build',
    configResolved(resolved) {
      root = resolved.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const entry = entries[0]?.[1];
        if (entries.length !== 1 || !entry) throw new Error('index.html: expected one module entry script');
        const files: TAppFiles = { entry, preloads: preloads.map((match) => match[1]!) };
        const loader = await inlineScript(root, PAINT_FIRST_SCRIPT);
        let page = html;
        for (const match of [...entries, ...preloads]) page = page.replace(match[0], '');
        return page.replace(
          '</body>',
          () =>
            `<script type="application/json" id="${APP_FILES_ELEMENT_ID}">${jsonForScript(files)}</script>\n` +
            `  <script>${loader}</script>\n  </body>`,
        );
      },
    },
  };
}

/** Where the browser's build lists the public app's style sheets for the renderer's build. */
const PUBLIC_SHEETS_FILE = '.vite/public-sheets.json';
/** And the staff console's, which a console screen the server renders brings (0833). */
const CONSOLE_SHEETS_FILE = '.vite/console-sheets.json';
const CONSOLE_SOURCE = '/src/features/admin/';
const PUBLIC_SHEETS_MODULE = 'virtual:public-sheets';

type TChunk = Rolldown.OutputChunk;

/** The chunks reachable from `start` by `next`, in the order they are reached. */
function reachable(start: TChunk, chunks: Map<string, TChunk>, next: (chunk: TChunk) => string[]): TChunk[] {
  const seen = new Map<string, TChunk>();
  const queue = [start];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const fileName of next(chunk)) {
      const found = chunks.get(fileName);
      if (found) queue.push(found);
    }
  }
  return [...seen.values()];
}

const sheetsOf = (chunks: TChunk[]) => [
  ...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])),
];

/**
 * Lists, for the renderer's build, the style sheets of every chunk the public app can load, in
 * the order it reaches them: all but the console's, and the entry's own, which inlineEntryCss
 * puts in the page (decisions 0812, 0813).
 */
export function listPublicSheets(): Plugin {
  return {
    name: 'opence-list-public-sheets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is TChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return this.error('no entry chunk');
      const pageSheets = new Set(sheetsOf(reachable(entry, chunks, (chunk) => chunk.imports)));
      const publicChunks = reachable(entry, chunks, (chunk) =>
        [...chunk.imports, ...chunk.dynamicImports].filter(
          (fileName) => !chunks.get(fileName)?.facadeModuleId?.includes(CONSOLE_SOURCE),
        ),
      );
      const sheets = sheetsOf(publicChunks).filter((fileName) => !pageSheets.has(fileName));
      this.emitFile({ type: 'asset', fileName: PUBLIC_SHEETS_FILE, source: JSON.stringify(sheets) });
      const consoleChunk = [...chunks.values()].find((chunk) =>
        chunk.facadeModuleId?.includes(CONSOLE_SOURCE),
      );
      const consoleSheets = consoleChunk
        ? sheetsOf(
            reachable(consoleChunk, chunks, (chunk) => [...chunk.imports, ...chunk.dynamicImports]),
          ).filter((fileName) => !pageSheets.has(fileName))
        : [];
      this.emitFile({ type: 'asset', fileName: CONSOLE_SHEETS_FILE, source: JSON.stringify(consoleSheets) });
    },
  };
}

/**
 * The renderer's build: `virtual:public-sheets` gives the sheets listPublicSheets found in the
 * browser's build (`dist`, built first), their file names and their text: the public app's
 * (`sheets`, `css`) and the staff console's (`consoleSheets`, `consoleCss`).
 */
export function publicSheetsModule(dist: string): Plugin {
  const resolved = `\0${PUBLIC_SHEETS_MODULE}`;
  const read = (list: string) => {
    const files = JSON.parse(readFileSync(path.join(dist, list), 'utf8')) as string[];
    return { files, css: files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('') };
  };
  return {
    name: 'opence-public-sheets-module',
    resolveId: (id) => (id === PUBLIC_SHEETS_MODULE ? resolved : null),
    load(id) {
      if (id !== resolved) return null;
      const app = read(PUBLIC_SHEETS_FILE);
      const staff = read(CONSOLE_SHEETS_FILE);
      return [
        `export const sheets = ${JSON.stringify(app.files)};`,
        `export const css = ${JSON.stringify(app.css)};`,
        `export const consoleSheets = ${JSON.stringify(staff.files)};`,
        `export const consoleCss = ${JSON.stringify(staff.css)};`,
        '',
      ].join('\n');
    },
  };
}
