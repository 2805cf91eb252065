import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import {
  AdSlotType,
  ClassType,
  pageWindow,
  SELF_STUDY_CLASS_TYPES,
  type TListFilter,
  type TWordTerms,
} from '@opence/shared';
import { classEndIso } from '../../db/dialect/class-end.ts';
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
import { memberSeatsFrom } from '../../domain/member-seats.ts';

/*
 * Queries of the content lists (03 §4). Every list filters the same way: a category, a
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
type TFilterable = {
  id: string;
  kind: TSearchKind;
  categories: {
    table: 'class_categories' | 'podcast_categories' | 'blog_post_categories';
    fk: string;
  } | null;
  company: string | null;
};

const CLASSES: TFilterable = {
  kind: 'class',
  id: 'classes.id',
  categories: { table: 'class_categories', fk: 'class_id' },
  company: 'classes.company_id',
};
const PODCASTS: TFilterable = {
  kind: 'podcast',
  id: 'podcasts.id',
  categories: { table: 'podcast_categories', fk: 'podcast_id' },
  company: 'podcasts.company_id',
};
const BLOG_POSTS: TFilterable = {
  kind: 'blog_post',
  id: 'blog_posts.id',
  categories: { table: 'blog_post_categories', fk: 'blog_post_id' },
  company: 'blog_posts.company_id',
};
// Drill-downs have no categories or sponsor: such a filter matches none of them.
const DRILLDOWNS: TFilterable = {
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
function filterConditions(kind: TFilterable, filter: TFilter): Expression<SqlBool>[] {
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
function hitsOf(kind: TFilterable, filter: TFilter): ReadonlyMap<string, number> | null {
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
function fromHits<T extends TContentTable>(db: TCatalogDb, table: T, filter: TFilter | null) {
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

const totalRows = sql<number>`count(*) over ()`.as('total_rows');

async function countOf<TB extends keyof DB>(qb: SelectQueryBuilder<DB, TB, object>): Promise<number> {
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
async function paged<R>(
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
function pageOfList<R extends TCounted>(
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
const TWO_READS_ABOVE = 50;

/**
 * A keyword page read in two steps (docs/decisions/0212): the list's query gives the page's ids
 * and the count (its joins unused, so both engines drop them, and only ids pass through the
 * window and the sort: for a common word every hit does), then the page's rows' columns by id,
 * put back in the page's order.
 */
async function keywordPage<R extends { id: string }>(
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

// ---------------------------------------------------------------------------------------------
// Classes: upcoming, on-demand, tutorials, premium

function classesFrom(db: TCatalogDb, filter: TFilter | null = null) {
  return fromHits(db, 'classes', filter)
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .where('classes.is_published', '=', 1);
}

const CLASS_COLUMNS = [
  'classes.id',
  'classes.hash',
  'classes.slug',
  'classes.title',
  'classes.photo',
  'classes.blurb',
  'classes.release_at',
  'classes.duration_min',
  'classes.credits',
  'classes.ce_type_id',
  'speakers.name as speaker_name',
  'companies.name as company_name',
  // What the lesson is (a recording yet or not): 'Coming soon' on-demand (decision 1001).
  'classes.type_id',
  'classes.capacity',
  'classes.youtube_url',
  'classes.video_url',
  'classes.pdf_url',
] as const;

const PREMIUM_COLUMNS = [
  ...CLASS_COLUMNS,
  'classes.num_lessons',
  'classes.duration_hours',
  'classes.learnworlds_class_id',
  'classes.price',
  'classes.price_list',
  'classes.price_discount_str',
] as const;

type TClassQuery = ReturnType<typeof classesFrom>;

async function pagedClasses(
  db: TCatalogDb,
  base: TClassQuery,
  filter: TFilter,
  window: TWindow,
  direction: 'asc' | 'desc',
  countRows: TCountRows,
) {
  const filtered = base.where((eb) => eb.and(filterConditions(CLASSES, filter)));
  const hits = hitsOf(CLASSES, filter);
  const read = (offset: number, limit: number) =>
    filtered
      .$if(hits !== null, (qb) => qb.select(totalRows).orderBy(sql.ref('hits.score'), 'desc'))
      .select(CLASS_COLUMNS)
      .orderBy('classes.release_at', direction)
      .orderBy('classes.id', direction)
      .offset(offset)
      .limit(limit)
      .execute();
  // With keywords, in two reads: the page's ids and the count, then the page's columns
  // (docs/decisions/0212).
  const readKeyword = (offset: number, limit: number) =>
    keywordPage(
      filtered
        .select(['classes.id as id', totalRows])
        .orderBy(sql.ref('hits.score'), 'desc')
        .orderBy('classes.release_at', direction)
        .orderBy('classes.id', direction)
        .offset(offset)
        .limit(limit)
        .execute(),
      (ids) => classesFrom(db).where('classes.id', 'in', ids).select(CLASS_COLUMNS).execute(),
    );
  return pageOfList(
    hits,
    () => countOf(filtered),
    hits === null || hits.size <= TWO_READS_ABOVE ? read : (readKeyword as typeof read),
    window,
    countRows,
  );
}

export type TClassRecord = Awaited<ReturnType<typeof pagedClasses>>['rows'][number];

/** Live classes whose end is still ahead, soonest first (03 §4). */
export function selectUpcoming(
  db: TCatalogDb,
  dialect: TDialectName,
  filter: TFilter,
  window: TWindow,
  now: string,
  countRows: TCountRows,
) {
  const base = classesFrom(db, filter)
    .where('classes.type_id', '=', ClassType.LIVE)
    .where(classEndIso(dialect), '>', now);
  return pagedClasses(db, base, filter, window, 'asc', countRows);
}

/**
 * Released self-study classes that are not tutorials, newest first (03 §4), with live classes
 * that have ended: they show as archive until the recording is attached.
 */
export function selectOnDemand(
  db: TCatalogDb,
  dialect: TDialectName,
  filter: TFilter,
  window: TWindow,
  now: string,
  countRows: TCountRows,
) {
  const base = classesFrom(db, filter)
    .where('classes.is_tutorial', '=', 0)
    .where('classes.release_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('classes.type_id', 'in', [...SELF_STUDY_CLASS_TYPES]),
        eb.and([eb('classes.type_id', '=', ClassType.LIVE), eb(classEndIso(dialect), '<=', now)]),
      ]),
    );
  return pagedClasses(db, base, filter, window, 'desc', countRows);
}

