import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { pageWindow, type TListFilter, type TWordTerms } from '@opence/shared';
import type { TDialectName } from '../../db/dialect/index.ts';
import {
  scoredIds,
  transcriptHits,
  wordCount,
  wordHits,
  type TSearchKind,
  type TWordHit,
} from '../../db/dialect/search.ts';
import type { DB } from '../../db/types.ts';

/*
 * How the content lists (03 §4) filter, find by keywords and page. Every list filters the same way: a category, a
 * sponsor company, and keywords that must each match the title, speaker, sponsor, categories,
 * blurb or description, on the engine's full-text index (issue 27, docs/decisions/0210). With
 * keywords, the best match comes first and the list's own order breaks ties: the words' matches
 * and scores are looked up once per search (selectKeywordHits), and each list joins its rows to
 * them (docs/decisions/0211).
 */

export type TCatalogDb = Kysely<DB>;
export type TPageOf<R> = { rows: R[]; totalRows: number; page: number; pageSize: number };
export type TWindow = { page: number; pageSize: number };

/** The documents keywords find, per kind: id → score (higher first). */
export type TKeywordHits = ReadonlyMap<TSearchKind, ReadonlyMap<string, number>>;

/** A list filter with its words resolved to the documents they find (catalog.service does it). */
export type TFilter = TListFilter & { text?: { dialect: TDialectName; hits: TKeywordHits } };

/** How one kind of content is filtered: its id, category link, company column and text columns. */
export type TFilterable = {
  id: string;
  kind: TSearchKind;
  categories: {
    table: 'class_categories' | 'podcast_categories' | 'blog_post_categories';
    fk: string;
  } | null;
  company: string | null;
};

export const CLASSES: TFilterable = {
  kind: 'class',
  id: 'classes.id',
  categories: { table: 'class_categories', fk: 'class_id' },
  company: 'classes.company_id',
};
export const PODCASTS: TFilterable = {
  kind: 'podcast',
  id: 'podcasts.id',
  categories: { table: 'podcast_categories', fk: 'podcast_id' },
  company: 'podcasts.company_id',
};
export const BLOG_POSTS: TFilterable = {
  kind: 'blog_post',
  id: 'blog_posts.id',
  categories: { table: 'blog_post_categories', fk: 'blog_post_id' },
  company: 'blog_posts.company_id',
};
// Drill-downs have no categories or sponsor: such a filter matches none of them.
export const DRILLDOWNS: TFilterable = {
  kind: 'drilldown',
  id: 'drilldowns.id',
  categories: null,
  company: null,
};

const NOTHING = sql<SqlBool>`1 = 0`;

/** The keyword terms of a filter; words the service did not resolve are a programming error. */
function termsOf(filter: TFilter) {
  if (filter.words.length === 0) return null;
  if (!filter.text) throw new Error('catalog filter words were not resolved to search terms');
  return filter.text;
}

/** The conditions a filter puts on one kind of content; all of them must hold. */
export function filterConditions(kind: TFilterable, filter: TFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.categoryId) {
    const link = kind.categories;
    conditions.push(
      link
        ? sql<SqlBool>`exists (select 1 from ${sql.table(link.table)} as cc where ${sql.ref(`cc.${link.fk}`)} = ${sql.ref(kind.id)} and cc.category_id = ${filter.categoryId})`
        : NOTHING,
    );
  }
  if (filter.companyId) {
    conditions.push(kind.company ? sql<SqlBool>`${sql.ref(kind.company)} = ${filter.companyId}` : NOTHING);
  }
  return conditions;
}

/**
 * How well a document matches one word (docs/decisions/0210): 8 when its stem is in the title
 * or speaker, 6 when it is there as typed (inside a longer word), 5 with one typo, 3 in the
 * sponsor or a category, 1 elsewhere. A document's score is the sum over the words.
 */
export function wordScore(hit: TWordHit): number {
  return hit.stemHead ? 8 : hit.typedHead ? 6 : hit.typoHead ? 5 : hit.tags ? 3 : 1;
}

