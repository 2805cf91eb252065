import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { statements as TFrozen } from './2026-11-27T10-30-00_seat_counter.sql.ts';

/*
 * Frozen with the migrations that use it (docs/decisions/0003): runs a migration's frozen
 * statements for the database's engine, one by one, in order. Never edit.
 */
export async function runFrozenStatements(db: Kysely<unknown>, statements: typeof TFrozen): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  for (const text of statements[engine]) await sql.raw(text).execute(db);
}
