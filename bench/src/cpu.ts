import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/*
 * CPU per request (issue 21): on a shared machine req/s moves with whatever else runs, while
 * the CPU the server and the database spend on one request stays put. Read from /proc/<pid>/stat
 * (utime + stime, in clock ticks): the server process and its children (the cluster's workers),
 * and on PostgreSQL the backends connected to the benchmark's database (pg_stat_activity), so
 * another database's work on the same PostgreSQL is not counted. SQLite runs inside the server.
 */

export type TCpu = { serverMs: number; databaseMs: number };

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

type TStat = { ppid: number; ticks: number };

function readStat(pid: number): TStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The process and its direct children (node:cluster's workers). */
function processTree(root: number): number[] {
  const pids = [root];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && readStat(pid)?.ppid === root) pids.push(pid);
  }
  return pids;
}

const ticksOf = (pids: number[]) => new Map(pids.map((pid) => [pid, readStat(pid)?.ticks ?? 0]));

function spentMs(before: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, from] of before) {
    const now = readStat(pid)?.ticks;
    // A process gone meanwhile counts up to its last reading (nothing more is known).
    if (now !== undefined) ticks += now - from;
  }
  return (ticks * 1_000) / TICKS_PER_SECOND;
}

/** PostgreSQL backends serving the database of `url`, other than the asking one. */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export type TCpuMeter = { begin: () => Promise<() => TCpu> };

/**
 * Measures CPU between begin() and the call of what it returns. Call begin() after the warm-up,
 * so that the server's pool holds its connections by then.
 */
export function cpuMeter(serverPid: number, postgresUrl: string | null): TCpuMeter {
  return {
    begin: async () => {
      const server = ticksOf(processTree(serverPid));
      const database = ticksOf(postgresUrl ? await backendPids(postgresUrl) : []);
      return () => ({ serverMs: spentMs(server), databaseMs: spentMs(database) });
    },
  };
}
