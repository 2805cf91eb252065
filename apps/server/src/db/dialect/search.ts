import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TDialectName } from './index.ts';

/*
 * The full-text indexes of search (issue 27, docs/decisions/0210), the one place their SQL
 * differs between the engines.
 *
 * SQLite: two FTS5 tables kept by triggers, fts_search (porter unicode61: stems, prefixes) and
 * fts_trigram (trigram: substrings and typos). PostgreSQL: one table, fts_docs, kept by
 * triggers, with a weighted tsvector (english) under a GIN index and the lowercased text under
 * pg_trgm GIN indexes. Every document has three parts: head (title and speaker or author),
 * tags (sponsor and categories) and body (blurb and description).
 *
 * Queries are built from sanitised tokens and patterns (search.terms.ts: [a-z0-9_] only), so no
 * member text ever reaches FTS5's or tsquery's parser as syntax.
 */

export type TSearchKind = 'class' | 'podcast' | 'blog_post' | 'drilldown';

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

type TFoundRow = { kind: TSearchKind; item_id: string; head: unknown; tags?: unknown; typed?: unknown };

/** A stem phrase list as FTS5 query text: each phrase a prefix of its last token. */
const fts5Phrases = (phrases: string[][]) => phrases.map((p) => `"${p.join(' ')}"*`).join(' OR ');

/** The same as tsquery text, each token restricted to the weight given ('' for any). */
const tsPhrases = (phrases: string[][], weight: string) =>
  phrases
    .map(
      (p) =>
        `(${p.map((t, i) => (i === p.length - 1 ? `${t}:*${weight}` : weight ? `${t}:${weight}` : t)).join(' <-> ')})`,
    )
    .join(' | ');

/** The literal runs of a pattern a trigram index can look up ('_' is any one character). */
const trigramRuns = (pattern: string) => pattern.split('_').filter((f) => f.length >= 3);

const truthy = (v: unknown) => v === true || (typeof v === 'number' && v !== 0) || v === 't';

/**
 * Every document of every kind that one word finds, with where it was found: its stems (and
 * synonyms') anywhere, and the word as typed inside any word of the document; when that finds
 * nothing, the word with one typo in a head. One or two queries per word and search, whatever
 * the number of sections (docs/decisions/0211).
 *
 * SQLite: one MATCH on the porter index, where bm25 with a single column weighted tells which
 * columns hold a phrase (it is non-zero exactly when one does); one MATCH of the word's
 * trigrams as a phrase on the trigram index (a substring, found from the index's positions
 * without reading the text). PostgreSQL: one query over the tsvector and trigram GIN indexes,
 * the weights A and B telling head and tags.
 */
