import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuild } from './build.ts';
import { cpuMeter } from './cpu.ts';
import { databaseUrl, openBenchDatabase, prepareDatabase, type TEngine } from './database.ts';
import type { TFixtures } from './generate.ts';
import { runGrading } from './grading.ts';
import { runLoad } from './load.ts';
import { describeMachine, loadAverage } from './machine.ts';
import { parseOptions, type TBenchOptions } from './options.ts';
import { WORK } from './paths.ts';
import { printTable, saveReport, type TGrowth } from './report.ts';
import {
  judge,
  measureThroughput,
  servedRoutes,
  THROUGHPUT_SCENARIOS,
  type TMeasurement,
  type TThroughputScenario,
} from './scenarios.ts';
import { startCeiling, startServer, type TProcess } from './server-process.ts';
import { resetLiveClasses, runReservationsAlone, runSurge } from './surge.ts';
import { runPollAnswers, runPollWatch } from './poll-answers.ts';
import { surgeRunsTable, type TSurgeRun } from './surge-runs.ts';

/*
 * npm run bench: the API under load on a generated database, against a bare node:http ceiling
 * measured in the same run (bench/README.md says what each scenario measures).
 */

const log = (line: string) => console.log(line);

/** Processes this run started: stopped on the way out, whatever happens. */
const started = new Set<TProcess>();
async function start(process: Promise<TProcess>): Promise<TProcess> {
  const p = await process;
  started.add(p);
  return p;
}
async function stop(p: TProcess): Promise<void> {
  await p.stop();
  started.delete(p);
}

const selected = (options: TBenchOptions, name: string) =>
  options.only.length === 0 || options.only.some((part) => name.includes(part));

/** The ceiling at 50 and 100 connections (the anonymous and member connection counts). */
async function measureCeiling(ceiling: TProcess, seconds: number, when: string): Promise<TMeasurement[]> {
  const out: TMeasurement[] = [];
  for (const connections of [50, 100]) {
    const load = { url: ceiling.url, connections, path: '/' };
    await runLoad({ ...load, seconds: 2 });
    const result = await runLoad({ ...load, seconds });
    out.push({
      name: `ceiling: bare node:http, same bytes (${when})`,
      group: 'ceiling',
      connections,
      status: 'ok',
      result,
      target: {},
    });
  }
  return out;
}

/** Mean req/s of the ceiling per connection count, over the measurements before and after. */
function ceilingRates(ceilings: TMeasurement[]): Map<number, number> {
  const rates = new Map<number, number>();
  for (const connections of new Set(ceilings.map((c) => c.connections))) {
    const runs = ceilings
      .filter((c) => c.connections === connections && c.result)
      .map((c) => c.result!.reqPerSec);
    rates.set(connections, runs.reduce((a, b) => a + b, 0) / runs.length);
  }
  return rates;
}

function withVerdicts(measurements: TMeasurement[], ceiling: Map<number, number>): TMeasurement[] {
  return measurements.map((m) => {
    const base = ceiling.get(m.connections);
    const ratio =
      m.result && base && m.group !== 'ceiling' && m.group !== 'surge' && m.group !== 'grading'
        ? m.result.reqPerSec / base
        : undefined;
    const withRatio = { ...m, ...(ratio !== undefined ? { ratio } : {}) };
    // A check that already failed (capacity, unanswered reservations) stays failed.
    return { ...withRatio, holds: m.holds === false ? false : judge(withRatio) };
  });
}

async function throughput(
  scenarios: TThroughputScenario[],
  fx: TFixtures,
  server: TProcess,
  seconds: number,
): Promise<TMeasurement[]> {
  const routes = await servedRoutes(server.url);
  const meter = cpuMeter(
    server.child.pid!,
    server.databaseUrl.startsWith('postgres') ? server.databaseUrl : null,
  );
  const out: TMeasurement[] = [];
  for (const scenario of scenarios) {
    log(`  ${scenario.name}…`);
    out.push(await measureThroughput(scenario, fx, server.url, routes, seconds, meter));
  }
  return out;
}

/** Paged lists and member lists: the scenarios whose p99 must not grow with the data. */
const GROWTH_SCENARIOS = THROUGHPUT_SCENARIOS.filter((s) =>
  ['/api/ondemand', '/api/completed-webinars', '/api/class', '/api/seats'].includes(s.route),
);
/** What the 2-process run measures beside the 1-process numbers. */
const SCALE_OUT_SCENARIOS = THROUGHPUT_SCENARIOS.filter((s) =>
  ['anonymous /api/ondemand page 0', 'member /api/class (live-room poll)'].includes(s.name),
);

async function serverOn(engine: TEngine, scale: number, workers: number): Promise<TProcess> {
  return start(
    startServer({
      databaseUrl: databaseUrl(engine, scale),
      workers,
      label: `${engine}-${scale}-w${workers}`,
    }),
  );
}

