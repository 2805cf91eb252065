import type { TMeasurement } from './scenarios.ts';

/*
 * The surge N times in a row on one running server (--repeat N, issue 39): the issue's target is
 * p99 ≤ 50 ms for polls and reservations in each of 10 consecutive warm runs, so every run is
 * reported, with the load average around it (what else the machine was doing).
 */

export type TSurgeRun = {
  run: number;
  startedAt: string;
  loadBefore: [number, number, number];
  loadAfter: [number, number, number];
  /** runSurge's rows: the polls, then the reservations. */
  measurements: TMeasurement[];
};

const P99_TARGET_MS = 50;

const fixed = (n: number | undefined, digits = 1) =>
  n === undefined ? '' : n.toLocaleString('en', { maximumFractionDigits: digits });

function latency(m: TMeasurement | undefined): string {
  return m?.result ? `${fixed(m.result.p50)} / ${fixed(m.result.p99)}` : (m?.status ?? '');
}

/**
 * Whether polls and reservations were all answered (a 503 is an answer the room retries; a
 * request unanswered in 10 s is not) with p99 within the target.
 */
function holds(run: TSurgeRun): boolean {
  return (
    run.measurements.length === 2 &&
    run.measurements.every(
      (m) =>
        m.result !== undefined &&
        m.result.requests > 0 &&
        m.result.errors === m.result.shed &&
        m.result.p99 <= P99_TARGET_MS,
    )
  );
}

/** The runs as a Markdown table with a closing count of the runs that held. */
export function surgeRunsTable(runs: TSurgeRun[]): string {
  const header = [
    'run',
    'started (UTC)',
    'load 1 min before → after',
    'polls p50 / p99 ms',
    'polls shed (503) / unanswered or other errors',
    'reservations p50 / p99 ms',
    'reservations shed (503) / unanswered or other errors',
    'CPU µs per answer (server + db)',
    `all answered, p99 ≤ ${P99_TARGET_MS} ms`,
  ];
  const errors = (m: TMeasurement | undefined) =>
    m?.result ? `${m.result.shed} / ${m.result.errors - m.result.shed}` : '';
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const run of runs) {
    const [polls, reservations] = run.measurements;
    lines.push(
      `| ${[
        String(run.run),
        run.startedAt.slice(11, 19),
        `${run.loadBefore[0]} → ${run.loadAfter[0]}`,
        latency(polls),
        errors(polls),
        latency(reservations),
        errors(reservations),
        fixed(polls?.surgeCpuUsPerAnswer, 0),
        holds(run) ? 'holds' : 'FAILS',
      ].join(' | ')} |`,
    );
  }
  const held = runs.filter(holds).length;
  return [
    ...lines,
    '',
    `Every poll and reservation answered, p99 ≤ ${P99_TARGET_MS} ms: ${held} of ${runs.length} runs.`,
  ].join('\n');
}
