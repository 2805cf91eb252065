import type { Result } from 'lighthouse';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from './build.ts';
import { describeMachine, loadAverage } from './machine.ts';
import { RESULTS_DIR, WEB_DIST_COPY, WORK } from './paths.ts';
import { replaceSection } from './report.ts';
import { startServer, type TProcess } from './server-process.ts';
import { lighthouseInteraction, lighthouseNavigation, type TInteractionResult } from './web-lighthouse.ts';
import { keepMiss } from './web-misses.ts';
import { discoverSite, interactions, sessionOf, type TWebPage, type TWho } from './web-pages.ts';

/*
 * npm run bench:web: page weight and Lighthouse (mobile preset) per route of the built web app,
 * served by the production server with demo content: the visitor's routes, the demo member's own
 * pages with their session, the staff console's dashboard, and Interaction to Next Paint of the
 * main interactions (docs/decisions/0832). Every route is measured in each of several runs (five
 * by default), since one run on a shared machine says little. JS and CSS "before first paint"
 * are the scripts and style sheets the browser requested before its first contentful paint.
 */

const TARGETS = {
  homeKb: 150,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 1_500,
  cls: 0,
  inpMs: 200,
};

type TNetworkItem = {
  url: string;
  resourceType?: string;
  networkRequestTime?: number;
  transferSize?: number;
};

/** One route in one run. */
export type TPageResult = {
  route: string;
  who: TWho;
  run: number;
  scripts: { file: string; gzipBytes: number }[];
  styles: { file: string; gzipBytes: number }[];
  jsCssGzipKb: number;
  /** What the server sent for those files (its own brotli or gzip), in KB. */
  jsCssTransferKb: number;
  fonts: number;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  cls: number;
  totalBlockingTimeMs: number;
  audits: Record<string, number | null>;
  /** Why Lighthouse could not measure this run, when it could not. */
  error?: string;
  /** Where the result and trace of a run that missed a target were kept (web-misses.ts). */
  missFile?: string;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const score = (lh: Result, category: string) => Math.round((lh.categories[category]?.score ?? 0) * 100);
const numeric = (lh: Result, audit: string) => lh.audits[audit]?.numericValue ?? 0;

/** gzip -9 size of a built file, from the benchmark's copy of apps/web/dist. */
function gzipSize(urlPath: string): number {
  return gzipSync(readFileSync(path.join(WEB_DIST_COPY, urlPath)), { level: 9 }).length;
}

function pageResult(server: TProcess, page: TWebPage, run: number, lh: Result): TPageResult {
  const metrics = (lh.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] })
    ?.items?.[0];
  const firstPaint = metrics?.observedFirstContentfulPaint ?? Infinity;
  const requests = ((lh.audits['network-requests']?.details as { items?: TNetworkItem[] })?.items ??
    []) as TNetworkItem[];
  const beforePaint = requests.filter(
    (r) => r.url.startsWith(server.url) && (r.networkRequestTime ?? Infinity) <= firstPaint,
  );
  const files = (type: string) =>
    beforePaint
      .filter((r) => r.resourceType === type)
      .map((r) => {
        const file = new URL(r.url).pathname;
        return { file, gzipBytes: gzipSize(file), transfer: r.transferSize ?? 0 };
      });
  const scripts = files('Script');
  const styles = files('Stylesheet');
  const both = [...scripts, ...styles];
  const audit = (id: string) => lh.audits[id]?.score ?? null;
  return {
    route: page.route,
    who: page.who,
    run,
    scripts: scripts.map(({ file, gzipBytes }) => ({ file, gzipBytes })),
    styles: styles.map(({ file, gzipBytes }) => ({ file, gzipBytes })),
    jsCssGzipKb: kb(both.reduce((n, f) => n + f.gzipBytes, 0)),
    jsCssTransferKb: kb(both.reduce((n, f) => n + f.transfer, 0)),
    fonts: requests.filter((r) => r.resourceType === 'Font').length,
    scores: {
      performance: score(lh, 'performance'),
      accessibility: score(lh, 'accessibility'),
      bestPractices: score(lh, 'best-practices'),
      seo: score(lh, 'seo'),
    },
    lcpMs: Math.round(numeric(lh, 'largest-contentful-paint')),
    cls: Math.round(numeric(lh, 'cumulative-layout-shift') * 1000) / 1000,
    totalBlockingTimeMs: Math.round(numeric(lh, 'total-blocking-time')),
    audits: Object.fromEntries(
      [
        'uses-text-compression',
        'unsized-images',
        'offscreen-images',
        'uses-responsive-images',
        'font-display',
      ].map((id) => [id, audit(id)]),
    ),
  };
}

