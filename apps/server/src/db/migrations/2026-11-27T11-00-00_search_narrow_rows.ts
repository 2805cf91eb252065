import { PostgresAdapter, type Kysely } from 'kysely';
import { createSearchRows } from '../dialect/search.ts';

/*
 * Search speed (issue 27, docs/decisions/0212). SQLite: the FTS5 tables become contentless,
 * their rowid the id of a narrow row (fts_rows: kind, item_id), so a common word's lookup no
 * longer reads each hit's whole document; the texts the LIKE checks need are kept apart
 * (fts_texts). PostgreSQL: search's GIN indexes without a pending list (fastupdate off).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await createSearchRows(db, dialect);
}
