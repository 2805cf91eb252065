import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TDatabaseConfig } from '../../config.ts';
import type { DB } from '../types.ts';

/*
 * The only place that branches on the database engine (ARCHITECTURE.md rule 4). Everything
 * else writes portable Kysely and asks this module for the few things that differ.
 */

export type TDialectName = TDatabaseConfig['dialect'];

// pg returns int8 (count, sum of integers) and numeric as strings; we want numbers on both
// engines, so they are parsed here, once, instead of at every aggregate.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets readers run beside the writer; synchronous=NORMAL in WAL mode keeps every
  // committed transaction across a process crash (SIGKILL) and loses at most the last ones on
  // power loss, which is the trade most embedded deployments take (docs/decisions/0001).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

export function createKysely(config: TDatabaseConfig): Kysely<DB> {
  if (config.dialect === 'sqlite') {
    return new Kysely<DB>({ dialect: new SqliteDialect({ database: openSqlite(config.file) }) });
  }
  const pool = new pg.Pool({ connectionString: config.connectionString, max: 10 });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** True when the error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