/** Product training classes, newest first. */
export function selectTutorials(
  db: TCatalogDb,
  filter: TFilter,
  window: TWindow,
  now: string,
  countRows: TCountRows,
) {
  const base = classesFrom(db, filter)
    .where('classes.is_tutorial', '=', 1)
    .where('classes.release_at', '<=', now);
  return pagedClasses(db, base, filter, window, 'desc', countRows);
}

/** Premium courses, newest first. */
export function selectPremium(
  db: TCatalogDb,
  filter: TFilter,
  window: TWindow,
  now: string,
  countRows: TCountRows,
) {
  const filtered = classesFrom(db, filter)
    .where('classes.type_id', '=', ClassType.PREMIUM)
    .where('classes.release_at', '<=', now)
    .where((eb) => eb.and(filterConditions(CLASSES, filter)));
  const hits = hitsOf(CLASSES, filter);
  const read = (offset: number, limit: number) =>
    filtered
      .$if(hits !== null, (qb) => qb.select(totalRows).orderBy(sql.ref('hits.score'), 'desc'))
      .select(PREMIUM_COLUMNS)
      .orderBy('classes.release_at', 'desc')
      .orderBy('classes.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  return pageOfList(hits, () => countOf(filtered), read, window, countRows);
}

export type TPremiumRecord = Awaited<ReturnType<typeof selectPremium>>['rows'][number];

// ---------------------------------------------------------------------------------------------
// Podcasts, blog posts, drill-downs, eBooks

function podcastsFrom(db: TCatalogDb, now: string, filter: TFilter | null = null) {
  return fromHits(db, 'podcasts', filter)
    .innerJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
    .leftJoin('speakers', 'speakers.id', 'podcasts.speaker_id')
    .leftJoin('companies', 'companies.id', 'podcasts.company_id')
    .where('podcasts.is_published', '=', 1)
    .where('podcasts.release_at', '<=', now);
}

const PODCAST_COLUMNS = [
  'podcasts.id',
  'podcasts.hash',
  'podcast_shows.hash as show_hash',
  'podcasts.title',
  'podcasts.photo',
  'podcasts.mp3',
  'podcasts.blurb',
  'podcasts.featured_blurb',
  'podcasts.description',
  'podcasts.release_at',
  'podcasts.duration_sec',
  'podcasts.credits',
  'speakers.name as speaker_name',
  'companies.name as company_name',
] as const;

/** Released podcast episodes, newest first. */
export function selectPodcasts(
  db: TCatalogDb,
  filter: TFilter,
  window: TWindow,
  now: string,
  countRows: TCountRows,
) {
  const filtered = podcastsFrom(db, now, filter).where((eb) => eb.and(filterConditions(PODCASTS, filter)));
  const hits = hitsOf(PODCASTS, filter);
  const read = (offset: number, limit: number) =>
    filtered
      .$if(hits !== null, (qb) => qb.select(totalRows).orderBy(sql.ref('hits.score'), 'desc'))
      .select(PODCAST_COLUMNS)
      .orderBy('podcasts.release_at', 'desc')
      .orderBy('podcasts.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  return pageOfList(hits, () => countOf(filtered), read, window, countRows);
}

export type TPodcastRecord = Awaited<ReturnType<typeof selectPodcasts>>['rows'][number];

function blogPostsFrom(db: TCatalogDb, now: string, filter: TFilter | null = null) {
  return fromHits(db, 'blog_posts', filter)
    .leftJoin('companies', 'companies.id', 'blog_posts.company_id')
    .where('blog_posts.is_published', '=', 1)
    .where('blog_posts.published_at', '<=', now);
}

const BLOG_COLUMNS = [
  'blog_posts.id',
  'blog_posts.slug',
  'blog_posts.title',
  'blog_posts.author',
  'blog_posts.photo',
  'blog_posts.blurb',
  'blog_posts.featured',
  'blog_posts.published_at',
] as const;

/** Published blog posts, newest first. */
export function selectBlogPosts(
  db: TCatalogDb,
  filter: TFilter,
  window: TWindow,
  now: string,
  countRows: TCountRows,
) {
  const filtered = blogPostsFrom(db, now, filter).where((eb) => eb.and(filterConditions(BLOG_POSTS, filter)));
  const hits = hitsOf(BLOG_POSTS, filter);
  const read = (offset: number, limit: number) =>
    filtered
      .$if(hits !== null, (qb) => qb.select(totalRows).orderBy(sql.ref('hits.score'), 'desc'))
      .select(BLOG_COLUMNS)
      .orderBy('blog_posts.published_at', 'desc')
      .orderBy('blog_posts.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  return pageOfList(hits, () => countOf(filtered), read, window, countRows);
}

export type TBlogRecord = Awaited<ReturnType<typeof selectBlogPosts>>['rows'][number];

/** Published drill-downs, newest first. */
export function selectDrilldowns(
  db: TCatalogDb,
  filter: TFilter,
  window: TWindow,
  now: string,
  countRows: TCountRows,
) {
  const filtered = fromHits(db, 'drilldowns', filter)
    .where('drilldowns.is_published', '=', 1)
    .where('drilldowns.posted_at', '<=', now)
    .where((eb) => eb.and(filterConditions(DRILLDOWNS, filter)));
  const hits = hitsOf(DRILLDOWNS, filter);
  const read = (offset: number, limit: number) =>
    filtered
      .$if(hits !== null, (qb) => qb.select(totalRows).orderBy(sql.ref('hits.score'), 'desc'))
      .select([
        'drilldowns.hash',
        'drilldowns.slug',
        'drilldowns.title',
        'drilldowns.author',
        'drilldowns.photo',
        'drilldowns.blurb',
        'drilldowns.posted_at',
      ])
      .orderBy('drilldowns.posted_at', 'desc')
      .orderBy('drilldowns.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  return pageOfList(hits, () => countOf(filtered), read, window, countRows);
}

export type TDrilldownRecord = Awaited<ReturnType<typeof selectDrilldowns>>['rows'][number];

/** Published eBooks in the order staff gave them. */
export function selectEbooks(db: TCatalogDb, window: TWindow) {
  const published = db.selectFrom('ebooks').where('ebooks.is_published', '=', 1);
  return paged(
    countOf(published),
    (offset, limit) =>
      published
        .select(['hash', 'title', 'subtitle', 'thumbnail', 'blurb', 'pdf', 'button_text'])
        .orderBy('sort')
        .orderBy('title')
        .offset(offset)
        .limit(limit)
        .execute(),
    window,
  );
}

export type TEbookRecord = Awaited<ReturnType<typeof selectEbooks>>['rows'][number];

export function selectEbookByHash(db: TCatalogDb, hash: string) {
  return db
    .selectFrom('ebooks')
    .select(['id', 'hash'])
    .where('hash', '=', hash)
    .where('is_published', '=', 1)
    .executeTakeFirst();
}

/** Records who asked for which eBook: a sponsor lead (03 §8). */
export async function insertEbookRequest(
  db: TCatalogDb,
  row: { id: string; ebookId: string; memberId: string; at: string },
): Promise<void> {
  await db
    .insertInto('ebook_requests')
    .values({ id: row.id, ebook_id: row.ebookId, member_id: row.memberId, created_at: row.at })
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Featured content (03 §8): staff pick one class, one podcast and one blog post.

/** The featured picks that match the filter (an unfiltered list shows them all). */
export async function selectFeatured(db: TCatalogDb, filter: TFilter, now: string) {
  const picks = await db
    .selectFrom('featured_content')
    .select(['slot_type_id', 'class_id', 'podcast_id', 'blog_post_id', 'blurb'])
    .execute();
  const pick = (slot: number) => picks.find((p) => p.slot_type_id === slot);
  const classPick = pick(AdSlotType.FEATURED_CLASS);
  const podcastPick = pick(AdSlotType.FEATURED_PODCAST);
  const blogPick = pick(AdSlotType.FEATURED_BLOG);
  // With keywords, a pick is shown only when they find it.
  const found = (kind: TFilterable, id: string | null | undefined): id is string =>
    !!id && (hitsOf(kind, filter)?.has(id) ?? true);

  const [featuredClass, featuredPodcast, featuredBlog] = await Promise.all([
    found(CLASSES, classPick?.class_id)
      ? classesFrom(db)
          .where('classes.id', '=', classPick!.class_id!)
          .where('classes.release_at', '<=', now)
          .where((eb) => eb.and(filterConditions(CLASSES, filter)))
          .select(CLASS_COLUMNS)
          .executeTakeFirst()
      : undefined,
    found(PODCASTS, podcastPick?.podcast_id)
      ? podcastsFrom(db, now)
          .where('podcasts.id', '=', podcastPick!.podcast_id!)
          .where((eb) => eb.and(filterConditions(PODCASTS, filter)))
          .select(PODCAST_COLUMNS)
          .executeTakeFirst()
      : undefined,
    found(BLOG_POSTS, blogPick?.blog_post_id)
      ? blogPostsFrom(db, now)
          .where('blog_posts.id', '=', blogPick!.blog_post_id!)
          .where((eb) => eb.and(filterConditions(BLOG_POSTS, filter)))
          .select(BLOG_COLUMNS)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    featuredClass:
      featuredClass && Object.assign(featuredClass, { featured_blurb: classPick?.blurb ?? null }),
    featuredPodcast:
      featuredPodcast && Object.assign(featuredPodcast, { pick_blurb: podcastPick?.blurb ?? null }),
    featuredBlog: featuredBlog && Object.assign(featuredBlog, { pick_blurb: blogPick?.blurb ?? null }),
  };
}

export type TFeaturedRecords = Awaited<ReturnType<typeof selectFeatured>>;

// ---------------------------------------------------------------------------------------------
// The member's own flags for rows already read (never cached: 03 §2).

/** The member's seats and waitlist places on the classes with these hashes. */
/** Seats taken (not waitlist places) per class id, for the classes given (seats left, decision 1003). */
export async function selectSeatedCounts(db: TCatalogDb, classIds: string[]): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('seats')
    .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('class_id', 'in', classIds)
    .where('is_waiting', '=', 0)
    .groupBy('class_id')
    .execute();
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}

export function selectSeatFlags(db: TCatalogDb, memberId: string, classHashes: string[]) {
  if (classHashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('seats')
    .innerJoin('classes', 'classes.id', 'seats.class_id')
    .select(['classes.hash', 'seats.is_waiting'])
    .where('seats.member_id', '=', memberId)
    .where('classes.hash', 'in', classHashes)
    .execute();
}

/** The member's seats on live classes that have not ended, soonest first, with cancel codes. */
export function selectMemberUpcomingSeats(
  db: TCatalogDb,
  dialect: TDialectName,
  memberId: string,
  now: string,
) {
  return memberSeatsFrom(db, memberId)
    .where(classEndIso(dialect), '>', now)
    .select([...CLASS_COLUMNS, 'seats.is_waiting', 'seats.cancel_code'])
    .orderBy('classes.release_at', 'asc')
    .execute();
}

/**
 * Hashes of the classes and podcast episodes among these whose exam the member has passed.
 * Public hashes are random, so class and podcast hashes never collide.
 */
export async function selectCompletedHashes(
  db: TCatalogDb,
  memberId: string,
  hashes: string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('completions')
    .leftJoin('classes', 'classes.id', 'completions.class_id')
    .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .select(['classes.hash as class_hash', 'podcasts.hash as podcast_hash'])
    .where('completions.member_id', '=', memberId)
    .where((eb) => eb.or([eb('classes.hash', 'in', hashes), eb('podcasts.hash', 'in', hashes)]))
    .execute();
  return new Set(rows.map((r) => r.class_hash ?? r.podcast_hash).filter((h): h is string => h !== null));
}

/** The member's gradebook row per class hash: an enrolled premium course has one (01 §4). */
export async function selectGradebookIds(
  db: TCatalogDb,
  memberId: string,
  classHashes: string[],
): Promise<Map<string, string>> {
  if (classHashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('gradebook')
    .innerJoin('classes', 'classes.id', 'gradebook.class_id')
    .select(['classes.hash', 'gradebook.id'])
    .where('gradebook.member_id', '=', memberId)
    .where('classes.hash', 'in', classHashes)
    .execute();
  return new Map(rows.map((r) => [r.hash, r.id]));
}
