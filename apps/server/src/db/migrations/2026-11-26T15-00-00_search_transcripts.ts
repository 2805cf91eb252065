import type { Kysely } from 'kysely';
import { runFrozenStatements } from './sql/run-statements.ts';
import { statements } from './sql/2026-11-26T15-00-00_search_transcripts.sql.ts';

/*
 * Episode transcripts (issue 26) in search's trigram index (issue 27, docs/decisions/0211): a
 * word as typed was found in them by reading every transcript's text on each search. SQLite: an
 * FTS5 trigram table kept by triggers; PostgreSQL: a pg_trgm GIN index on the lowercased text.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await runFrozenStatements(db, statements);
}
