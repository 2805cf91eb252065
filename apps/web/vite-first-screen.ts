import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import type { TFirstScreen } from './src/app/first-screen.tsx';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_END = '</title>';

/**
 * Renders the first screen (src/app/first-screen.tsx) into the built index.html, with the
 * head script that hides the cookie notice once accepted, and the places the server fills:
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
        const [screenStart, screenEnd] = screen.screenMarkers;
        return {
          // The head links early in <head>, so the browser starts the image with the scripts.
          html: html
            .replace(TITLE_END, `${TITLE_END}\n    ${screen.headLinksMarker}`)
            .replace(ROOT_ELEMENT, `<div id="root">${screenStart}${screen.markup}${screenEnd}</div>`),
          tags: [
            { tag: 'script', children: screen.headScript, injectTo: 'head-prepend' },
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
 * Starts the app's scripts after the page's first paint when the page carries a rendered route,
 * a visitor's or a member's (decisions 0812, 0833), and at once otherwise. A module script in
 * the head runs before the first paint whenever it arrives before the page is parsed, as it does
 * on a fast connection: the screen that is already there then waited for the app's code to be
 * compiled and run. The entry and its preloads move into a small inline script at the end of the
 * body (allowed by its hash, as the head script).
 */
/** The longest the app's files wait for a rendered screen's pictures (paintFirst). */
const APP_AFTER_MS = 3_000;
/** The frames drawn after a rendered screen is complete before the app's files come, when no paint is reported (0834). */
const FRAMES_AFTER = 3;

export function paintFirst(): Plugin {
  return {
    name: 'opence-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const entry = entries[0]?.[1];
        if (entries.length !== 1 || !entry) throw new Error('index.html: expected one module entry script');
        // On a page with a rendered route the screen is there already: the app's files come once the
        // screen is on screen (0833, 0834), at low priority. That is: after the page's load event, once
        // every picture in view has loaded (a lazy one in view does not hold the load event) and the
        // browser has reported the largest paint with it (a picture larger than what was reported is
        // not on screen yet), and once a frame drawn after all that has reached the screen: the browser
        // reports a largest paint from after it, or FRAMES_AFTER frames have been drawn since (nothing
        // larger was painted). Lighthouse's simulation counts in the LCP every request that ended
        // before it: the app's 135 KB, started after the frame that painted the screen was drawn but
        // before it reached the screen, doubled the LCP in about one run of ten. At most APP_AFTER_MS
        // after the page was parsed; at once on a tap, a key or a scroll (which end the browser's
        // reports of the largest paint). What the visitor taps and types meanwhile is kept (0830).
        const load =
          `var d=document,w=window,r=d.querySelector("[data-rendered]"),g=0,o=0,v=0,z=0,y=-1,t=0,f=0,e=[],P=w.PerformanceObserver;function load(){if(g++)return;` +
          `${JSON.stringify(preloads.map((m) => m[1]))}.forEach(function(h){` +
          `var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;if(r)l.fetchPriority="low";d.head.appendChild(l)});` +
          `var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};` +
          `if(r)s.fetchPriority="low";d.head.appendChild(s)}` +
          // The area of a picture in view, 0 when it is out of view, hidden or broken.
          'function area(i){var b=i.getBoundingClientRect();return i.complete&&!i.naturalWidth?0:' +
          'Math.max(0,Math.min(b.bottom,innerHeight)-Math.max(b.top,0))*Math.max(0,Math.min(b.right,innerWidth)-Math.max(b.left,0))}' +
          `function tick(){if(++f>${FRAMES_AFTER})load();else requestAnimationFrame(tick)}` +
          'function check(){if(!o||g)return;if(t){if(y>=t)load();return}' +
          'for(var i,k=0;(i=d.images[k]);k++){var a=area(i);if(!a)continue;' +
          'if(!i.complete){i.addEventListener("load",check);i.addEventListener("error",check);return}' +
          'if(v&&a>z&&e.indexOf(i)<0)return}' +
          't=performance.now();tick()}' +
          // A hidden tab paints nothing, and its animation frames wait until it is shown.
          `if(!r||d.visibilityState!=="visible")load();else{` +
          'if(P&&(P.supportedEntryTypes||[]).indexOf("largest-contentful-paint")>=0){new P(function(l){l.getEntries().forEach(function(x){e.push(x.element);z=x.size;y=x.startTime});check()}).observe({type:"largest-contentful-paint",buffered:!0});v=1}' +
          '["keydown","pointerdown","scroll"].forEach(function(n){w.addEventListener(n,load,{capture:!0,passive:!0,once:!0})});' +
          'function go(){o=1;check()}' +
          `if(d.readyState==="complete")go();else w.addEventListener("load",go);setTimeout(load,${APP_AFTER_MS})}`;
        let page = html;
        for (const match of [...entries, ...preloads]) page = page.replace(match[0], '');
        return page.replace('</body>', `<script>(function(){${load}})()</script>\n  </body>`);
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
