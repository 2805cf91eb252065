import type { Kysely } from 'kysely';
import { runFrozenStatements } from './sql/run-statements.ts';
import { statements } from './sql/2026-11-25T15-00-00_full_text_search.sql.ts';

/*
 * Search on each engine's own full-text index (issue 27, docs/decisions/0210): FTS5 (porter and
 * trigram) on SQLite, a weighted tsvector with GIN and pg_trgm on PostgreSQL, kept in step by
 * triggers in the same transaction as every change. And staff's dental synonym list, seeded.
 */

/** The synonyms a new site starts with: a word as typed → what it also finds. */
const SEED_SYNONYMS: [string, string[]][] = [
  ['perio', ['periodontal', 'periodontics', 'periodontitis']],
  ['endo', ['endodontic', 'endodontics']],
  ['ortho', ['orthodontic', 'orthodontics']],
  ['pedo', ['pediatric', 'paediatric']],
  ['rdh', ['hygienist', 'dental hygiene']],
  ['cbct', ['cone beam']],
  ['sdf', ['silver diamine fluoride']],
  ['srp', ['scaling and root planing']],
  ['ppe', ['personal protective equipment']],
  ['tmj', ['temporomandibular']],
  ['tmd', ['temporomandibular']],
  ['osha', ['occupational safety']],
  ['implantology', ['implant']],
  ['caries', ['cavity', 'decay']],
  ['cavity', ['caries']],
  ['hygienist', ['rdh', 'hygiene']],
  ['cone beam', ['cbct']],
  ['tooth', ['teeth']],
  ['teeth', ['tooth']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_synonyms')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('term', 'text', (c) => c.notNull().unique())
    .addColumn('alternatives', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await db
    .insertInto('search_synonyms' as never)
    .values(
      SEED_SYNONYMS.map(([term, alternatives], i) => ({
        id: `seed-synonym-${i + 1}`,
        term,
        alternatives: alternatives.join(', '),
        updated_at: at,
      })) as never,
    )
    .execute();
  await runFrozenStatements(db, statements);
}
