import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TMachine } from './machine.ts';
import { RESULTS_DIR, RESULTS_MD } from './paths.ts';
import type { TMeasurement } from './scenarios.ts';
import { surgeRunsTable, type TSurgeRun } from './surge-runs.ts';

/** p99 of the growth scenarios at each scale of one run: scale → scenario → measurement. */
export type TGrowth = { scales: number[]; rows: Record<string, Record<string, TMeasurement>> };

export type TRunReport = {
  engine: 'sqlite' | 'postgres';
  /** A run of some scenarios only (--only): written to its own section, the full run's kept. */
  partial?: boolean;
  /** PostgreSQL only: whether the server prepared its statements (DATABASE_NAMED_STATEMENTS). */
  namedStatements?: boolean;
  /** PostgreSQL only: the server's driver (DATABASE_DRIVER); runs before 0827 used node-postgres. */
  driver?: 'pg' | 'postgres-js';
  /** Server processes of the main run (--workers); 1 when absent. */
  workers?: number;
  scale: number;
  machine: TMachine;
  loadAfter: [number, number, number];
  counts: Record<string, number>;
  measurements: TMeasurement[];
  scaleOut: TMeasurement[];
  growth: TGrowth | null;
  /** --repeat N: every run of the surge, in order. */
  surgeRuns?: TSurgeRun[];
};

const num = (n: number | undefined, digits = 0) =>
  n === undefined
    ? ''
    : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function targetText(m: TMeasurement): string {
  const parts = [];
  if (m.target.minRatio !== undefined) parts.push(`≥ ${m.target.minRatio} × ceiling`);
  if (m.target.maxP99Ms !== undefined) parts.push(`p99 ≤ ${m.target.maxP99Ms} ms`);
  if (m.target.serverP99BelowMs !== undefined)
    parts.push(`server time p99 < ${m.target.serverP99BelowMs} ms`);
  return parts.join(', ');
}

function verdict(m: TMeasurement): string {
  if (m.status !== 'ok') return m.status;
  if (m.holds === undefined) return '';
  return m.holds ? 'holds' : 'FAILS';
}

const HEADER = [
  'scenario',
  'conns',
  'req/s',
  '× ceiling',
  'p50 ms',
  'p99 ms',
  'errors',
  'shed (503)',
  'CPU µs/req (server + db)',
  'target',
  'verdict',
];

/** CPU per answered request, in µs: server and database processes together, and each. */
export function cpuPerRequest(m: TMeasurement): { total: number; server: number; database: number } | null {
  if (!m.cpu || !m.result || m.result.requests === 0) return null;
  const per = (ms: number) => (ms * 1_000) / m.result!.requests;
  return {
    total: per(m.cpu.serverMs + m.cpu.databaseMs),
    server: per(m.cpu.serverMs),
    database: per(m.cpu.databaseMs),
  };
}

function cpuText(m: TMeasurement): string {
  const cpu = cpuPerRequest(m);
  if (!cpu) return '';
  return cpu.database > 0 ? `${num(cpu.total)} (${num(cpu.server)} + ${num(cpu.database)})` : num(cpu.total);
}

function row(m: TMeasurement): string[] {
  const r = m.result;
  return [
    m.name,
    String(m.connections),
    num(r?.reqPerSec),
    m.ratio === undefined ? '' : num(m.ratio, 2),
    num(r?.p50, 1),
    num(r?.p99, 1),
    r ? String(r.errors) : '',
    r ? String(r.shed) : '',
    cpuText(m),
    targetText(m),
    verdict(m),
  ];
}

/** The measurements as a Markdown table, with notes (route missing, checks) under it. */
export function markdownTable(measurements: TMeasurement[]): string {
  const lines = [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`];
  for (const m of measurements) lines.push(`| ${row(m).join(' | ')} |`);
  const notes = measurements.filter((m) => m.note).map((m) => `- ${m.name}: ${m.note}`);
  return [...lines, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** The same table for the terminal, in aligned columns. */
export function printTable(title: string, measurements: TMeasurement[]): void {
  const rows = [HEADER, ...measurements.map(row)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\n${title}`);
  for (const r of rows)
    console.log(
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    );
  for (const m of measurements.filter((x) => x.note)) console.log(`  - ${m.name}: ${m.note}`);
}

