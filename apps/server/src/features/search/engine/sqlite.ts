import { sql, type Kysely } from 'kysely';
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
 * Search on SQLite (issue 27, docs/decisions/0210): two FTS5 tables kept by triggers, fts_search
 * (porter unicode61: stems, prefixes) and fts_trigram (trigram: substrings and typos). Both are
 * contentless: every MATCH answers rowids from the index alone, the narrow fts_rows gives their
 * kind and id and fts_texts the texts a LIKE reads (docs/decisions/0212).
 */

/** A stem phrase list as FTS5 query text: each phrase a prefix of its last token. */
const fts5Phrases = (phrases: string[][]) => phrases.map((p) => `"${p.join(' ')}"*`).join(' OR ');

/** The literal runs of a pattern a trigram index can look up ('_' is any one character). */
const trigramRuns = (pattern: string) => pattern.split('_').filter((f) => f.length >= 3);

export function sqliteSearchEngine(db: Kysely<DB>): TSearchEngine {
  return {
    /**
     * One MATCH on the porter index, where two column-limited MATCHes tell which columns hold
     * a phrase; one MATCH of the word's trigrams as a phrase on the trigram index (a substring,
     * found from the index's positions without reading the text). One or two queries per word
     * and search, whatever the number of sections (docs/decisions/0211).
     */
    async matches(term: TWordTerms, { within }: TLookup) {
      const typed = term.patterns[0];
      const found = wordHitsCollector();
      // With `within`, the few documents' rows are read first and each MATCH's rowids kept only
      // when among them (FTS5 finds a rowid set by one seek per id, slower than the MATCH).
      const allowed = within
        ? new Map(
            (
              await sql<TFoundRow & { id: number }>`select id, kind, item_id from fts_rows
                where item_id in (select value from json_each(${JSON.stringify(within)}))`.execute(db)
            ).rows.map((row) => [row.id, row]),
          )
        : null;
      const phrases = fts5Phrases(term.phrases);
      const byRow = new Map<number, TFoundRow & { id: number }>();
      const stems = allowed
        ? (
            await sql<{ id: number }>`select rowid as id from fts_search
              where fts_search match ${`{head tags body} : (${phrases})`}`.execute(db)
          ).rows.flatMap((r) => (allowed.has(r.id) ? [{ ...allowed.get(r.id)! }] : []))
        : (
            await sql<TFoundRow & { id: number }>`select fts_rows.id, fts_rows.kind, fts_rows.item_id
              from fts_search join fts_rows on fts_rows.id = fts_search.rowid
              where fts_search match ${`{head tags body} : (${phrases})`}`.execute(db)
          ).rows;
      for (const row of stems) byRow.set(row.id, row);
      if (byRow.size > 0) {
        // Where the stems are: two column-limited MATCHes of rowids (1 head, 2 tags).
        const where = await sql<{ id: number; part: number }>`select rowid as id, 1 as part from fts_search
            where fts_search match ${`{head} : (${phrases})`}
          union all select rowid as id, 2 as part from fts_search where fts_search match ${`{tags} : (${phrases})`}`.execute(
          db,
        );
        for (const row of where.rows) {
          const hit = byRow.get(row.id);
          if (hit && row.part === 1) hit.head = 1;
          else if (hit) hit.tags = 1;
        }
      }
      for (const row of byRow.values()) found.add(row, true);
      if (typed) {
        // The word as typed anywhere, by the trigram index (a hyphenated word, '_' any one
        // character: its runs through the index, LIKE on fts_texts); then, for the documents whose
        // head has no stem, whether the head has it as typed (a LIKE on the short head).
        const rows = typed.includes('_')
          ? await sql<{
              id: number;
            }>`select fts_texts.id from fts_trigram join fts_texts on fts_texts.id = fts_trigram.rowid
              where fts_trigram match ${`{doc} : (${trigramRuns(typed)
                .map((r) => `"${r}"`)
                .join(' AND ')})`} and fts_texts.doc like ${`%${typed}%`}`.execute(db)
          : await sql<{ id: number }>`select rowid as id from fts_trigram
              where fts_trigram match ${`{doc} : "${typed}"`}`.execute(db);
        const ids = rows.rows.map((r) => r.id).filter((id) => !allowed || allowed.has(id));
        const check = ids.filter((id) => !truthy(byRow.get(id)?.head));
        const heads = new Set<number>();
        if (check.length > 0) {
          const more = await sql<
            TFoundRow & { id: number; typed: unknown }
          >`select fts_rows.id, fts_rows.kind,
              fts_rows.item_id, fts_texts.head like ${`%${typed}%`} as typed
            from json_each(${JSON.stringify(check)}) as j cross join fts_rows on fts_rows.id = j.value
              join fts_texts on fts_texts.id = fts_rows.id`.execute(db);
          for (const row of more.rows) {
            if (!byRow.has(row.id)) byRow.set(row.id, row);
            if (truthy(row.typed)) heads.add(row.id);
          }
        }
        for (const id of ids) {
          const row = byRow.get(id);
          if (row) found.add({ kind: row.kind, item_id: row.item_id, head: heads.has(id) }, false);
        }
      }
      return found.hits();
    },

    async foundAnywhere(term: TWordTerms) {
      const typed = term.patterns[0];
      const plain = typed && !typed.includes('_') ? typed : undefined;
      const query = sql`select 1 from fts_search where fts_search match ${`{head tags body} : (${fts5Phrases(term.phrases)})`}
          ${plain ? sql`union all select 1 from fts_trigram where fts_trigram match ${`{doc} : "${plain}"`}` : sql``} limit 1`;
      return (await query.execute(db)).rows.length > 0;
    },

    /**
     * The documents with the word's stems, counted from the index alone (FTS5 counts a MATCH
     * without reading its rows: 0.1 ms for a common word), where a trigram phrase's count costs
     * as much as its lookup (docs/decisions/0212). 0 does not tell a word found nowhere: it may
     * be found as typed.
     */
    async wordCount(term: TWordTerms) {
      if (term.phrases.length === 0) return 0;
      const { rows } = await sql<{ n: number }>`select count(*) as n from fts_search
        where fts_search match ${`{head tags body} : (${fts5Phrases(term.phrases)})`}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /**
     * Heads are short texts, so the LIKE after the index is cheap; among the few documents an
     * earlier word found, their heads are read by id (docs/decisions/0212).
     */
    async typoHits(patterns: string[], anchors: string[], within?: readonly string[]) {
      const likes = sql.join(
        patterns.map((p) => sql`${sql.ref('fts_texts.head')} like ${`%${p}%`}`),
        sql` or `,
      );
      const query = within
        ? sql<TFoundRow>`select fts_rows.kind, fts_rows.item_id from fts_rows join fts_texts on fts_texts.id = fts_rows.id
            where fts_rows.item_id in (select value from json_each(${JSON.stringify(within)})) and (${likes})`
        : sql<TFoundRow>`select fts_rows.kind, fts_rows.item_id from fts_trigram
            join fts_texts on fts_texts.id = fts_trigram.rowid join fts_rows on fts_rows.id = fts_trigram.rowid
            where fts_trigram match ${`{head} : (${anchors.map((a) => `"${a}"`).join(' OR ')})`} and (${likes})`;
      return typoHitsOf((await query.execute(db)).rows);
    },

    /**
     * Through the transcript index (migration 2026-11-26T15-00-00_search_transcripts), with the
     * same result as a LIKE over every transcript.
     */
    async transcriptHits(typed: string) {
      const like = `%${typed}%`;
      const query = typed.includes('_')
        ? sql<{
            id: string;
          }>`select p.id from fts_transcripts f join podcasts p on p.hash = substr(f.media, 9)
            where fts_transcripts match ${`{plain} : (${trigramRuns(typed)
              .map((r) => `"${r}"`)
              .join(' AND ')})`} and f.plain like ${like} and f.media >= 'podcast:' and f.media < 'podcast;'`
        : sql<{
            id: string;
          }>`select p.id from fts_transcripts f join podcasts p on p.hash = substr(f.media, 9)
            where fts_transcripts match ${`{plain} : "${typed}"`} and f.media >= 'podcast:' and f.media < 'podcast;'`;
      return (await query.execute(db)).rows.map((r) => r.id);
    },
  };
}
