import type { Kysely } from 'kysely';
import { mergeSynonyms, type TSynonyms } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { SHIPPED_THESAURUS } from './thesaurus/thesaurus.ts';

/** How long a process reuses staff's synonym list: an edit shows everywhere within this. */
export const SYNONYMS_TTL_MS = 5_000;

/** Staff's alternatives text ('a, b c') as a list of words and phrases. */
export const splitAlternatives = (text: string): string[] =>
  text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a.length > 0);

/**
 * The shipped dental thesaurus merged with staff's synonym list (issues 27 and 41; staff's entry
 * for a term replaces the shipped one, docs/decisions/1147) as search expands words with it, read at most once per
 * SYNONYMS_TTL_MS per process; `forget` makes this process read it again at once (after an edit).
 */
export function createSynonymSource(db: Kysely<DB>) {
  let cached: { at: number; value: Promise<TSynonyms> } | null = null;
  return {
    get(now = Date.now()): Promise<TSynonyms> {
      if (cached && now - cached.at < SYNONYMS_TTL_MS) return cached.value;
      const value = db
        .selectFrom('search_synonyms')
        .select(['term', 'alternatives'])
        .execute()
        .then((rows) =>
          mergeSynonyms(
            SHIPPED_THESAURUS,
            rows.map((r) => ({ term: r.term, alternatives: splitAlternatives(r.alternatives) })),
          ),
        );
      cached = { at: now, value };
      value.catch(() => (cached = null));
      return value;
    },
    forget() {
      cached = null;
    },
  };
}

export type TSynonymSource = ReturnType<typeof createSynonymSource>;
