import type { Result } from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { RESULTS_DIR } from './paths.ts';

/*
 * The evidence of a run that missed a target (docs/decisions/0834): its Lighthouse result and
 * trace are kept under bench/results/web-misses/ (ignored by git), and what decides a simulated
 * LCP and TBT is printed: the LCP's phases and element, what the simulation counted before it
 * (Lantern counts every request that ended, and every task that started, before the observed
 * LCP), and the longest tasks.
 */

export const MISSES_DIR = path.join(RESULTS_DIR, 'web-misses');

type TItems<T> = { items?: T[] } | undefined;
type TRequest = { url: string; networkRequestTime?: number; networkEndTime?: number; transferSize?: number };

const itemsOf = <T>(lhr: Result, audit: string): T[] =>
  ((lhr.audits[audit]?.details as TItems<T>)?.items ?? []) as T[];
const ms = (value: number | undefined) => (value === undefined ? '?' : String(Math.round(value)));
const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60);

/** What decides the simulated LCP and TBT of a run, in a few lines. */
export function describeRun(lhr: Result): string[] {
  const metrics = itemsOf<Record<string, number>>(lhr, 'metrics')[0] ?? {};
  const lcpTables = itemsOf<{
    items?: { phase?: string; timing?: number; node?: { nodeLabel?: string; selector?: string } }[];
  }>(lhr, 'largest-contentful-paint-element');
  const element = lcpTables[0]?.items?.[0]?.node;
  const phases = (lcpTables[1]?.items ?? []).map((p) => `${p.phase} ${ms(p.timing)}`).join(', ');
  const observedLcp = metrics.observedLargestContentfulPaint ?? 0;
  const beforeLcp = itemsOf<TRequest>(lhr, 'network-requests').filter(
    (r) => (r.networkEndTime ?? Infinity) <= observedLcp,
  );
  const tasks = itemsOf<{ url?: string; startTime?: number; duration?: number }>(lhr, 'long-tasks')
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .slice(0, 5);
  return [
    `LCP ${ms(metrics.largestContentfulPaint)} ms simulated, ${ms(observedLcp)} observed; FCP ${ms(metrics.firstContentfulPaint)} (${ms(metrics.observedFirstContentfulPaint)} observed); load event ${ms(metrics.observedLoad)} observed; TBT ${ms(metrics.totalBlockingTime)}; server response ${ms(lhr.audits['server-response-time']?.numericValue)} ms observed`,
    `LCP phases (simulated): ${phases || 'none'}`,
    `LCP element: ${element?.nodeLabel?.slice(0, 60) ?? '?'} (${element?.selector ?? '?'})`,
    `requests ended before the observed LCP (the simulation counts them): ${beforeLcp
      .map(
        (r) =>
          `${shortUrl(r.url)} ${ms(r.networkRequestTime)}–${ms(r.networkEndTime)} ms ${Math.round((r.transferSize ?? 0) / 1024)} KB`,
      )
      .join('; ')}`,
    `longest tasks (simulated at 4× CPU): ${tasks.map((t) => `${shortUrl(t.url ?? '?')} at ${ms(t.startTime)} for ${ms(t.duration)} ms`).join('; ') || 'none'}`,
  ];
}

type TTraceEvent = {
  name?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

/**
 * The page's longest main-thread tasks in the trace, their wall time beside their CPU time:
 * Lighthouse counts the wall time (×4), and a task whose CPU time is a small part of it waited
 * for a core, which is the machine's load, not the page's work.
 */
export function waitedTasks(trace: { traceEvents?: TTraceEvent[] } | undefined): string {
  const events = trace?.traceEvents ?? [];
  const start = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!start) return 'no navigation in the trace';
  return events
    .filter(
      (e) =>
        e.name === 'RunTask' && e.pid === start.pid && e.tid === start.tid && (e.ts ?? 0) >= (start.ts ?? 0),
    )
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 5)
    .map(
      (e) =>
        `at ${ms(((e.ts ?? 0) - (start.ts ?? 0)) / 1000)} ms: ${ms((e.dur ?? 0) / 1000)} ms wall, ${ms((e.tdur ?? 0) / 1000)} ms CPU`,
    )
    .join('; ');
}

/** Keeps a missed run's result and trace, and prints what decided it. */
export function keepMiss(route: string, run: number, lhr: Result, trace: unknown): string {
  mkdirSync(MISSES_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const base = path.join(MISSES_DIR, `${stamp}-${route.replace(/\W+/g, '_') || 'root'}-run${run}`);
  writeFileSync(`${base}.json`, JSON.stringify(lhr));
  if (trace) writeFileSync(`${base}.trace.json.gz`, gzipSync(JSON.stringify(trace)));
  const tasks = waitedTasks((trace as { trace?: { traceEvents?: TTraceEvent[] } } | undefined)?.trace);
  console.log(
    [
      `missed: ${route} run ${run}, kept in ${base}.json`,
      ...describeRun(lhr),
      `longest tasks observed (wall, CPU): ${tasks}`,
    ].join('\n  '),
  );
  return `${base}.json`;
}
