import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TWordTerms } from '@opence/shared';
import type { DB } from '../../../db/types.ts';
import {
  typoHitsOf,
  truthy,
  wordHitsCollector,
  type TFoundRow,
  type TLookup,
  type TSearchEngine,
} from './word-hits.ts';

/*
 * Search on PostgreSQL (issue 27, docs/decisions/0210): one table, fts_docs, kept by triggers,
 * with a weighted tsvector (english; A the head, B the tags) under a GIN index and the
 * lowercased text under pg_trgm GIN indexes.
 */

/** A stem phrase list as tsquery text, each token restricted to the weight given ('' for any). */
const tsPhrases = (phrases: string[][], weight: string) =>
  phrases
    .map(
      (p) =>
        `(${p.map((t, i) => (i === p.length - 1 ? `${t}:*${weight}` : weight ? `${t}:${weight}` : t)).join(' <-> ')})`,
    )
    .join(' | ');

/** Up to this estimate, wordCount probes whether a typo-prone word is found at all. */
const TYPO_PROBE_AT_MOST = 200;

/**
 * A query run with sequential scans off (SET LOCAL, in its own transaction). The planner prices
 * a row's tsquery match and LIKE over a whole document as nearly free, so for a word in a
 * quarter of the documents it read every row (10.6 ms at 5,000) rather than the GIN bitmaps
 * (2.2 ms), and the two estimates are a few percent apart (docs/decisions/0212).
 */
async function throughIndexes<R>(db: Kysely<DB>, query: RawBuilder<R>) {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return query.execute(trx);
  });
}

export function postgresSearchEngine(db: Kysely<DB>): TSearchEngine {
  /** True when some document has one of the stems, or the word as typed. */
  async function foundAnywhere(term: TWordTerms) {
    const typed = term.patterns[0];
    const query = sql`select 1 from fts_docs where vector @@ to_tsquery('english', ${tsPhrases(term.phrases, '')})
          ${typed ? sql`or doc like ${`%${typed}%`}` : sql``} limit 1`;
    return (await query.execute(db)).rows.length > 0;
  }

  return {
    /**
     * One query over the tsvector and trigram GIN indexes, the weights A and B telling head and
     * tags (docs/decisions/0211). A word wordCount found nowhere (count 0) is not looked up.
     */
    async matches(term: TWordTerms, { within, count }: TLookup) {
      const found = wordHitsCollector();
      if (count === 0) return found.hits();
      const typed = term.patterns[0];
      const typedLike = typed ? `%${typed}%` : null;
      const pgWithin = within ? sql`and item_id = any(${[...within]}::text[])` : sql``;
      // Among a few documents the item_id index is the way, whatever the planner's prices; for a
      // word it estimates rare the planner picks the GIN indexes itself.
      const rare = count !== undefined && count <= TYPO_PROBE_AT_MOST;
      const rows = await (
        within || rare
          ? (q: RawBuilder<TFoundRow>) => q.execute(db)
          : (q: RawBuilder<TFoundRow>) => throughIndexes(db, q)
      )(
        sql<TFoundRow>`select kind, item_id,
          vector @@ to_tsquery('english', ${tsPhrases(term.phrases, 'A')}) as head,
          vector @@ to_tsquery('english', ${tsPhrases(term.phrases, 'B')}) as tags,
          ${typedLike ? sql`head like ${typedLike}` : sql`false`} as typed
        from fts_docs
        where (vector @@ to_tsquery('english', ${tsPhrases(term.phrases, '')})
          ${typedLike ? sql`or doc like ${typedLike}` : sql``}) ${pgWithin}`,
      );
      for (const row of rows.rows) {
        const hit = found.add(row, true);
        if (truthy(row.typed)) hit.typedHead = true;
      }
      return found.hits();
    },

    /** A word counted 0 was probed already by wordCount and found nowhere. */
    foundAnywhere: async (term: TWordTerms, count?: number) => count !== 0 && foundAnywhere(term),

    /**
     * The planner's estimate of the tsvector and trigram matches (never 0): counting would read
     * every row a common word finds, and the estimate orders as well. 0 for a rare typo-prone
     * word found nowhere.
     */
    async wordCount(term: TWordTerms) {
      if (term.phrases.length === 0) return 0;
      const typed = term.patterns[0];
      const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
        select 1 from fts_docs where vector @@ to_tsquery('english', ${tsPhrases(term.phrases, '')})
          ${typed ? sql`or doc like ${`%${typed}%`}` : sql``}`.execute(db);
      // At least 1: 0 says found nowhere (below).
      const estimate = Math.max(1, Number(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 1));
      // A word that may be a typo and that the planner thinks rare: 0 when it is found nowhere
      // (one probe of the indexes, limit 1), so that its typo check runs among the few documents
      // of the other words (search.keywords.ts selectKeywordHits; docs/decisions/0213).
      if (term.patterns.length > 1 && estimate <= TYPO_PROBE_AT_MOST)
        return (await foundAnywhere(term)) ? estimate : 0;
      return estimate;
    },

    /**
     * The heads (short texts, so the LIKE after the index is cheap) with one of the anchors, by
     * the trigram index; among the few documents an earlier word found, their heads read by id
     * (docs/decisions/0212).
     */
    async typoHits(patterns: string[], anchors: string[], within?: readonly string[]) {
      const likes = sql.join(
        patterns.map((p) => sql`${sql.ref('head')} like ${`%${p}%`}`),
        sql` or `,
      );
      const query = within
        ? sql<TFoundRow>`select kind, item_id from fts_docs
            where item_id = any(${[...within]}::text[]) and (${likes})`
        : sql<TFoundRow>`select kind, item_id from fts_docs
            where (${sql.join(
              anchors.map((a) => sql`head like ${`%${a}%`}`),
              sql` or `,
            )}) and (${likes})`;
      return typoHitsOf((await query.execute(db)).rows);
    },

    /** A LIKE over the lowercased transcripts of podcast episodes. */
    async transcriptHits(typed: string) {
      const query = sql<{
        id: string;
      }>`select p.id from media_transcripts mt join podcasts p on p.hash = substr(mt.media, 9)
          where lower(mt.plain) like ${`%${typed}%`} and mt.media >= 'podcast:' and mt.media < 'podcast;'`;
      return (await query.execute(db)).rows.map((r) => r.id);
    },
  };
}
