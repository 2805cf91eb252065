import type { TWordTerms } from '@opence/shared';
import type { TSearchKind } from '../../../domain/search.ts';

/*
 * What each engine's full-text search answers (issue 27, docs/decisions/0210), the same on both:
 * engine/sqlite.ts (FTS5) and engine/postgres.ts (tsvector and pg_trgm) implement it,
 * engine/index.ts picks one by the database's dialect (docs/decisions/0005).
 *
 * Every document has three parts: head (title and speaker or author), tags (sponsor and
 * categories) and body (blurb and description). Queries are built from sanitised tokens and
 * patterns (shared search.terms.ts: [a-z0-9_] only), so no member text ever reaches FTS5's or
 * tsquery's parser as syntax.
 */

/** What the indexes found for one search word in one document (docs/decisions/0211). */
export type TWordHit = {
  kind: TSearchKind;
  id: string;
  /** The word's stem (or a synonym's) is in the head: title and speaker or author. */
  stemHead: boolean;
  /** The word as typed is in the head, inside a word. */
  typedHead: boolean;
  /** The word with one typo is in the head (looked for only when the word is found nowhere). */
  typoHead: boolean;
  /** The word's stem is in the tags: sponsor and categories. */
  tags: boolean;
};

/** Where one word's lookup may look: the few documents a rarer word found, and that word's count. */
export type TLookup = {
  /** Only these documents (the few an earlier, rarer word found): looked up by their ids. */
  within?: readonly string[];
  /**
   * The word's wordCount, when the search has several words. PostgreSQL: up to
   * TYPO_PROBE_AT_MOST the planner itself estimates the word rare and reads the GIN indexes
   * without being told (no SET LOCAL transaction: 3 statements fewer); 0 is a word wordCount
   * found nowhere, so neither its lookup nor another probe runs (docs/decisions/0213).
   */
  count?: number;
};

/** One engine's lookups; the order and scoring around them are search.keywords.ts's. */
export type TSearchEngine = {
  /**
   * Every document one word finds, with where it was found: its stems (and synonyms') anywhere,
   * and the word as typed inside any word of the document. No typos (typoHits).
   */
  matches(term: TWordTerms, lookup: TLookup): Promise<TWordHit[]>;
  /** True when some document has one of the stems, or the word as typed (count: wordCount's). */
  foundAnywhere(term: TWordTerms, count?: number): Promise<boolean>;
  /**
   * About how many documents a word finds, to look the rarest word up first; 0 may be a word
   * found nowhere (each engine says when it is sure).
   */
  wordCount(term: TWordTerms): Promise<number>;
  /** Documents with one of the typo patterns in their head, found through the anchors. */
  typoHits(patterns: string[], anchors: string[], within?: readonly string[]): Promise<TWordHit[]>;
  /** Podcast episodes whose transcript has the word as typed ('_' any one character). */
  transcriptHits(typed: string): Promise<string[]>;
};

/** A row an engine read: its document, and whether the head, the tags or the typed word matched. */
export type TFoundRow = {
  kind: TSearchKind;
  item_id: string;
  head: unknown;
  tags?: unknown;
  typed?: unknown;
};

/** A boolean as either engine returns it: SQLite 0/1, PostgreSQL true/false (or 't' as text). */
export const truthy = (v: unknown) => v === true || (typeof v === 'number' && v !== 0) || v === 't';

/** One word's hits gathered per document, in the order first found. */
export function wordHitsCollector() {
  const found = new Map<string, TWordHit>();
  return {
    /** A row found by the word's stems (stem: true) or as typed (stem: false). */
    add(row: TFoundRow, stem: boolean) {
      let hit = found.get(row.item_id);
      if (!hit) {
        hit = {
          kind: row.kind,
          id: row.item_id,
          stemHead: false,
          typedHead: false,
          typoHead: false,
          tags: false,
        };
        found.set(row.item_id, hit);
      }
      if (stem) {
        hit.stemHead ||= truthy(row.head);
        hit.tags ||= truthy(row.tags);
      } else hit.typedHead ||= truthy(row.head);
      return hit;
    },
    hits: () => [...found.values()],
  };
}

/** Typo hits as rows found: each with only its head's typo marked. */
export const typoHitsOf = (rows: TFoundRow[]): TWordHit[] =>
  rows.map((r) => ({
    kind: r.kind,
    id: r.item_id,
    stemHead: false,
    typedHead: false,
    typoHead: true,
    tags: false,
  }));
