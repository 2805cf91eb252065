import type { Result } from 'lighthouse';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from './build.ts';
import { execFileSync } from 'node:child_process';
import { describeMachine, loadAverage } from './machine.ts';
import { startNeighbour } from './neighbour.ts';
import { RESULTS_DIR, WEB_DIST_COPY, WORK } from './paths.ts';
import { replaceSection } from './report.ts';
import { startServer, type TProcess } from './server-process.ts';
import { lighthouseInteraction, lighthouseNavigation, type TInteractionResult } from './web-lighthouse.ts';
import { keepMiss } from './web-misses.ts';
import {
  discoverSite,
  interactions,
  sessionOf,
  type TWebPage,
  type TWebSite,
  type TWho,
} from './web-pages.ts';

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

/** Which build a result is of: the tree's, or the one given with --base (an A/B in one run). */
type TSide = 'this' | 'base';

/** One route in one run. */
export type TPageResult = {
  route: string;
  who: TWho;
  run: number;
  side: TSide;
  /** Lighthouse's measure of the machine's speed in this run (environment.benchmarkIndex). */
  benchmarkIndex: number | null;
  /** The 1-minute load average when the run started: what else the machine was doing. */
  load: number;
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

/** gzip -9 size of a built file of `webDist` (the benchmark's copy of apps/web/dist, or --base's). */
function gzipSize(webDist: string, urlPath: string): number {
  return gzipSync(readFileSync(path.join(webDist, urlPath)), { level: 9 }).length;
}

/** A server to measure, the build it runs and the demo site it serves. */
type TTarget = { side: TSide; server: TProcess; webDist: string; site: TWebSite };

function pageResult(target: TTarget, page: TWebPage, run: number, lh: Result, load: number): TPageResult {
  const { server } = target;
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
        return { file, gzipBytes: gzipSize(target.webDist, file), transfer: r.transferSize ?? 0 };
      });
  const scripts = files('Script');
  const styles = files('Stylesheet');
  const both = [...scripts, ...styles];
  const audit = (id: string) => lh.audits[id]?.score ?? null;
  return {
    route: page.route,
    who: page.who,
    run,
    side: target.side,
    benchmarkIndex: lh.environment.benchmarkIndex ?? null,
    load,
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
function failedRun(page: TWebPage, run: number, side: TSide, load: number, error: string): TPageResult {
  return {
    route: page.route,
    who: page.who,
    run,
    side,
    benchmarkIndex: null,
    load,
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
  setup: TSetup,
): string {
  const m = describeMachine();
  const lines = [
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}, commit ${m.commit}; Lighthouse mobile preset (simulated throttling) in Chromium, ${runs} run${runs === 1 ? '' : 's'} of every route.`,
    `Load average before: ${loads[0].join(', ')}; after: ${loads[1].join(', ')}.${setup.neighbour ? ' With one CPU-bound neighbour process (a busy loop) running throughout.' : ''}`,
    ...(setup.base
      ? [
          `A/B in one run: rows marked (base) are the build in ${setup.base.dir} (commit ${setup.base.commit}), measured beside this tree's on its own server, route by route, the side that goes first alternating from run to run.`,
        ]
      : []),
    '',
    '| route | who | performance, each run | runs ≥ 95 | accessibility | best practices | SEO | LCP ms, worst | CLS, worst | TBT ms, median (worst) | benchmarkIndex, each run | load (1 min), each run | JS+CSS before first paint (gzip KB) | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const rowOf = (p: TPageResult) => `${p.route}${p.side === 'base' ? ' (base)' : ''}`;
  const routes = [...new Set(pages.map(rowOf))];
  for (const route of routes) {
    const all = pages.filter((p) => rowOf(p) === route);
    // The figures of the runs Lighthouse measured; a failed run shows as 'error' and fails the verdict.
    const each = all.some((p) => !p.error) ? all.filter((p) => !p.error) : all;
    const min = (pick: (p: TPageResult) => number) => Math.min(...each.map(pick));
    const max = (pick: (p: TPageResult) => number) => Math.max(...each.map(pick));
    const tbt = each.map((p) => p.totalBlockingTimeMs);
    lines.push(
      `| ${route} | ${each[0]!.who} | ${all.map((p) => (p.error ? 'error' : p.scores.performance)).join(', ')} | ${each.filter((p) => !p.error && p.scores.performance >= TARGETS.performance).length} of ${all.length} | ${min((p) => p.scores.accessibility)} | ${min((p) => p.scores.bestPractices)} | ${min((p) => p.scores.seo)} | ${max((p) => p.lcpMs)} | ${max((p) => p.cls)} | ${median(tbt)} (${Math.max(...tbt)}) | ${all.map((p) => p.benchmarkIndex ?? 'none').join(', ')} | ${all.map((p) => p.load).join(', ')} | ${each[0]!.jsCssGzipKb} | ${all.every(runHolds) ? 'holds' : 'FAILS'} |`,
    );
  }
  lines.push(
    '',
    `Targets in every run: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcpMs} ms, layout shift ${TARGETS.cls}; on the visitor's routes best practices ≥ ${TARGETS.bestPractices} and SEO ≥ ${TARGETS.seo}; /home ≤ ${TARGETS.homeKb} KB gzip of JS+CSS. Accessibility, best practices and SEO: the lowest of the runs.`,
  );
  if (inputs.length) {
    lines.push(
      '',
      '| interaction | INP ms, each run | worst | benchmarkIndex, each run | verdict |',
      '|---|---|---|---|---|',
      ...inputs[0]!.map((first, i) => {
        const values = inputs.map((run) => run[i]?.inpMs ?? null);
        const known = values.filter((v): v is number => v !== null);
        const worst = known.length ? Math.max(...known) : null;
        const holds = known.length === values.length && worst !== null && worst <= TARGETS.inpMs;
        const indexes = inputs.map((run) => run[i]?.benchmarkIndex ?? 'none');
        return `| ${first.name} | ${values.map((v) => (v === null ? 'none' : Math.round(v))).join(', ')} | ${worst === null ? 'none' : Math.round(worst)} | ${indexes.join(', ')} | ${holds ? 'holds' : 'FAILS'} |`;
      }),
      '',
      `Interaction to Next Paint of each interaction in a Lighthouse timespan after the page has loaded, with Lighthouse's mobile throttling applied by the browser (4× CPU slowdown, slow 4G); target ≤ ${TARGETS.inpMs} ms ("none": no interaction registered).`,
    );
  }
  const home = pages.find((p) => p.route === '/home' && p.side === 'this');
  lines.push(
    '',
    `Web fonts requested: ${pages.reduce((n, p) => n + p.fonts, 0)}. A hashed script asset is sent with content-encoding: ${encoding}.`,
    `Audits of the last run (1 = pass): ${routes
      .map((route) => {
        const last = pages.filter((p) => rowOf(p) === route).at(-1)!;
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
  --skip-build    reuse the build copied to bench/.work by an earlier run
  --neighbour     run a CPU-bound busy-loop process beside the benchmark throughout
  --base DIR      A/B in one run: also measure the built tree at DIR (a worktree of another
                  commit after its own npm run build), route by route beside this one`;

function options() {
  const { values } = parseArgs({
    options: {
      'skip-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      only: { type: 'string', default: '' },
      'no-inp': { type: 'boolean', default: false },
      neighbour: { type: 'boolean', default: false },
      base: { type: 'string', default: '' },
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
  const base = values.base ? path.resolve(values.base) : null;
  return {
    skipBuild: values['skip-build'],
    runs,
    wanted,
    withInp: !values['no-inp'],
    isComplete,
    setup: {
      neighbour: values.neighbour,
      base: base ? { dir: base, commit: commitOf(base) } : null,
    } satisfies TSetup,
  };
}

/** How a run was set up beside the measured build. */
type TSetup = { neighbour: boolean; base: { dir: string; commit: string } | null };

function commitOf(dir: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/** The section of bench/RESULTS.md a complete run replaces: one per kind of run. */
const sectionOf = (setup: TSetup) => `web${setup.base ? '-ab' : ''}${setup.neighbour ? '-neighbour' : ''}`;

/** A server on a fresh copy of the demo database, for `side`. */
async function startTarget(side: TSide, base: string | null, runs: number): Promise<TTarget> {
  const dbFile = path.join(WORK, 'db', `web-${side}.sqlite`);
  mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  rmSync(path.join(WORK, `media-web-${side}`), { recursive: true, force: true });
  const webDist = base ? path.join(base, 'apps', 'web', 'dist') : WEB_DIST_COPY;
  const server = await startServer({
    databaseUrl: `sqlite:${dbFile}`,
    workers: 1,
    label: `web-${side}`,
    seedDemo: true,
    ...(base
      ? { build: { serverEntry: path.join(base, 'apps', 'server', 'dist', 'server.js'), webDist } }
      : {}),
  });
  try {
    return { side, server, webDist, site: await discoverSite(server.url, runs) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function main() {
  const opts = options();
  const loadBefore = loadAverage();
  ensureBuild(opts.skipBuild);
  const targets = [await startTarget('this', null, opts.runs)];
  const neighbour = opts.setup.neighbour ? startNeighbour() : null;
  try {
    if (opts.setup.base) targets.push(await startTarget('base', opts.setup.base.dir, opts.runs));
    const reportDir = path.join(WORK, 'lighthouse');
    mkdirSync(reportDir, { recursive: true });
    const pages: TPageResult[] = [];
    const inputs: TInteractionResult[][] = [];
    // Run after run, every route in turn: the machine's load then spreads over all of them. In an
    // A/B the two builds take each route back to back, the one that goes first alternating.
    for (let run = 1; run <= opts.runs; run += 1) {
      const order = run % 2 ? targets : [...targets].reverse();
      const measured = targets[0]!.site.pages.filter((p) => opts.wanted(p.route)).length;
      for (let i = 0; i < measured; i += 1) {
        for (const target of order) {
          const page = target.site.pages.filter((p) => opts.wanted(p.route))[i]!;
          const load = loadAverage()[0];
          console.log(`run ${run}/${opts.runs}: lighthouse ${page.route} (${page.who}, ${target.side})…`);
          const file = path.join(
            reportDir,
            `${page.route.replace(/\W+/g, '_') || 'root'}-${target.side}-${run}.json`,
          );
          try {
            const { lhr, trace } = await lighthouseNavigation(
              `${target.server.url}${page.route}`,
              sessionOf(target.site, page.who),
              file,
            );
            const result = pageResult(target, page, run, lhr, load);
            if (!runHolds(result)) result.missFile = keepMiss(page.route, run, lhr, trace);
            pages.push(result);
          } catch (error) {
            // Recorded as a failed run of the route, and the benchmark goes on.
            console.error(`lighthouse ${page.route} failed in run ${run}: ${String(error).split('\n')[0]}`);
            pages.push(failedRun(page, run, target.side, load, String(error).split('\n')[0]!));
          }
        }
      }
      if (!opts.withInp) continue;
      // Each interaction on both builds back to back, in the run's order; kept in the targets'
      // order, so each row of the table is one interaction on one build.
      const runInputs: (TInteractionResult & { at: number })[] = [];
      const count = interactions(targets[0]!.site, run - 1).length;
      for (let i = 0; i < count; i += 1) {
        for (const target of order) {
          const interaction = interactions(target.site, run - 1)[i]!;
          if (!opts.wanted(interaction.name)) continue;
          const name = `${interaction.name}${target.side === 'base' ? ' (base)' : ''}`;
          const at = targets.indexOf(target) * count + i;
          console.log(`run ${run}/${opts.runs}: ${name}…`);
          const file = path.join(reportDir, `interaction-${i}-${target.side}-${run}.json`);
          try {
            runInputs.push({ ...(await lighthouseInteraction(interaction, file)), name, at });
          } catch (error) {
            console.error(`${name} failed in run ${run}: ${String(error).split('\n')[0]}`);
            runInputs.push({ name, inpMs: null, totalBlockingTimeMs: null, benchmarkIndex: null, at });
          }
        }
      }
      runInputs.sort((a, b) => a.at - b.at);
      if (runInputs.length) inputs.push(runInputs);
    }
    const home = pages.find((p) => p.route === '/home' && p.side === 'this');
    const encoding = await staticEncoding(targets[0]!.server, home?.scripts[0]?.file ?? '/index.html');
    const chunks = home ? separateChunks(home) : [];
    console.table(
      pages.map((p) => ({
        route: p.route,
        side: p.side,
        run: p.run,
        performance: p.scores.performance,
        accessibility: p.scores.accessibility,
        'LCP ms': p.lcpMs,
        CLS: p.cls,
        'TBT ms': p.totalBlockingTimeMs,
        benchmarkIndex: p.benchmarkIndex,
        load: p.load,
      })),
    );
    const loadAfter = loadAverage();
    // The figures are kept before they are put in a table.
    mkdirSync(RESULTS_DIR, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    writeFileSync(
      path.join(RESULTS_DIR, `${stamp}-web.json`),
      `${JSON.stringify({ machine: describeMachine(), loadBefore, loadAfter, runs: opts.runs, setup: opts.setup, pages, interactions: inputs, chunks, encoding }, null, 2)}\n`,
    );
    const md = markdown(pages, inputs, chunks, encoding, [loadBefore, loadAfter], opts.runs, opts.setup);
    console.log(md);
    // A run of some routes or without the interactions does not stand for the whole.
    if (opts.isComplete) replaceSection(sectionOf(opts.setup), md);
    else console.log('Some routes or interactions were left out: bench/RESULTS.md is left as it is.');
  } finally {
    neighbour?.stop();
    await Promise.all(targets.map((target) => target.server.stop()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