async function measureGrowth(options: TBenchOptions, main: TMeasurement[]): Promise<TGrowth> {
  const scales = [options.scale / 100, options.scale / 10, options.scale];
  const rows: TGrowth['rows'] = {};
  const record = (scale: number, measurements: TMeasurement[]) => {
    for (const m of measurements) (rows[m.name] ??= {})[String(scale)] = m;
  };
  record(
    options.scale,
    main.filter((m) => GROWTH_SCENARIOS.some((s) => s.name === m.name)),
  );
  for (const scale of scales.slice(0, 2)) {
    const fx = await prepareDatabase(options.db, scale, options.reuseDb, log);
    const database = openBenchDatabase(options.db, scale);
    await resetLiveClasses(database, fx);
    await database.close();
    const server = await serverOn(options.db, scale, 1);
    log(`data growth at scale ${scale}:`);
    record(scale, await throughput(GROWTH_SCENARIOS, fx, server, options.seconds));
    await stop(server);
  }
  return { scales, rows };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const machine = describeMachine();
  log(`load average before the run: ${machine.loadBefore.join(', ')} (${machine.cores} cores)`);
  if (options.generateOnly) {
    await prepareDatabase(options.db, options.scale, false, log);
    return;
  }
  ensureBuild(options.skipBuild);
  const fx = await prepareDatabase(options.db, options.scale, options.reuseDb, log);
  const database = openBenchDatabase(options.db, options.scale);
  await resetLiveClasses(database, fx);

  let server = await serverOn(options.db, options.scale, options.workers);
  const bodyFile = path.join(WORK, 'ondemand-page0.json');
  writeFileSync(
    bodyFile,
    Buffer.from(await (await fetch(`${server.url}/api/ondemand?page=0`)).arrayBuffer()),
  );
  const ceiling = await start(startCeiling(bodyFile));

  log('ceiling (before)…');
  const ceilings = await measureCeiling(ceiling, options.seconds, 'before');
  const scenarios = THROUGHPUT_SCENARIOS.filter((s) => selected(options, s.name));
  const measured = await throughput(scenarios, fx, server, options.seconds);
  log('ceiling (after)…');
  ceilings.push(...(await measureCeiling(ceiling, options.seconds, 'after')));

  const routes = await servedRoutes(server.url);
  if (selected(options, 'reservations alone')) {
    log('reservations alone…');
    const meter = cpuMeter(
      server.child.pid!,
      server.databaseUrl.startsWith('postgres') ? server.databaseUrl : null,
    );
    measured.push(await runReservationsAlone(server.url, fx, database, routes, meter));
  }
  if (selected(options, 'poll answers')) {
    log('poll answers…');
    const meter = cpuMeter(
      server.child.pid!,
      server.databaseUrl.startsWith('postgres') ? server.databaseUrl : null,
    );
    measured.push(await runPollAnswers(server.url, fx, database.db, routes, meter));
  }
  if (selected(options, 'poll watch')) {
    log('poll watch…');
    const meter = cpuMeter(
      server.child.pid!,
      server.databaseUrl.startsWith('postgres') ? server.databaseUrl : null,
    );
    measured.push(...(await runPollWatch(server.url, fx, database.db, routes, meter)));
  }
  const surgeRuns: TSurgeRun[] = [];
  for (let run = 1; selected(options, 'surge') && run <= options.repeat; run++) {
    log(`surge (${options.surgeSeconds} s)${options.repeat > 1 ? `, run ${run} of ${options.repeat}` : ''}…`);
    const meter = cpuMeter(
      server.child.pid!,
      server.databaseUrl.startsWith('postgres') ? server.databaseUrl : null,
    );
    const startedAt = new Date().toISOString();
    const loadBefore = loadAverage();
    const rows = await runSurge(server.url, fx, database, routes, options.surgeSeconds, meter);
    surgeRuns.push({ run, startedAt, loadBefore, loadAfter: loadAverage(), measurements: rows });
  }
  // The main table shows the last run; --repeat's table shows each.
  measured.push(...(surgeRuns.at(-1)?.measurements ?? []));
  if (selected(options, 'grade-exam')) {
    log(`grade-exam (${options.gradeSeconds} s)…`);
    measured.push(await runGrading(server.url, fx, database.db, routes, options.gradeSeconds));
  }
  await stop(server);
  await database.close();

  const rates = ceilingRates(ceilings);
  const measurements = withVerdicts([...ceilings, ...measured], rates);

  let scaleOut: TMeasurement[] = [];
  if (options.scaleOut) {
    server = await serverOn(options.db, options.scale, 2);
    log('2 processes (WEB_CONCURRENCY=2)…');
    const two = await throughput(SCALE_OUT_SCENARIOS, fx, server, options.seconds);
    await stop(server);
    const one = measurements.filter((m) => SCALE_OUT_SCENARIOS.some((s) => s.name === m.name));
    scaleOut = withVerdicts(
      [
        ...[
          ...one.map((m) => ({ ...m, name: `1 process: ${m.name}` })),
          ...two.map((m) => ({ ...m, name: `2 processes: ${m.name}` })),
        ].map(({ holds: _holds, ...m }) => ({ ...m, group: 'scale-out' as const, target: {} })),
      ],
      rates,
    );
  }
  await stop(ceiling);

  const growth = options.growth ? await measureGrowth(options, measurements) : null;
  const report = {
    engine: options.db,
    namedStatements: process.env.DATABASE_NAMED_STATEMENTS !== 'false',
    ...(options.db === 'postgres'
      ? { driver: process.env.DATABASE_DRIVER === 'pg' ? ('pg' as const) : ('postgres-js' as const) }
      : {}),
    partial: options.only.length > 0 || options.workers !== 1,
    workers: options.workers,
    scale: options.scale,
    machine,
    loadAfter: loadAverage(),
    counts: fx.counts,
    measurements,
    scaleOut,
    growth,
    ...(surgeRuns.length > 1 ? { surgeRuns } : {}),
  };
  printTable(`${options.db}, scale ${options.scale}`, measurements);
  if (scaleOut.length) printTable('scale out', scaleOut);
  if (surgeRuns.length > 1)
    log(`\nthe surge, ${surgeRuns.length} runs in a row:\n${surgeRunsTable(surgeRuns)}`);
  const file = saveReport(report);
  log(`\nwritten: ${path.relative(process.cwd(), file)} and bench/RESULTS.md`);
}

async function stopAll() {
  await Promise.all([...started].map((p) => p.stop()));
}

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
main()
  .catch(async (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(stopAll);