/** Up to this many documents found by the rarer words, the next word is looked up among them alone. */
const WITHIN_AT_MOST = 200;

/**
 * The documents every word finds, each with its summed score, per kind: each word's matches
 * are looked up once (dialect/search.ts), not per list, count or scope (docs/decisions/0211).
 */
export async function selectKeywordHits(
  db: TCatalogDb,
  dialect: TDialectName,
  terms: readonly TWordTerms[],
): Promise<TKeywordHits> {
  // The rarest word first; the next words are looked up only among the documents it found,
  // when they are few (docs/decisions/0211).
  const counts =
    terms.length > 1 ? await Promise.all(terms.map((t) => wordCount(db as never, dialect, t))) : [1];
  // A word counted 0 (no stem anywhere: a typo, or a piece of a word) after the words of few
  // documents: its typo check, over every head with an anchor, then runs among their documents
  // alone (2–5 ms → a lookup by id at full volume; docs/decisions/0213). The order never changes
  // the result (the hits are the intersection; foundAnywhere keeps typos to words found nowhere).
  const rank = (i: number) => (counts[i] === 0 ? WITHIN_AT_MOST + 0.5 : counts[i]!);
  const order = terms.map((_, i) => i).sort((a, b) => rank(a) - rank(b));
  let scores: Map<string, { kind: TSearchKind; score: number }> | null = null;
  for (const i of order) {
    const term = terms[i]!;
    const typed = term.patterns[0];
    const transcripts = typed ? await transcriptHits(db as never, dialect, typed) : [];
    const hits = await wordHits(db as never, dialect, term, {
      // PostgreSQL reads them by item_id's index; SQLite keeps the MATCHes' rowids among them
      // (docs/decisions/0212).
      within: scores && scores.size <= WITHIN_AT_MOST ? [...scores.keys()] : undefined,
      // Typos are looked for only when the word is found nowhere as typed.
      typos: transcripts.length === 0,
      ...(terms.length > 1 ? { count: counts[i]! } : {}),
    });
    const word = new Map<string, { kind: TSearchKind; score: number }>();
    for (const hit of hits) word.set(hit.id, { kind: hit.kind, score: wordScore(hit) });
    for (const id of transcripts) if (!word.has(id)) word.set(id, { kind: 'podcast', score: 1 });
    if (scores === null) scores = word;
    else {
      const both = new Map<string, { kind: TSearchKind; score: number }>();
      for (const [id, s] of scores) {
        const w = word.get(id);
        if (w) both.set(id, { kind: s.kind, score: s.score + w.score });
      }
      scores = both;
    }
    if (scores.size === 0) break;
  }
  const byKind = new Map<TSearchKind, Map<string, number>>();
  for (const [id, s] of scores ?? []) {
    let kind = byKind.get(s.kind);
    if (!kind) byKind.set(s.kind, (kind = new Map()));
    kind.set(id, s.score);
  }
  return byKind;
}

/** The keyword hits of one kind of content; null without keywords. */
export function hitsOf(kind: TFilterable, filter: TFilter): ReadonlyMap<string, number> | null {
  const text = termsOf(filter);
  return text ? (text.hits.get(kind.kind) ?? new Map()) : null;
}

type TContentTable = 'classes' | 'podcasts' | 'blog_posts' | 'drilldowns';

/**
 * A list's table, or with keywords the table joined to its hits (id, score) as "hits": read
 * first, the rows looked up by primary key. SQLite keeps a CROSS JOIN's order (with a plain
 * join it read the list's index and scanned the hits inside it, hits × rows); PostgreSQL plans
 * it as a join (docs/decisions/0211; what was tried to make it read the rows by id: 0212).
 */
export function fromHits<T extends TContentTable>(db: TCatalogDb, table: T, filter: TFilter | null) {
  const plain = db.selectFrom(table);
  const hits = filter?.text ? (filter.text.hits.get(KIND_OF[table]) ?? new Map<string, number>()) : null;
  if (!hits) return plain;
  const from = db.selectFrom(scoredIds(filter!.text!.dialect, hits).as('hits'));
  return from
    .crossJoin(table as 'classes')
    .where(sql<SqlBool>`${sql.ref(`${table}.id`)} = hits.id`) as unknown as typeof plain;
}