export async function wordHits(
  db: Kysely<never>,
  dialect: TDialectName,
  term: { phrases: string[][]; patterns: string[]; anchors: string[] },
  options: {
    /** Only these documents (the few an earlier, rarer word found): looked up by their ids. */
    within?: readonly string[];
    /** Whether typos may be looked for; without, when nothing is found as typed. */
    typos?: boolean;
    /**
     * The word's wordCount, when the search has several words. PostgreSQL: up to
     * TYPO_PROBE_AT_MOST the planner itself estimates the word rare and reads the GIN indexes
     * without being told (no SET LOCAL transaction: 3 statements fewer); 0 is a word wordCount
     * found nowhere, so neither its lookup nor another probe runs (docs/decisions/0213).
     */
    count?: number;
  } = {},
): Promise<TWordHit[]> {
  if (term.phrases.length === 0) return [];
  const [typed, ...typos] = term.patterns;
  const within = options.within;
  const pgWithin = within ? sql`and item_id = any(${[...within]}::text[])` : sql``;
  const found = new Map<string, TWordHit>();
  const add = (row: TFoundRow, stem: boolean) => {
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
  };
  if (dialect === 'sqlite') {
    // Contentless FTS5 tables: every MATCH answers rowids from the index alone, the narrow
    // fts_rows gives their kind and id (docs/decisions/0212).
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
    for (const row of byRow.values()) add(row, true);
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
        const more = await sql<TFoundRow & { id: number; typed: unknown }>`select fts_rows.id, fts_rows.kind,
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
        if (row) add({ kind: row.kind, item_id: row.item_id, head: heads.has(id) }, false);
      }
    }
  } else if (options.count !== 0) {
    const typedLike = typed ? `%${typed}%` : null;
    // Among a few documents the item_id index is the way, whatever the planner's prices; for a
    // word it estimates rare the planner picks the GIN indexes itself.
    const rare = options.count !== undefined && options.count <= TYPO_PROBE_AT_MOST;
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
      add(row, true);
      if (truthy(row.typed)) found.get(row.item_id)!.typedHead = true;
    }
  }
  if (found.size > 0 || typos.length === 0 || options.typos === false) return [...found.values()];
  // Found among the documents given, or elsewhere: no typos then either (PostgreSQL's count 0:
  // wordCount found it nowhere).
  const nowhere = dialect === 'postgres' && options.count === 0;
  if (within && !nowhere && (await foundAnywhere(db, dialect, term.phrases, typed))) return [];
  return typoHits(db, dialect, typos, term.anchors, within);
}

/**
 * PostgreSQL: a query run with sequential scans off (SET LOCAL, in its own transaction). The
 * planner prices a row's tsquery match and LIKE over a whole document as nearly free, so for a
 * word in a quarter of the documents it read every row (10.6 ms at 5,000) rather than the GIN
 * bitmaps (2.2 ms), and the two estimates are a few percent apart (docs/decisions/0212).
 */
async function throughIndexes<R>(db: Kysely<never>, query: RawBuilder<R>) {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return query.execute(trx);
  });
}

/** True when some document has one of the stems, or the word as typed. */
async function foundAnywhere(
  db: Kysely<never>,
  dialect: TDialectName,
  phrases: string[][],
  typed: string | undefined,
): Promise<boolean> {
  const plain = typed && !typed.includes('_') ? typed : undefined;
  const query =
    dialect === 'sqlite'
      ? sql`select 1 from fts_search where fts_search match ${`{head tags body} : (${fts5Phrases(phrases)})`}
          ${plain ? sql`union all select 1 from fts_trigram where fts_trigram match ${`{doc} : "${plain}"`}` : sql``} limit 1`
      : sql`select 1 from fts_docs where vector @@ to_tsquery('english', ${tsPhrases(phrases, '')})
          ${typed ? sql`or doc like ${`%${typed}%`}` : sql``} limit 1`;
  return (await query.execute(db)).rows.length > 0;
}

/**
 * About how many documents a word finds, to look the rarest word up first: SQLite, the
 * documents with its stems, counted from the index alone (FTS5 counts a MATCH without reading
 * its rows); PostgreSQL, the planner's estimate of the tsvector and trigram matches (never 0),
 * or 0 for a rare typo-prone word found nowhere. 0 on SQLite does not tell a word found nowhere
 * (it may be found as typed); either way a word counted 0 is looked up after the words of few
 * documents (selectKeywordHits).
 */
export async function wordCount(
  db: Kysely<never>,
  dialect: TDialectName,
  term: { phrases: string[][]; patterns: string[] },
): Promise<number> {
  if (term.phrases.length === 0) return 0;
  const typed = term.patterns[0];
  if (dialect === 'sqlite') {
    // The stems alone: FTS5 counts them from the porter index's doclists (0.1 ms for a common
    // word), where a trigram phrase's count costs as much as its lookup (docs/decisions/0212).
    const { rows } = await sql<{ n: number }>`select count(*) as n from fts_search
      where fts_search match ${`{head tags body} : (${fts5Phrases(term.phrases)})`}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  // Counting would read every row a common word finds: the planner's estimate orders as well.
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
    select 1 from fts_docs where vector @@ to_tsquery('english', ${tsPhrases(term.phrases, '')})
      ${typed ? sql`or doc like ${`%${typed}%`}` : sql``}`.execute(db);
  // At least 1: 0 says found nowhere (below).
  const estimate = Math.max(1, Number(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 1));
  // A word that may be a typo and that the planner thinks rare: 0 when it is found nowhere (one
  // probe of the indexes, limit 1), so that its typo check runs among the few documents of the
  // other words (catalog.filter.repo selectKeywordHits; docs/decisions/0213).
  if (term.patterns.length > 1 && estimate <= TYPO_PROBE_AT_MOST)
    return (await foundAnywhere(db, dialect, term.phrases, typed)) ? estimate : 0;
  return estimate;
}

/** PostgreSQL: up to this estimate, wordCount probes whether a typo-prone word is found at all. */
const TYPO_PROBE_AT_MOST = 200;

/**
 * Documents with one of the typo patterns in their head (title and speaker or author: short
 * texts, so the LIKE after the index is cheap): the trigram index finds the heads with one of
 * the anchors.
 */
async function typoHits(
  db: Kysely<never>,
  dialect: TDialectName,
  patterns: string[],
  anchors: string[],
  within?: readonly string[],
): Promise<TWordHit[]> {
  const likes = (column: string) =>
    sql.join(
      patterns.map((p) => sql`${sql.ref(column)} like ${`%${p}%`}`),
      sql` or `,
    );
  // Among the few documents an earlier word found: their heads, read by id (docs/decisions/0212).
  const query = within
    ? dialect === 'sqlite'
      ? sql<TFoundRow>`select fts_rows.kind, fts_rows.item_id from fts_rows join fts_texts on fts_texts.id = fts_rows.id
          where fts_rows.item_id in (select value from json_each(${JSON.stringify(within)})) and (${likes('fts_texts.head')})`
      : sql<TFoundRow>`select kind, item_id from fts_docs
          where item_id = any(${[...within]}::text[]) and (${likes('head')})`
    : dialect === 'sqlite'
      ? sql<TFoundRow>`select fts_rows.kind, fts_rows.item_id from fts_trigram
          join fts_texts on fts_texts.id = fts_trigram.rowid join fts_rows on fts_rows.id = fts_trigram.rowid
          where fts_trigram match ${`{head} : (${anchors.map((a) => `"${a}"`).join(' OR ')})`} and (${likes('fts_texts.head')})`
      : sql<TFoundRow>`select kind, item_id from fts_docs
          where (${sql.join(
            anchors.map((a) => sql`head like ${`%${a}%`}`),
            sql` or `,
          )}) and (${likes('head')})`;
  const rows = (await query.execute(db)).rows;
  return rows.map((r) => ({
    kind: r.kind,
    id: r.item_id,
    stemHead: false,
    typedHead: false,
    typoHead: true,
    tags: false,
  }));
}

/**
 * A table (id, score) of the ids given, to join a list's rows to: SQLite reads it from JSON
 * (json_each), PostgreSQL from two arrays (unnest).
 */
export function scoredIds(dialect: TDialectName, scores: ReadonlyMap<string, number>) {
  if (dialect === 'sqlite') {
    return sql<{
      id: string;
      score: number;
    }>`(select key as id, value as score from json_each(${JSON.stringify(Object.fromEntries(scores))}))`;
  }
  return sql<{ id: string; score: number }>`(select * from unnest(${[...scores.keys()]}::text[], ${[
    ...scores.values(),
  ]}::int[]) as h (id, score))`;
}

/**
 * Podcast episodes whose transcript has the word as typed ('_' any one character): through
 * the transcript index (migration 2026-11-26T15-00-00_search_transcripts), with the same result as a LIKE over every transcript.
 */
export async function transcriptHits(
  db: Kysely<never>,
  dialect: TDialectName,
  typed: string,
): Promise<string[]> {
  const like = `%${typed}%`;
  const query =
    dialect === 'sqlite'
      ? typed.includes('_')
        ? sql<{
            id: string;
          }>`select p.id from fts_transcripts f join podcasts p on p.hash = substr(f.media, 9)
            where fts_transcripts match ${`{plain} : (${trigramRuns(typed)
              .map((r) => `"${r}"`)
              .join(' AND ')})`} and f.plain like ${like} and f.media >= 'podcast:' and f.media < 'podcast;'`
        : sql<{
            id: string;
          }>`select p.id from fts_transcripts f join podcasts p on p.hash = substr(f.media, 9)
            where fts_transcripts match ${`{plain} : "${typed}"`} and f.media >= 'podcast:' and f.media < 'podcast;'`
      : sql<{
          id: string;
        }>`select p.id from media_transcripts mt join podcasts p on p.hash = substr(mt.media, 9)
          where lower(mt.plain) like ${like} and mt.media >= 'podcast:' and mt.media < 'podcast;'`;
  return (await query.execute(db)).rows.map((r) => r.id);
}
