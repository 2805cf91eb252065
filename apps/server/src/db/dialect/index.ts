import Database from 'better-sqlite3';
import {
  type CompiledQuery,
  Kysely,
  type LogEvent,
  PostgresDialect,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { defaultPoolSize, type TDatabaseConfig } from '../../config.ts';
import type { DB } from '../types.ts';
import { SAFETY_NET_CHECKPOINT_PAGES, startCheckpointer } from './checkpointer.ts';
import { LiteralLimitSqliteDialect } from './literal-limit.ts';
import { namedStatementClient } from './named-statements.ts';
import { PostgresJsDialect, postgresJsSql } from './postgres-js.ts';

/*
 * The only place that branches on the database engine (ARCHITECTURE.md rule 4). Everything
 * else writes portable Kysely and asks this module for the few things that differ; search's
 * full-text SQL, which only search reads, is its own (features/search/engine/, decision 0005).
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

/** Prepared statements kept per connection; query texts beyond this are prepared anew. */
const STATEMENT_CACHE_SIZE = 2_000;

/**
 * Kysely prepares every query again, and better-sqlite3 compiles the SQL on each prepare: that
 * cost more than running the query (bench/RESULTS.md). Statements are kept by their SQL text;
 * Kysely runs a statement to completion synchronously, so two queries never share one at once
 * (streaming, which would, is not used).
 */
function withStatementCache(sqlite: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): Database.Statement {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Sees every query the app runs, with its parameters (test/query-plans.test.ts explains them). */
export type TQueryObserver = (query: CompiledQuery) => void;

/** The database's Kysely, and how to close it with everything it started (the checkpoint worker). */
export type TEngine = { db: Kysely<DB>; close: () => Promise<void> };

export function createKysely(config: TDatabaseConfig, onQuery?: TQueryObserver): TEngine {
  const log =
    onQuery &&
    ((event: LogEvent) => {
      if (event.level === 'query') onQuery(event.query);
    });
  if (config.dialect === 'sqlite') {
    const sqlite = openSqlite(config.file);
    const checkpointer = config.file === ':memory:' ? null : startCheckpointer(config.file);
    if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_CHECKPOINT_PAGES}`);
    const database = withStatementCache(sqlite);
    const db = new Kysely<DB>({
      dialect: new LiteralLimitSqliteDialect({ database }),
      ...(log ? { log } : {}),
    });
    return {
      db,
      close: async () => {
        await db.destroy();
        await checkpointer?.stop();
      },
    };
  }
  // postgres.js by default: 32–58 % less CPU per member call than node-postgres with named
  // statements (decision 0827). DATABASE_DRIVER=pg keeps node-postgres as the fallback.
  if (config.driver !== 'pg') {
    const postgresJs = postgresJsSql({
      connectionString: config.connectionString,
      poolSize: config.poolSize ?? defaultPoolSize(1),
      prepare: config.namedStatements !== false,
    });
    const db = new Kysely<DB>({ dialect: new PostgresJsDialect(postgresJs), ...(log ? { log } : {}) });
    return { db, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: config.poolSize ?? defaultPoolSize(1),
    ...(config.namedStatements === false ? {} : { Client: namedStatementClient() }),
  });
  // An idle connection the server closes (restart, failover, a forced drop) is discarded by the
  // pool and replaced on the next query; unhandled, node-postgres would crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return { db, close: () => db.destroy() };
}

/** True when the error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** True when the error is a foreign-key violation: a row still referred to (SQLite or PostgreSQL). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * Locks the rows a select reads until the transaction ends: FOR UPDATE on PostgreSQL. SQLite has
 * no row locks and needs none: its single connection runs one transaction at a time.
 */
export function lockForUpdate<TDB, TB extends keyof TDB, O>(
  dialect: TDialectName,
  query: SelectQueryBuilder<TDB, TB, O>,
): SelectQueryBuilder<TDB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * True when one statement can write several tables (a data-modifying WITH): PostgreSQL. There a
 * reservation is one statement, so the class row's lock is held for no round trip (decision 0822).
 */
export function writesInOneStatement(dialect: TDialectName): boolean {
  return dialect === 'postgres';
}

/**
 * PostgreSQL: the ISO 8601 text (as Date.toISOString writes it) of an expression in ms since 1970,
 * for the statements of writesInOneStatement.
 */
export function postgresIsoFromEpochMs(ms: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(timestamp '1970-01-01' + ${ms} * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A table (id, score) of the ids given, to join a list's rows to: SQLite reads it from JSON
 * (json_each), PostgreSQL from two arrays (unnest).
 */
export function scoredIds(dialect: TDialectName, scores: ReadonlyMap<string, number>) {
  if (dialect === 'sqlite') {
    return sql<{
      id: string;
      score: number;
    }>`(select key as id, value as score from json_each(${JSON.stringify(Object.fromEntries(scores))}))`;
  }
  return sql<{ id: string; score: number }>`(select * from unnest(${[...scores.keys()]}::text[], ${[
    ...scores.values(),
  ]}::int[]) as h (id, score))`;
}