const KIND_OF: Record<TContentTable, TSearchKind> = {
  classes: 'class',
  podcasts: 'podcast',
  blog_posts: 'blog_post',
  drilldowns: 'drilldown',
};

/** The total of a keyword page: every row carries it (count(*) over (), one query). */
type TCounted = { total_rows?: number | string | bigint | null };

/**
 * A page of keyword results with their count from the same query: read at the page asked,
 * and again at the last page when the one asked is past the end (01 §2).
 */
async function pagedCounted<R extends TCounted>(
  read: (offset: number, limit: number) => Promise<R[]>,
  window: TWindow,
): Promise<TPageOf<R>> {
  const asked = Math.max(0, window.page) * window.pageSize;
  let rows = await read(asked, window.pageSize);
  let totalRows = rows.length > 0 ? Number(rows[0]!.total_rows) : 0;
  if (rows.length === 0 && asked > 0) {
    const first = await read(0, 1);
    totalRows = first.length > 0 ? Number(first[0]!.total_rows) : 0;
  }
  const { page, offset, limit } = pageWindow(window.page, totalRows, window.pageSize);
  if (offset !== asked) rows = totalRows > 0 ? await read(offset, limit) : [];
  return { rows, totalRows, page, pageSize: window.pageSize };
}

const emptyPage = <R>(window: TWindow): TPageOf<R> => ({
  rows: [],
  totalRows: 0,
  page: pageWindow(window.page, 0, window.pageSize).page,
  pageSize: window.pageSize,
});

export const totalRows = sql<number>`count(*) over ()`.as('total_rows');

export async function countOf<TB extends keyof DB>(qb: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await qb.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * How a list's rows are counted: at once, or through a cache the caller keeps per list and
 * filter (catalog.service), since the count is the same for every page of a filter and costs
 * more than reading a page (bench/RESULTS.md, uncached pages).
 */
export type TCountRows = (count: () => Promise<number>) => Promise<number>;

/** Counts, clamps the page to the rows there are (01 §2) and reads that page. */
export async function paged<R>(
  total: Promise<number>,
  read: (offset: number, limit: number) => Promise<R[]>,
  window: TWindow,
): Promise<TPageOf<R>> {
  const totalRows = await total;
  const { page, offset, limit } = pageWindow(window.page, totalRows, window.pageSize);
  return { rows: totalRows > 0 ? await read(offset, limit) : [], totalRows, page, pageSize: window.pageSize };
}

/**
 * A list's page: without a keyword, counted apart (through the caller's cache) and read; with
 * one, counted by the page's own query, or empty at once when a word matched nothing (0211).
 */
export function pageOfList<R extends TCounted>(
  hits: ReadonlyMap<string, number> | null,
  count: () => Promise<number>,
  read: (offset: number, limit: number) => Promise<R[]>,
  window: TWindow,
  countRows: TCountRows,
): Promise<TPageOf<R>> {
  if (hits === null) return paged(countRows(count), read, window);
  return hits.size === 0 ? Promise.resolve(emptyPage<R>(window)) : pagedCounted(read, window);
}

/** Above this many hits a keyword page of classes is read in two steps (keywordPage). */
export const TWO_READS_ABOVE = 50;

/**
 * A keyword page read in two steps (docs/decisions/0212): the list's query gives the page's ids
 * and the count (its joins unused, so both engines drop them, and only ids pass through the
 * window and the sort: for a common word every hit does), then the page's rows' columns by id,
 * put back in the page's order.
 */
export async function keywordPage<R extends { id: string }>(
  page: Promise<({ id: string } & TCounted)[]>,
  rowsOf: (ids: string[]) => Promise<R[]>,
): Promise<(R & TCounted)[]> {
  const ids = await page;
  if (ids.length === 0) return [];
  const byId = new Map((await rowsOf(ids.map((r) => r.id))).map((r) => [r.id, r]));
  return ids.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [Object.assign({}, row, { total_rows: r.total_rows })] : [];
  });
}