function growthTable(growth: TGrowth): string {
  const header = ['scenario', ...growth.scales.map((s) => `p99 ms at ${s} (req/s)`)];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const [name, byScale] of Object.entries(growth.rows)) {
    const cells = growth.scales.map((s) => {
      const m = byScale[String(s)];
      if (!m || m.status !== 'ok' || !m.result) return m?.status ?? '';
      return `${num(m.result.p99, 1)} (${num(m.result.reqPerSec)})`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The Markdown section of one engine's run in RESULTS.md. */
export function markdownSection(report: TRunReport): string {
  const m = report.machine;
  const lines = [
    `### ${report.engine === 'sqlite' ? 'SQLite (embedded default)' : `PostgreSQL${report.driver === 'pg' ? ' through node-postgres (DATABASE_DRIVER=pg)' : ''}${report.namedStatements === false ? ' (statements unnamed: DATABASE_NAMED_STATEMENTS=false)' : ''}`}, scale ${report.scale}${(report.workers ?? 1) > 1 ? `, ${report.workers} server processes` : ''}`,
    '',
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, commit ${m.commit}.`,
    `Load average (1, 5, 15 min) before the run: ${m.loadBefore.join(', ')}; after: ${report.loadAfter.join(', ')}.`,
    `Rows: ${Object.entries(report.counts)
      .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
      .join(', ')}.`,
    '',
    markdownTable(report.measurements),
  ];
  if (report.scaleOut.length)
    lines.push('', '**Scale out** (WEB_CONCURRENCY, same database):', '', markdownTable(report.scaleOut));
  if (report.growth)
    lines.push(
      '',
      '**Data growth** (same scenarios at 1/100, 1/10 and 1 × the scale):',
      '',
      growthTable(report.growth),
    );
  return lines.join('\n');
}

/** The surge's runs in a row (--repeat) of one engine and process count, in RESULTS.md. */
function surgeSection(report: TRunReport): string {
  const m = report.machine;
  const engine = report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const workers = report.workers ?? 1;
  return [
    `### The surge ${report.surgeRuns!.length} times in a row: ${engine}, ${workers} server process${workers > 1 ? 'es' : ''}, scale ${report.scale}`,
    '',
    `Run ${m.date} on ${m.cpu}, ${m.cores} cores, Node ${m.node}, commit ${m.commit}; load average before: ${m.loadBefore.join(', ')}, after: ${report.loadAfter.join(', ')}.`,
    '',
    surgeRunsTable(report.surgeRuns!),
  ].join('\n');
}

/** Writes the run's JSON to bench/results and replaces the engine's section of RESULTS.md. */
export function saveReport(report: TRunReport): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = report.machine.date.replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `${stamp}-${report.engine}-scale-${report.scale}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  replaceSection(`api-${report.engine}${report.partial ? '-partial' : ''}`, markdownSection(report));
  if (report.surgeRuns)
    replaceSection(`surge-${report.engine}-w${report.workers ?? 1}`, surgeSection(report));
  const other = latestReport(report.engine === 'sqlite' ? 'postgres' : 'sqlite', report.scale);
  if (other) {
    const [sqlite, postgres] = report.engine === 'sqlite' ? [report, other] : [other, report];
    replaceSection('api-ratio', ratioSection(sqlite, postgres));
  }
  return file;
}

/** The newest saved run of an engine at a scale, from bench/results. */
function latestReport(engine: TRunReport['engine'], scale: number): TRunReport | null {
  if (!existsSync(RESULTS_DIR)) return null;
  const name = readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith(`-${engine}-scale-${scale}.json`))
    .sort()
    .at(-1);
  return name ? (JSON.parse(readFileSync(path.join(RESULTS_DIR, name), 'utf8')) as TRunReport) : null;
}

/** PostgreSQL beside SQLite per scenario: req/s and CPU per request, and their ratios. */
export function ratioSection(sqlite: TRunReport, postgres: TRunReport): string {
  const header = [
    'scenario',
    'SQLite req/s',
    'PostgreSQL req/s',
    'PostgreSQL / SQLite req/s',
    'SQLite CPU µs/req',
    'PostgreSQL CPU µs/req (server + db)',
    'PostgreSQL / SQLite CPU',
  ];
  const lines = [
    `### PostgreSQL / SQLite, scale ${postgres.scale}`,
    '',
    `SQLite run ${sqlite.machine.date} (commit ${sqlite.machine.commit}); PostgreSQL run ${postgres.machine.date} (commit ${postgres.machine.commit}${postgres.namedStatements === false ? ', statements unnamed' : ''}).`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
  ];
  for (const p of postgres.measurements) {
    const s = sqlite.measurements.find((m) => m.name === p.name);
    if (!s?.result || !p.result || p.group === 'ceiling') continue;
    const sCpu = cpuPerRequest(s);
    const pCpu = cpuPerRequest(p);
    lines.push(
      `| ${[
        p.name,
        num(s.result.reqPerSec),
        num(p.result.reqPerSec),
        num(p.result.reqPerSec / s.result.reqPerSec, 2),
        sCpu ? num(sCpu.total) : '',
        pCpu ? `${num(pCpu.total)} (${num(pCpu.server)} + ${num(pCpu.database)})` : '',
        sCpu && pCpu ? num(pCpu.total / sCpu.total, 2) : '',
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** Replaces the text between <!-- bench:NAME --> markers in RESULTS.md (appends it when new). */
export function replaceSection(name: string, body: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const current = existsSync(RESULTS_MD) ? readFileSync(RESULTS_MD, 'utf8') : '# Benchmark results\n';
  const block = `${start}\n${body}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(RESULTS_MD, next);
}
