import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from './build.ts';
import { describeMachine, loadAverage } from './machine.ts';
import { RESULTS_DIR, ROOT, WEB_DIST_COPY, WORK } from './paths.ts';
import { replaceSection } from './report.ts';
import { startServer, type TProcess } from './server-process.ts';

/*
 * npm run bench:web: page weight and Lighthouse (mobile preset) per route of the built web app,
 * served by the production server with demo content. JS and CSS "before first paint" are the
 * scripts and style sheets the browser requested before its first contentful paint.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags that work on this machine (ENVIRONMENT.md), with a fresh profile per run.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGETS = {
  homeKb: 150,
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 1_500,
};

type TNetworkItem = {
  url: string;
  resourceType?: string;
  networkRequestTime?: number;
  transferSize?: number;
};
type TLighthouse = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: { items?: Record<string, unknown>[] } }
  >;
};

export type TPageResult = {
  route: string;
  url: string;
  scripts: { file: string; gzipBytes: number }[];
  styles: { file: string; gzipBytes: number }[];
  jsCssGzipKb: number;
  /** What the server sent for those files (its own brotli or gzip), in KB. */
  jsCssTransferKb: number;
  fonts: number;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  lcpMs: number;
  audits: Record<string, number | null>;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const score = (lh: TLighthouse, category: string) => Math.round((lh.categories[category]?.score ?? 0) * 100);

/** gzip -9 size of a built file, from the benchmark's copy of apps/web/dist. */
function gzipSize(urlPath: string): number {
  return gzipSync(readFileSync(path.join(WEB_DIST_COPY, urlPath)), { level: 9 }).length;
}

/** Lighthouse sometimes fails to record the trace (NO_NAVSTART): one more try before giving up. */
async function lighthouse(url: string, reportFile: string): Promise<TLighthouse> {
  try {
    return await lighthouseOnce(url, reportFile);
  } catch (error) {
    console.warn(`lighthouse failed on ${url}, trying once more: ${String(error).split('\n')[0]}`);
    return lighthouseOnce(url, reportFile);
  }
}

