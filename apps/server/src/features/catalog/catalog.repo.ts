import { sql } from 'kysely';
import { AdSlotType, ClassType, SELF_STUDY_CLASS_TYPES } from '@opence/shared';
import { classEndIso } from '../../db/dialect/class-end.ts';
import type { TDialectName } from '../../db/dialect/index.ts';
import {
  BLOG_POSTS,
  CLASSES,
  countOf,
  DRILLDOWNS,
  filterConditions,
  fromHits,
  hitsOf,
  keywordPage,
  paged,
  pageOfList,
  PODCASTS,
  totalRows,
  TWO_READS_ABOVE,
  type TCatalogDb,
  type TCountRows,
  type TFilter,
  type TFilterable,
  type TWindow,
} from './catalog.filter.repo.ts';

/*
 * The content lists (03 §4): classes, podcast episodes, blog posts, drill-downs and eBooks, and
 * the featured picks (03 §8). Each filters, finds by keywords and pages as
 * catalog.filter.repo.ts does it.
 */

// ---------------------------------------------------------------------------------------------
// Classes: upcoming, on-demand, tutorials, premium

function classesFrom(db: TCatalogDb, filter: TFilter | null = null) {
  return fromHits(db, 'classes', filter)
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .where('classes.is_published', '=', 1);
}

export const CLASS_COLUMNS = [
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
