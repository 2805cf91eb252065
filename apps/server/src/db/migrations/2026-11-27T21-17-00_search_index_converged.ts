import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * One search index on every PostgreSQL database (docs/decisions/0003). The full-text migrations
 * ran live code that changed after they landed: a database that ran 2026-11-25T15-00-00 before
 * 25 November 21:07 keyed fts_docs by (kind, item_id) instead of indexing item_id, and one that
 * ran 2026-11-27T11-00-00 before 26 November 03:09 kept the GIN indexes' pending lists. Each step
 * here is a no-op where the database already has today's index. SQLite's search tables were
 * rebuilt whole by 2026-11-27T11-00-00 from code that did not change: nothing to do there.
 */
const GIN_INDEXES = [
  'fts_docs_vector_ix',
  'fts_docs_doc_trgm_ix',
  'fts_docs_head_trgm_ix',
  'fts_transcripts_plain_trgm',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table fts_docs drop constraint if exists fts_docs_pkey`.execute(db);
  await sql`create index if not exists fts_docs_item_id_ix on fts_docs (item_id)`.execute(db);
  for (const index of GIN_INDEXES) {
    await sql.raw(`alter index ${index} set (fastupdate = off)`).execute(db);
    await sql.raw(`select gin_clean_pending_list('${index}'::regclass)`).execute(db);
  }
}