/** A run in which Lighthouse could not measure the route: it counts as missing every target. */
function failedRun(page: TWebPage, run: number, error: string): TPageResult {
  return {
    route: page.route,
    who: page.who,
    run,
    error,
    scripts: [],
    styles: [],
    jsCssGzipKb: 0,
    jsCssTransferKb: 0,
    fonts: 0,
    scores: { performance: 0, accessibility: 0, bestPractices: 0, seo: 0 },
    lcpMs: 0,
    cls: 0,
    totalBlockingTimeMs: 0,
    audits: {},
  };
}

/** Whether each built chunk of the staff console (its rich-text editor too, 0909) and the video players stays out of /home (the podcast player's store is every page's). */
function separateChunks(home: TPageResult): string[] {
  const assets = readdirSync(path.join(WEB_DIST_COPY, 'assets')).filter((f) => f.endsWith('.js'));
  const homeFiles = new Set(home.scripts.map((s) => path.basename(s.file)));
  return assets
    .filter((f) => /admin|staff|console|rich-text|video|plyr|youtube/i.test(f))
    .map((f) => `${f}: ${homeFiles.has(f) ? 'LOADED by /home' : 'own chunk, not loaded by /home'}`);
}

/** Compression of a static asset as the server sends it (the issue: text compressed, static files too). */
async function staticEncoding(server: TProcess, file: string): Promise<string> {
  const res = await fetch(`${server.url}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  return res.headers.get('content-encoding') ?? 'none';
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

/**
 * Whether one run of a route meets every target. Best practices and SEO are the public pages'
 * targets (a search engine never sees a member's pages, and the console asks not to be indexed).
 */
function runHolds(p: TPageResult): boolean {
  const s = p.scores;
  const isPublic = p.who === 'visitor';
  return (
    !p.error &&
    s.performance >= TARGETS.performance &&
    s.accessibility >= TARGETS.accessibility &&
    (!isPublic || (s.bestPractices >= TARGETS.bestPractices && s.seo >= TARGETS.seo)) &&
    p.lcpMs <= TARGETS.lcpMs &&
    p.cls <= TARGETS.cls &&
    (p.route !== '/home' || p.jsCssGzipKb <= TARGETS.homeKb)
  );
}

function markdown(
  pages: TPageResult[],
  inputs: TInteractionResult[][],
  chunks: string[],
  encoding: string,
  loads: [number[], number[]],
  runs: number,
): string {
  const m = describeMachine();
  const lines = [
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}, commit ${m.commit}; Lighthouse mobile preset (simulated throttling) in Chromium, ${runs} run${runs === 1 ? '' : 's'} of every route.`,
    `Load average before: ${loads[0].join(', ')}; after: ${loads[1].join(', ')}.`,
    '',
    '| route | who | performance, each run | runs ≥ 95 | accessibility | best practices | SEO | LCP ms, worst | CLS, worst | TBT ms, median (worst) | JS+CSS before first paint (gzip KB) | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const routes = [...new Set(pages.map((p) => p.route))];
  for (const route of routes) {
    const all = pages.filter((p) => p.route === route);
    // The figures of the runs Lighthouse measured; a failed run shows as 'error' and fails the verdict.
    const each = all.some((p) => !p.error) ? all.filter((p) => !p.error) : all;
    const min = (pick: (p: TPageResult) => number) => Math.min(...each.map(pick));
    const max = (pick: (p: TPageResult) => number) => Math.max(...each.map(pick));
    const tbt = each.map((p) => p.totalBlockingTimeMs);
    lines.push(
      `| ${route} | ${each[0]!.who} | ${all.map((p) => (p.error ? 'error' : p.scores.performance)).join(', ')} | ${each.filter((p) => !p.error && p.scores.performance >= TARGETS.performance).length} of ${all.length} | ${min((p) => p.scores.accessibility)} | ${min((p) => p.scores.bestPractices)} | ${min((p) => p.scores.seo)} | ${max((p) => p.lcpMs)} | ${max((p) => p.cls)} | ${median(tbt)} (${Math.max(...tbt)}) | ${each[0]!.jsCssGzipKb} | ${all.every(runHolds) ? 'holds' : 'FAILS'} |`,
    );
  }
  lines.push(
    '',
    `Targets in every run: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcpMs} ms, layout shift ${TARGETS.cls}; on the visitor's routes best practices ≥ ${TARGETS.bestPractices} and SEO ≥ ${TARGETS.seo}; /home ≤ ${TARGETS.homeKb} KB gzip of JS+CSS. Accessibility, best practices and SEO: the lowest of the runs.`,
  );
  if (inputs.length) {
    lines.push(
      '',
      '| interaction | INP ms, each run | worst | verdict |',
      '|---|---|---|---|',
      ...inputs[0]!.map((first, i) => {
        const values = inputs.map((run) => run[i]?.inpMs ?? null);
        const known = values.filter((v): v is number => v !== null);
        const worst = known.length ? Math.max(...known) : null;
        const holds = known.length === values.length && worst !== null && worst <= TARGETS.inpMs;
        return `| ${first.name} | ${values.map((v) => (v === null ? 'none' : Math.round(v))).join(', ')} | ${worst === null ? 'none' : Math.round(worst)} | ${holds ? 'holds' : 'FAILS'} |`;
      }),
      '',
      `Interaction to Next Paint of each interaction in a Lighthouse timespan after the page has loaded, with Lighthouse's mobile throttling applied by the browser (4× CPU slowdown, slow 4G); target ≤ ${TARGETS.inpMs} ms ("none": no interaction registered).`,
    );
  }
  const home = pages.find((p) => p.route === '/home');
  lines.push(
    '',
    `Web fonts requested: ${pages.reduce((n, p) => n + p.fonts, 0)}. A hashed script asset is sent with content-encoding: ${encoding}.`,
    `Audits of the last run (1 = pass): ${routes
      .map((route) => {
        const last = pages.filter((p) => p.route === route).at(-1)!;
        return `${route} ${Object.entries(last.audits)
          .map(([k, v]) => `${k} ${v ?? 'n/a'}`)
          .join(', ')}`;
      })
      .join('; ')}.`,
    '',
    `Chunks of the staff console and the players${home ? '' : ' (no /home measured)'}:`,
    ...(chunks.length ? chunks.map((c) => `- ${c}`) : ['- none found by name in the build']),
  );
  return lines.join('\n');
}

const HELP = `npm run bench:web -- [options]
  --runs N        runs of every route and interaction (default 5)
  --only a,b      only routes and interactions whose address or name contains a or b
  --no-inp        skip the interactions
  --skip-build    reuse the build copied to bench/.work by an earlier run`;

function options() {
  const { values } = parseArgs({
    options: {
      'skip-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      only: { type: 'string', default: '' },
      'no-inp': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (values.help || !Number.isInteger(runs) || runs < 1) {
    console.log(HELP);
    process.exit(values.help ? 0 : 1);
  }
  const only = values.only.split(',').filter(Boolean);
  const wanted = (name: string) => only.length === 0 || only.some((part) => name.includes(part));
  const isComplete = only.length === 0 && !values['no-inp'];
  return { skipBuild: values['skip-build'], runs, wanted, withInp: !values['no-inp'], isComplete };
}

async function main() {
  const opts = options();
  const loadBefore = loadAverage();
  ensureBuild(opts.skipBuild);
  const dbFile = path.join(WORK, 'db', 'web.sqlite');
  mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  rmSync(path.join(WORK, 'media-web'), { recursive: true, force: true });
  const server = await startServer({
    databaseUrl: `sqlite:${dbFile}`,
    workers: 1,
    label: 'web',
    seedDemo: true,
  });
  try {
    const site = await discoverSite(server.url, opts.runs);
    const pagesToMeasure = site.pages.filter((p) => opts.wanted(p.route));
    const reportDir = path.join(WORK, 'lighthouse');
    mkdirSync(reportDir, { recursive: true });
    const pages: TPageResult[] = [];
    const inputs: TInteractionResult[][] = [];
    // Run after run, every route in turn: the machine's load then spreads over all of them.
    for (let run = 1; run <= opts.runs; run += 1) {
      for (const page of pagesToMeasure) {
        console.log(`run ${run}/${opts.runs}: lighthouse ${page.route} (${page.who})…`);
        const file = path.join(reportDir, `${page.route.replace(/\W+/g, '_') || 'root'}-${run}.json`);
        try {
          const { lhr, trace } = await lighthouseNavigation(
            `${server.url}${page.route}`,
            sessionOf(site, page.who),
            file,
          );
          const result = pageResult(server, page, run, lhr);
          if (!runHolds(result)) result.missFile = keepMiss(page.route, run, lhr, trace);
          pages.push(result);
        } catch (error) {
          // Recorded as a failed run of the route, and the benchmark goes on.
          console.error(`lighthouse ${page.route} failed in run ${run}: ${String(error).split('\n')[0]}`);
          pages.push(failedRun(page, run, String(error).split('\n')[0]!));
        }
      }
      if (!opts.withInp) continue;
      const runInputs: TInteractionResult[] = [];
      for (const [i, interaction] of interactions(site, run - 1).entries()) {
        if (!opts.wanted(interaction.name)) continue;
        console.log(`run ${run}/${opts.runs}: ${interaction.name}…`);
        const file = path.join(reportDir, `interaction-${i}-${run}.json`);
        try {
          runInputs.push(await lighthouseInteraction(interaction, file));
        } catch (error) {
          console.error(`${interaction.name} failed in run ${run}: ${String(error).split('\n')[0]}`);
          runInputs.push({ name: interaction.name, inpMs: null, totalBlockingTimeMs: null });
        }
      }
      if (runInputs.length) inputs.push(runInputs);
    }
    const home = pages.find((p) => p.route === '/home');
    const encoding = await staticEncoding(server, home?.scripts[0]?.file ?? '/index.html');
    const chunks = home ? separateChunks(home) : [];
    console.table(
      pages.map((p) => ({
        route: p.route,
        run: p.run,
        performance: p.scores.performance,
        accessibility: p.scores.accessibility,
        'LCP ms': p.lcpMs,
        CLS: p.cls,
        'TBT ms': p.totalBlockingTimeMs,
      })),
    );
    const loadAfter = loadAverage();
    const md = markdown(pages, inputs, chunks, encoding, [loadBefore, loadAfter], opts.runs);
    console.log(md);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    writeFileSync(
      path.join(RESULTS_DIR, `${stamp}-web.json`),
      `${JSON.stringify({ machine: describeMachine(), loadBefore, loadAfter, runs: opts.runs, pages, interactions: inputs, chunks, encoding }, null, 2)}\n`,
    );
    // A run of some routes or without the interactions does not stand for the whole.
    if (opts.isComplete) replaceSection('web', md);
    else console.log('Some routes or interactions were left out: bench/RESULTS.md is left as it is.');
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
