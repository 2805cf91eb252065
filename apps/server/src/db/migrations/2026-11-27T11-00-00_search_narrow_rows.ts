import type { Kysely } from 'kysely';
import { runFrozenStatements } from './sql/run-statements.ts';
import { statements } from './sql/2026-11-27T11-00-00_search_narrow_rows.sql.ts';

/*
 * Search speed (issue 27, docs/decisions/0212). SQLite: the FTS5 tables become contentless,
 * their rowid the id of a narrow row (fts_rows: kind, item_id), so a common word's lookup no
 * longer reads each hit's whole document; the texts the LIKE checks need are kept apart
 * (fts_texts). PostgreSQL: search's GIN indexes without a pending list (fastupdate off).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await runFrozenStatements(db, statements);
}
