import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { TDatabase } from '../../src/db/database.ts';
import type { DB } from '../../src/db/types.ts';

/*
 * A digest of every row of every table, to prove that a refused request changed nothing.
 * Two kinds of write happen on purpose before a refusal, and are left out:
 * - rate_limits counts attempts, refused ones included (that is what a limit is for);
 * - sessions.last_used_at slides a session's expiry whenever its token is presented.
 */

const IGNORED_COLUMNS: Partial<Record<keyof DB, readonly string[] | 'all'>> = {
  rate_limits: 'all',
  sessions: ['last_used_at'],
};

type TDigest = Map<string, string>;

async function listTables(db: Kysely<DB>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((table) => table.name).sort();
}

/** Row order is not stable on PostgreSQL (an update moves a row), so rows are hashed sorted. */
async function digestDatabase(db: Kysely<DB>, tables: string[]): Promise<TDigest> {
  const digest: TDigest = new Map();
  for (const table of tables) {
    const ignored = IGNORED_COLUMNS[table as keyof DB];
    if (ignored === 'all') continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.map((row) => {
      for (const column of ignored ?? []) delete row[column];
      return JSON.stringify(row);
    });
    digest.set(table, createHash('sha256').update(lines.sort().join('\n')).digest('hex'));
  }
  return digest;
}

/**
 * A number that moves whenever anything is written: SQLite counts the rows its (single)
 * connection changed; PostgreSQL assigns a transaction id to every transaction that writes,
 * so the next unassigned one moves (writes elsewhere on the server move it too, which only
 * costs a digest). While it stands still, the digest cannot have changed and is not re-read.
 */
async function writeCounter(database: TDatabase): Promise<string> {
  const query =
    database.dialect === 'sqlite'
      ? sql<{ n: unknown }>`select total_changes() as n`
      : sql<{ n: unknown }>`select pg_snapshot_xmax(pg_current_snapshot())::text as n`;
  const { rows } = await query.execute(database.db);
  return String(rows[0]?.n);
}

export type TDatabaseWatch = {
  /** The tables whose rows differ from the last look (the first look is at creation). */
  changedTables: () => Promise<string[]>;
};

export async function watchDatabase(database: TDatabase): Promise<TDatabaseWatch> {
  const tables = await listTables(database.db);
  let counter = await writeCounter(database);
  let digest = await digestDatabase(database.db, tables);
  return {
    changedTables: async () => {
      const nextCounter = await writeCounter(database);
      if (nextCounter === counter) return [];
      const next = await digestDatabase(database.db, tables);
      const changed = tables.filter((table) => digest.get(table) !== next.get(table));
      [counter, digest] = [nextCounter, next];
      return changed;
    },
  };
}
