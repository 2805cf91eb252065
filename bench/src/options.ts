import { parseArgs } from 'node:util';

/** What one `npm run bench` run does; every value has a flag (see bench/README.md). */
export type TBenchOptions = {
  db: 'sqlite' | 'postgres';
  /** Fraction of the full volume (5,000 classes, 100,000 members, 1,000,000 completions…). */
  scale: number;
  /** Seconds each throughput measurement lasts. */
  seconds: number;
  /** Seconds the live-webinar surge lasts (the issue asks for 60). */
  surgeSeconds: number;
  /** Seconds of grade-exam submissions at 200 per second. */
  gradeSeconds: number;
  /** Also measure paged and member lists at 1/100 and 1/10 of the scale (data growth). */
  growth: boolean;
  /** Also measure 2 server processes (WEB_CONCURRENCY=2) beside 1. */
  scaleOut: boolean;
  /** Reuse the last build copied to bench/.work instead of building. */
  skipBuild: boolean;
  /** Reuse a database generated earlier at the same scale instead of a fresh one. */
  reuseDb: boolean;
  /** Only generate the database (for a later --reuse-db run), measure nothing. */
  generateOnly: boolean;
  /** Only the scenarios whose name contains one of these (all when empty). */
  only: string[];
  /** Server processes (WEB_CONCURRENCY) of the main run: the surge with 2 processes, say. */
  workers: number;
  /** The surge this many times in a row on the same running server, each run reported (issue 39). */
  repeat: number;
};

const HELP = `npm run bench -- [options]
  --db sqlite|postgres   engine (postgres: BENCH_DATABASE_URL or postgres://opence:opence@127.0.0.1:5432/opence)
  --scale N              fraction of the full volume (default 1)
  --seconds N            seconds per throughput measurement (default 10)
  --surge-seconds N      seconds of the live-webinar surge (default 60)
  --grade-seconds N      seconds of grade-exam at 200/s (default 20)
  --no-growth            skip the data-growth table (1/100 and 1/10 of the scale)
  --no-scale-out         skip the 2-process measurement
  --skip-build           reuse the build copied to bench/.work by an earlier run
  --reuse-db             reuse a database generated earlier at the same scale
  --generate-only        only generate the database at the scale (then run with --reuse-db)
  --only a,b             only scenarios whose name contains a or b
  --workers N            server processes of the main run (WEB_CONCURRENCY, default 1)
  --repeat N             the surge N times in a row on the same server, a table of every run (default 1)`;

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not ${value}`);
  return n;
}

export function parseOptions(argv: string[]): TBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      scale: { type: 'string' },
      seconds: { type: 'string' },
      'surge-seconds': { type: 'string' },
      'grade-seconds': { type: 'string' },
      'no-growth': { type: 'boolean', default: false },
      'no-scale-out': { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      'reuse-db': { type: 'boolean', default: false },
      'generate-only': { type: 'boolean', default: false },
      only: { type: 'string', default: '' },
      workers: { type: 'string' },
      repeat: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  if (values.db !== 'sqlite' && values.db !== 'postgres') throw new Error(`--db must be sqlite or postgres`);
  const scale = positive('scale', values.scale, 1);
  if (scale > 1) throw new Error('--scale is at most 1 (the full volume of the issue)');
  return {
    db: values.db,
    scale,
    seconds: positive('seconds', values.seconds, 10),
    surgeSeconds: positive('surge-seconds', values['surge-seconds'], 60),
    gradeSeconds: positive('grade-seconds', values['grade-seconds'], 20),
    growth: !values['no-growth'],
    scaleOut: !values['no-scale-out'],
    skipBuild: values['skip-build'],
    reuseDb: values['reuse-db'],
    generateOnly: values['generate-only'],
    only: values.only
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    workers: Math.round(positive('workers', values.workers, 1)),
    repeat: Math.round(positive('repeat', values.repeat, 1)),
  };
}
