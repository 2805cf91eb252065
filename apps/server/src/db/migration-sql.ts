import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import { createPostgresDatabase } from '../../test/build-test-app.ts';
import type { TDatabaseConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

/*
 * The SQL each migration emits on a fresh database of one engine, statement by statement, and its
 * checksum (docs/decisions/0003). Landed migrations are frozen: their checksums are kept in
 * migrations/sql-checksums.json and migration-sql.test.ts fails when one changes.
 */

export type TEngineName = 'sqlite' | 'postgres';

/** Each migration's statements (SQL and parameters), in order, run one by one on a fresh database. */
export async function emittedSql(engine: TEngineName): Promise<Map<string, CompiledQuery[]>> {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const pgDb = engine === 'postgres' ? await createPostgresDatabase(serverUrl) : null;
  const config: TDatabaseConfig = pgDb
    ? { dialect: 'postgres', connectionString: pgDb.url, poolSize: 1 }
    : { dialect: 'sqlite', file: ':memory:' };
  let current: CompiledQuery[] = [];
  const { db, close } = openDatabase(config, (query) => current.push(query));
  const emitted = new Map<string, CompiledQuery[]>();
  try {
    for (const [name, migration] of Object.entries(migrations)) {
      current = [];
      await migration.up(db as never);
      emitted.set(name, current);
    }
  } finally {
    await close();
    await pgDb?.drop();
  }
  return emitted;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The checksum of a migration's statements: their SQL and parameters, in order. A parameter that
 * is the time of the run (a seeded row's updated_at) counts as the same on every run.
 */
export function checksum(statements: readonly CompiledQuery[]): string {
  const hash = createHash('sha256');
  for (const s of statements) {
    const parameters = s.parameters.map((p) => (typeof p === 'string' && ISO_TIME.test(p) ? '<now>' : p));
    hash.update(JSON.stringify([s.sql, parameters])).update('\n');
  }
  return hash.digest('hex');
}
