import type { Kysely } from 'kysely';
import type { TDialectName } from '../../../db/dialect/index.ts';
import type { DB } from '../../../db/types.ts';
import { postgresSearchEngine } from './postgres.ts';
import { sqliteSearchEngine } from './sqlite.ts';
import type { TSearchEngine } from './word-hits.ts';

export type { TLookup, TSearchEngine, TWordHit } from './word-hits.ts';

/**
 * Search's full-text lookups on the database's engine: the one place search branches on it
 * (docs/decisions/0005; what any room needs of the engine stays in db/dialect/).
 */
export function searchEngine(db: Kysely<DB>, dialect: TDialectName): TSearchEngine {
  return dialect === 'sqlite' ? sqliteSearchEngine(db) : postgresSearchEngine(db);
}
