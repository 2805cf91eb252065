import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild } from './build.ts';
import { loadAverage } from './machine.ts';
import { WEB_DIST_COPY, WORK } from './paths.ts';
import { startServer, type TProcess } from './server-process.ts';
import { withBrowser } from './web-lighthouse.ts';

/*
 * npm run bench:web-trace (issue 39, docs/decisions/1127): what the renderer's main thread does
 * for the first load of a route, from a Chromium trace at Lighthouse's 4× CPU slowdown, until the
 * app's files are asked for (the work of the server-drawn screen alone). Time on a shared machine
 * says little, so beside milliseconds it counts the work itself, which load does not change: the
 * elements styled and the layout objects laid out. With --base it traces another build on its own
 * server, alternating with this one, so both see the same machine.
 */

type TEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; url?: string };
    data?: { url?: string };
  };
};

/** One first load's main-thread work. */
type TWork = {
  /** Main-thread CPU of the tasks (ms). */
  taskCpuMs: number;
  /** The longest task's wall time and its CPU time (ms): a gap means the thread waited for a core. */
  longestWallMs: number;
  longestCpuMs: number;
  styleMs: number;
  layoutMs: number;
  parseHtmlMs: number;
  elementsStyled: number;
  objectsLaidOut: number;
};

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'loading',
  'toplevel',
  '__metadata',
];
// Lighthouse's mobile screen.
const VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** The events of the main thread of the renderer that loaded `origin`, and when the app's files were asked for. */
function mainThreadOf(events: TEvent[], origin: string): { events: TEvent[]; appAskedAt: number } {
  const pids = new Set(
    events
      .filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin))
      .map((e) => e.pid),
  );
  const threads = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid),
  );
  const count = (t: TEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid).length;
  const main = threads.sort((a, b) => count(b) - count(a))[0];
  if (!main) throw new Error(`no renderer of ${origin} in the trace`);
  const asked = events.filter(
    (e) => e.name === 'ResourceSendRequest' && pids.has(e.pid) && e.args?.data?.url?.includes('/assets/'),
  );
  return {
    events: events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X'),
    appAskedAt: Math.min(...asked.map((e) => e.ts)),
  };
}

function workOf(events: TEvent[], origin: string): TWork {
  const main = mainThreadOf(events, origin);
  const before = main.events.filter((e) => e.ts <= main.appAskedAt);
  const ms = (name: string) =>
    before.filter((e) => e.name === name).reduce((n, e) => n + (e.tdur ?? 0), 0) / 1000;
  const tasks = before.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const longest = tasks.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  return {
    taskCpuMs: tasks.reduce((n, e) => n + (e.tdur ?? 0), 0) / 1000,
    longestWallMs: (longest?.dur ?? 0) / 1000,
    longestCpuMs: (longest?.tdur ?? 0) / 1000,
    styleMs: ms('UpdateLayoutTree'),
    layoutMs: ms('Layout'),
    parseHtmlMs: ms('ParseHTML'),
    elementsStyled: before
      .filter((e) => e.name === 'UpdateLayoutTree')
      .reduce((n, e) => n + (e.args?.elementCount ?? 0), 0),
    objectsLaidOut: before
      .filter((e) => e.name === 'Layout')
      .reduce((n, e) => n + (e.args?.beginData?.dirtyObjects ?? 0), 0),
  };
}

/** A cold load of `url` traced at `cpuSlowdown`, until the app has taken the page over. */
function traceLoad(url: string, cpuSlowdown: number): Promise<TWork> {
  return withBrowser(async (browser) => {
    const page = await browser.newPage();
    await page.setViewport(VIEWPORT);
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.tracing.start({ categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector('html[data-app]', { timeout: 60_000 });
    const trace = await page.tracing.stop();
    const { traceEvents } = JSON.parse(Buffer.from(trace ?? []).toString()) as { traceEvents: TEvent[] };
    return workOf(traceEvents, new URL(url).origin);
  });
}

async function startSide(label: string, base: string | null): Promise<TProcess> {
  const dbFile = path.join(WORK, 'db', `trace-${label}.sqlite`);
  mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  return startServer({
    databaseUrl: `sqlite:${dbFile}`,
    workers: 1,
    label: `trace-${label}`,
    seedDemo: true,
    ...(base
      ? {
          build: {
            serverEntry: path.join(base, 'apps', 'server', 'dist', 'server.js'),
            webDist: path.join(base, 'apps', 'web', 'dist'),
          },
        }
      : {
          build: {
            serverEntry: path.join(WORK, 'build', 'apps', 'server', 'dist', 'server.js'),
            webDist: WEB_DIST_COPY,
          },
        }),
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const { values } = parseArgs({
    options: {
      route: { type: 'string', default: '/ondemand' },
      runs: { type: 'string', default: '5' },
      base: { type: 'string', default: '' },
      'skip-build': { type: 'boolean', default: false },
    },
  });
  ensureBuild(values['skip-build']);
  const sides = [{ label: 'this', server: await startSide('this', null) }];
  try {
    if (values.base)
      sides.push({ label: 'base', server: await startSide('base', path.resolve(values.base)) });
    const results = new Map<string, TWork[]>(sides.map((s) => [s.label, []]));
    for (let run = 1; run <= Number(values.runs); run += 1) {
      for (const side of run % 2 ? sides : [...sides].reverse()) {
        results.get(side.label)!.push(await traceLoad(`${side.server.url}${values.route}`, 4));
      }
      console.log(`run ${run} done, load ${loadAverage().join(', ')}`);
    }
    const keys = Object.keys(results.get('this')![0]!) as (keyof TWork)[];
    console.log(`\n${values.route}, ${values.runs} runs at 4× CPU, medians (each run):`);
    for (const [label, works] of results) {
      console.log(
        `${label}: ${keys.map((k) => `${k} ${Math.round(median(works.map((w) => w[k])))} (${works.map((w) => Math.round(w[k])).join(', ')})`).join('; ')}`,
      );
    }
  } finally {
    await Promise.all(sides.map((s) => s.server.stop()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