async function lighthouseOnce(url: string, reportFile: string): Promise<TLighthouse> {
  const profile = mkdtempSync(path.join(tmpdir(), 'opence-lh-'));
  try {
    await promisify(execFile)(
      path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${reportFile}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${profile}`].join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 180_000 },
    );
    return JSON.parse(readFileSync(reportFile, 'utf8')) as TLighthouse;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measurePage(server: TProcess, route: string, reportDir: string): Promise<TPageResult> {
  const url = `${server.url}${route}`;
  const lh = await lighthouse(url, path.join(reportDir, `${route.replace(/\W+/g, '_') || 'root'}.json`));
  const metrics = lh.audits.metrics?.details?.items?.[0] as
    { observedFirstContentfulPaint?: number } | undefined;
  const firstPaint = metrics?.observedFirstContentfulPaint ?? Infinity;
  const requests = (lh.audits['network-requests']?.details?.items ?? []) as TNetworkItem[];
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
    route,
    url,
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
    lcpMs: Math.round(lh.audits['largest-contentful-paint']?.numericValue ?? 0),
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

/** Whether each built chunk of the staff console and the video players stays out of /home (the podcast player's store is every page's). */
function separateChunks(home: TPageResult): string[] {
  const assets = readdirSync(path.join(WEB_DIST_COPY, 'assets')).filter((f) => f.endsWith('.js'));
  const homeFiles = new Set(home.scripts.map((s) => path.basename(s.file)));
  return assets
    .filter((f) => /admin|staff|console|video|plyr|youtube/i.test(f))
    .map((f) => `${f}: ${homeFiles.has(f) ? 'LOADED by /home' : 'own chunk, not loaded by /home'}`);
}

/** Compression of a static asset as the server sends it (the issue: text compressed, static files too). */
async function staticEncoding(server: TProcess, file: string): Promise<string> {
  const res = await fetch(`${server.url}${file}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  return res.headers.get('content-encoding') ?? 'none';
}

function markdown(
  pages: TPageResult[],
  chunks: string[],
  encoding: string,
  loads: [number[], number[]],
): string {
  const m = describeMachine();
  const ok = (cond: boolean) => (cond ? 'holds' : 'FAILS');
  const lines = [
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}, commit ${m.commit}; Lighthouse mobile preset (simulated throttling) in Chromium.`,
    `Load average before: ${loads[0].join(', ')}; after: ${loads[1].join(', ')}.`,
    '',
    '| route | JS+CSS before first paint (gzip KB) | as sent (KB) | performance | accessibility | best practices | SEO | LCP ms | verdict |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const p of pages) {
    const s = p.scores;
    const holds =
      s.performance >= TARGETS.performance &&
      s.accessibility >= TARGETS.accessibility &&
      s.bestPractices >= TARGETS.bestPractices &&
      s.seo >= TARGETS.seo &&
      p.lcpMs <= TARGETS.lcpMs &&
      (p.route !== '/home' || p.jsCssGzipKb <= TARGETS.homeKb);
    lines.push(
      `| ${p.route} | ${p.jsCssGzipKb} | ${p.jsCssTransferKb} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${p.lcpMs} | ${ok(holds)} |`,
    );
  }
  lines.push(
    '',
    `Targets: /home ≤ ${TARGETS.homeKb} KB gzip of JS+CSS; performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ≥ ${TARGETS.bestPractices}, SEO ≥ ${TARGETS.seo}; LCP ≤ ${TARGETS.lcpMs} ms.`,
    `Web fonts requested: ${pages.reduce((n, p) => n + p.fonts, 0)}. A hashed script asset is sent with content-encoding: ${encoding}.`,
    `Audits (1 = pass): ${pages
      .map(
        (p) =>
          `${p.route} ${Object.entries(p.audits)
            .map(([k, v]) => `${k} ${v ?? 'n/a'}`)
            .join(', ')}`,
      )
      .join('; ')}.`,
    '',
    'Chunks of the staff console and the players:',
    ...(chunks.length ? chunks.map((c) => `- ${c}`) : ['- none found by name in the build']),
  );
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false } } });
  const loadBefore = loadAverage();
  ensureBuild(values['skip-build']);
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
    const list = (await (await fetch(`${server.url}/api/ondemand?page=0`)).json()) as {
      data?: { hash: string }[];
    };
    const classHash = list.data?.[0]?.hash;
    const routes = [
      '/home',
      '/ondemand',
      ...(classHash ? [`/classroom/${classHash}`] : []),
      '/podcasts',
      '/login',
    ];
    const reportDir = path.join(WORK, 'lighthouse');
    mkdirSync(reportDir, { recursive: true });
    const pages: TPageResult[] = [];
    for (const route of routes) {
      console.log(`lighthouse ${route}…`);
      pages.push(await measurePage(server, route, reportDir));
    }
    const home = pages.find((p) => p.route === '/home')!;
    const encoding = await staticEncoding(server, home.scripts[0]?.file ?? '/index.html');
    const chunks = separateChunks(home);
    console.table(
      pages.map((p) => ({
        route: p.route,
        'JS+CSS gzip KB': p.jsCssGzipKb,
        performance: p.scores.performance,
        accessibility: p.scores.accessibility,
        'best practices': p.scores.bestPractices,
        seo: p.scores.seo,
        'LCP ms': p.lcpMs,
      })),
    );
    const md = markdown(pages, chunks, encoding, [loadBefore, loadAverage()]);
    console.log(md);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    writeFileSync(
      path.join(RESULTS_DIR, `${stamp}-web.json`),
      `${JSON.stringify({ machine: describeMachine(), loadBefore, loadAfter: loadAverage(), pages, chunks, encoding }, null, 2)}\n`,
    );
    replaceSection('web', md);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
