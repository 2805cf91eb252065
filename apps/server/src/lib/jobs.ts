import { hostname } from 'node:os';
import { newId, nowIso } from './ids.ts';
import { ownTables, type TWithTables } from './owned-tables.ts';

/*
 * Scheduled jobs (exam-open mails, archiving ended webinars, the AGD weekly roster): every
 * server process runs the scheduler, and each run of a job is claimed in job_runs first. The
 * claim is an insert on the (job, run_key) primary key, so when several processes share one
 * database exactly one of them does each run. A claim whose process died before finishing is
 * taken over once its lease runs out; a run that fails gives its claim back to be retried.
 */

export type TJob = {
  /** Unique name; the job_runs rows carry it. */
  name: string;
  /** How often the job runs: one run per slot of this length. */
  everyMs: number;
  /** The run a moment belongs to; by default the everyMs slot it falls in. */
  runKey?: (now: Date) => string;
  run: (now: Date) => Promise<void>;
};

type TLogger = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** The table of the claims (db/types.ts: JobRunsTable). */
export type TJobTables = {
  job_runs: {
    job: string;
    run_key: string;
    claimed_by: string;
    claimed_at: string;
    finished_at: string | null;
  };
};
const jobTables = ownTables<TJobTables>();

export type TSchedulerOptions<TSchema extends TJobTables = TJobTables> = {
  db: TWithTables<TSchema>;
  jobs: readonly TJob[];
  log: TLogger;
  /** How often the scheduler looks for due runs. */
  pollMs?: number;
  /** How long an unfinished claim holds before another process may take the run over. */
  leaseMs?: number;
  /** Finished claims are deleted after this long. */
  keepRunsMs?: number;
};

export type TScheduler = {
  readonly id: string;
  readonly jobs: readonly TJob[];
  start(): void;
  /** Stops polling and waits for the runs in progress. */
  stop(): Promise<void>;
  /** Claims and does every job's current run; returns the names of the runs this call did. */
  runDue(now?: Date): Promise<string[]>;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * Lets the requests that arrived meanwhile run before a job's next row. better-sqlite3 answers
 * synchronously, so a loop of awaited queries never returns to the event loop: the webinar
 * reminders ran as one task of 142 ms in a profile of the live surge's server, and every request
 * that arrived meanwhile waited (issue 21, decision 0823). Jobs call it between the rows they
 * work through, outside any transaction.
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Gives the event loop to requests for `ms` before a job's next chunk: a job with thousands of
 * rows to write (a class of 10,000 seats starting) then takes a small share of the process
 * however busy it is, instead of every turn of the loop the requests leave it (decision 1180).
 */
export function restForRequests(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The default run key: the start of the everyMs slot the moment falls in. */
export function slotKey(now: Date, everyMs: number): string {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
}

/** Claims a run for this process: true when the run is ours to do. */
export async function claimRun<TSchema extends TJobTables>(
  database: TWithTables<TSchema>,
  run: { job: string; runKey: string; claimedBy: string; now: Date; leaseMs: number },
): Promise<boolean> {
  const db = jobTables(database);
  const at = nowIso(run.now);
  const inserted = await db
    .insertInto('job_runs')
    .values({ job: run.job, run_key: run.runKey, claimed_by: run.claimedBy, claimed_at: at })
    .onConflict((oc) => oc.columns(['job', 'run_key']).doNothing())
    .returning('job')
    .executeTakeFirst();
  if (inserted) return true;
  const takenOver = await db
    .updateTable('job_runs')
    .set({ claimed_by: run.claimedBy, claimed_at: at })
    .where('job', '=', run.job)
    .where('run_key', '=', run.runKey)
    .where('finished_at', 'is', null)
    .where('claimed_at', '<', nowIso(new Date(run.now.getTime() - run.leaseMs)))
    .executeTakeFirst();
  return Number(takenOver.numUpdatedRows) === 1;
}

export function createScheduler<TSchema extends TJobTables>(options: TSchedulerOptions<TSchema>): TScheduler {
  const db = jobTables(options.db);
  const { jobs, log, pollMs = 15_000, leaseMs = 15 * 60_000, keepRunsMs = 14 * 24 * HOUR_MS } = options;
  const id = `${hostname()}:${process.pid}:${newId().slice(-12)}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let prunedAt = 0;

  async function runOne(job: TJob, now: Date): Promise<boolean> {
    const runKey = job.runKey?.(now) ?? slotKey(now, job.everyMs);
    if (!(await claimRun(db, { job: job.name, runKey, claimedBy: id, now, leaseMs }))) return false;
    try {
      await job.run(now);
      await db
        .updateTable('job_runs')
        .set({ finished_at: nowIso() })
        .where('job', '=', job.name)
        .where('run_key', '=', runKey)
        .where('claimed_by', '=', id)
        .execute();
      return true;
    } catch (error) {
      // Give the claim back so that the next poll (here or in another process) tries again.
      await db
        .deleteFrom('job_runs')
        .where('job', '=', job.name)
        .where('run_key', '=', runKey)
        .where('claimed_by', '=', id)
        .execute();
      log.error({ err: error, job: job.name, runKey }, 'scheduled job failed');
      return false;
    }
  }

  async function prune(now: Date): Promise<void> {
    if (now.getTime() - prunedAt < HOUR_MS) return;
    prunedAt = now.getTime();
    await db
      .deleteFrom('job_runs')
      .where('finished_at', 'is not', null)
      .where('claimed_at', '<', nowIso(new Date(now.getTime() - keepRunsMs)))
      .execute();
  }

  async function pass(now: Date): Promise<string[]> {
    const done: string[] = [];
    for (const job of jobs) if (await runOne(job, now)) done.push(job.name);
    await prune(now);
    return done;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      const current = pass(new Date()).catch((error: unknown) =>
        log.error({ err: error }, 'scheduler pass failed'),
      );
      running = current;
      void current.finally(() => {
        if (running === current) running = null;
        if (timer) schedule(pollMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    id,
    jobs,
    start() {
      if (timer) return;
      log.info({ jobs: jobs.map((j) => j.name) }, 'scheduler started');
      schedule(0);
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runDue: (now = new Date()) => pass(now),
  };
}
