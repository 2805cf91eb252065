import { Limits, listFilter, listFilterKey, Texts, wordTerms, type TListFilter } from '@opence/shared';
import {
  ZBlogPostsResponse,
  ZBooksResponse,
  ZDrilldownsResponse,
  ZHomeResponse,
  ZOnDemandResponse,
  ZPodcastsResponse,
  ZPremiumResponse,
  ZTutorialsResponse,
  ZUpcomingResponse,
  type TListQuery,
  type TMobileAds,
  type TPremiumRow,
  type TSeatRow,
  type TWebinarRow,
} from '@opence/shared/schemas';
import type { TDialectName } from '../../db/dialect/index.ts';
import { presentSeatRow } from '../../domain/class-rows.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { createPublicAnswers, createTtlCache, type TViewer } from '../../lib/public-cache.ts';
import { createSynonymSource, type TSynonymSource } from '../../domain/search-synonyms.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { ApiError, rateLimited } from '../../lib/api-errors.ts';
import * as present from './catalog.presenter.ts';
import {
  selectKeywordHits,
  type TCatalogDb,
  type TCountRows,
  type TFilter,
  type TKeywordHits,
  type TPageOf,
  type TWindow,
} from './catalog.filter.repo.ts';
import {
  selectCompletedHashes,
  selectGradebookIds,
  selectMemberUpcomingSeats,
  selectSeatedCounts,
  selectSeatFlags,
} from './catalog.member.repo.ts';
import * as repo from './catalog.repo.ts';

export type TCatalogDeps = {
  db: TCatalogDb;
  dialect: TDialectName;
  /** Site settings (key → value), read through the site's short-lived cache. */
  settings: () => Promise<Record<string, string>>;
  /** Mobile banner placement and sets for the lists that carry them (ads feature). */
  mobileAds: () => Promise<TMobileAds>;
  /** Staff's dental synonym list (shared with the console that edits it). */
  synonyms?: TSynonymSource;
  now?: () => Date;
};

/** How long a public answer is reused in this process (the issue asks for a few seconds). */
const PUBLIC_TTL_MS = 5_000;
/** Distinct public answers kept; hostile query variety cannot grow memory past this. */
const PUBLIC_MAX_ENTRIES = 1_000;
/** eBook requests per member: each is a sponsor lead, so a script must not flood them (docs/decisions/0902). */
export const BOOK_REQUEST_LIMIT = { hits: 30, windowMs: 15 * 60_000 };

const pageFields = <R>(page: TPageOf<unknown>, data: R[]) => ({
  status: true,
  rowCount: data.length,
  totalRows: page.totalRows,
  pageSize: page.pageSize,
  page: page.page,
  data,
});

function countSetting(settings: Record<string, string>, key: string, fallback: number): number {
  const n = Number.parseInt(settings[key] ?? '', 10);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 50) : fallback;
}

/**
 * The content lists of 01 §2 (03 §4). What every visitor sees is built once per query and
 * reused for a few seconds; a member's answer adds their own flags to it and is never cached.
 */
export function createCatalogService(deps: TCatalogDeps) {
  const { db, dialect } = deps;
  const now = () => nowIso(deps.now?.() ?? new Date());
  const publicAnswers = createPublicAnswers({ ttlMs: PUBLIC_TTL_MS, maxEntries: PUBLIC_MAX_ENTRIES });
  const answer = publicAnswers.answer;
  // A list's count per filter, for as long as its answers: every page of a filter shares it.
  const totals = createTtlCache<number>({ ttlMs: PUBLIC_TTL_MS, maxEntries: PUBLIC_MAX_ENTRIES });
  const countedAs =
    (list: string, filter: TListFilter): TCountRows =>
    (count) =>
      totals.get(`${list}|${listFilterKey(filter)}`, count);

  const synonyms = deps.synonyms ?? createSynonymSource(db);

  // The documents a search's words find, shared by the lists and sections of one search and
  // its pages for as long as the public answers (docs/decisions/0211). Keyed by the words'
  // terms, synonyms included: an edit of the list is a new key.
  const keywordHits = createTtlCache<TKeywordHits>({ ttlMs: PUBLIC_TTL_MS, maxEntries: 64 });

  /** The filter with its words resolved to the documents they find (issue 27). */
  async function resolved(filter: TListFilter): Promise<TFilter> {
    if (filter.words.length === 0) return filter;
    const list = await synonyms.get();
    const terms = filter.words.map((word) => wordTerms(word, list));
    // A word of symbols only ('&', an emoji) is left out beside real words; alone, it finds nothing.
    const real = terms.filter((t) => t.phrases.length > 0);
    const hits = keywordHits.get(JSON.stringify(real), () => selectKeywordHits(db, dialect, real));
    return Object.assign({}, filter, { text: { dialect, hits: await hits } });
  }

  /** The content lists' queries, as of now and with the counts above. */
  const lists = {
    upcoming: async (filter: TListFilter, window: TWindow) =>
      repo.selectUpcoming(db, dialect, await resolved(filter), window, now(), countedAs('upcoming', filter)),
    onDemand: async (filter: TListFilter, window: TWindow) =>
      repo.selectOnDemand(db, dialect, await resolved(filter), window, now(), countedAs('ondemand', filter)),
    premium: async (filter: TListFilter, window: TWindow) =>
      repo.selectPremium(db, await resolved(filter), window, now(), countedAs('premium', filter)),
    tutorials: async (filter: TListFilter, window: TWindow) =>
      repo.selectTutorials(db, await resolved(filter), window, now(), countedAs('tutorials', filter)),
    podcasts: async (filter: TListFilter, window: TWindow) =>
      repo.selectPodcasts(db, await resolved(filter), window, now(), countedAs('podcasts', filter)),
    blogPosts: async (filter: TListFilter, window: TWindow) =>
      repo.selectBlogPosts(db, await resolved(filter), window, now(), countedAs('blog', filter)),
    drilldowns: async (filter: TListFilter, window: TWindow) =>
      repo.selectDrilldowns(db, await resolved(filter), window, now(), countedAs('drilldowns', filter)),
  };

  const same = async <T>(value: T) => value;

  // ------------------------------------------------------------------------------------------
  // The member's own flags (03 §2: public calls return them false/empty for a visitor)

  async function withSeats(rows: TWebinarRow[], memberId: string): Promise<TWebinarRow[]> {
    const flags = await selectSeatFlags(
      db,
      memberId,
      rows.map((r) => r.hash),
    );
    const waiting = new Map(flags.map((f) => [f.hash, f.is_waiting === 1]));
    return rows.map((r) => {
      const isWaiting = waiting.get(r.hash);
      return isWaiting === undefined
        ? r
        : Object.assign({}, r, { hasSeat: true, isWaiting, isReserved: !isWaiting });
    });
  }

  async function memberSeats(memberId: string): Promise<TSeatRow[]> {
    const rows = await selectMemberUpcomingSeats(db, dialect, memberId, now());
    return rows.map(presentSeatRow);
  }

  /** Marks the rows (classes or podcast episodes) whose exam the member has passed. */
  async function withExams<R extends { hash: string; examTaken: boolean }>(
    rows: R[],
    memberId: string,
  ): Promise<R[]> {
    const done = await selectCompletedHashes(
      db,
      memberId,
      rows.map((r) => r.hash),
    );
    return rows.map((r) => (done.has(r.hash) ? Object.assign({}, r, { examTaken: true }) : r));
  }

  async function withEnrolment(rows: TPremiumRow[], memberId: string): Promise<TPremiumRow[]> {
    const gradebook = await selectGradebookIds(
      db,
      memberId,
      rows.map((r) => r.hash),
    );
    return rows.map((r) => Object.assign({}, r, { gradebookId: gradebook.get(r.hash) ?? '' }));
  }

  // ------------------------------------------------------------------------------------------
  // Rows of each list, as every visitor sees them

  const pageAsked = (query: TListQuery) => ({ page: query.page ?? 0, pageSize: Limits.DEFAULT_PAGE_SIZE });
  const keyOf = (name: string, filter: TListFilter, page = 0) => `${name}|${listFilterKey(filter)}|${page}`;

  async function featuredFor(filter: TListFilter, include: Parameters<typeof present.featuredContent>[1]) {
    return present.featuredContent(await repo.selectFeatured(db, await resolved(filter), now()), include);
  }

  /** Webinar rows with their seats left (decision 1003): counted in one query for the page. */
  async function webinarRows(rows: repo.TClassRecord[]): Promise<TWebinarRow[]> {
    const limited = rows.filter((r) => r.capacity !== null).map((r) => r.id);
    const seated = await selectSeatedCounts(db, limited);
    return rows.map((r) => present.webinarRow(r, seated));
  }

  /** Sections for home and search: the next or newest rows matching a filter. */
  const firstRows = (size: number) => ({ page: 0, pageSize: size });
  const sections = {
    upcoming: async (filter: TListFilter, size: number) =>
      webinarRows((await lists.upcoming(filter, firstRows(size))).rows),
    classes: async (filter: TListFilter, size: number) =>
      (await lists.onDemand(filter, firstRows(size))).rows.map(present.classRow),
    podcasts: async (filter: TListFilter, size: number) =>
      (await lists.podcasts(filter, firstRows(size))).rows.map(present.podcastRow),
    blogPosts: async (filter: TListFilter, size: number) =>
      (await lists.blogPosts(filter, firstRows(size))).rows.map(present.blogRow),
    featured: (filter: TListFilter) => featuredFor(filter, { classes: true, podcasts: true, blog: true }),
  };

  return {
    /** GET /api/home: the next webinars, the newest classes and podcasts (01 §2 Home). */
    async home(viewer: TViewer) {
      const settings = await deps.settings();
      const upcomingCount = countSetting(settings, 'homeUpcomingCount', 3);
      const newestCount = countSetting(settings, 'homeNewestCount', 4);
      const none = listFilter({});
      return answer(
        viewer,
        `home|${upcomingCount}|${newestCount}`,
        ZHomeResponse,
        async () => {
          const [webinars, classes, podcasts] = await Promise.all([
            sections.upcoming(none, upcomingCount),
            sections.classes(none, newestCount),
            sections.podcasts(none, newestCount),
          ]);
          return {
            status: true,
            webinars: { status: true, data: webinars, seats: [] },
            classes: { status: true, data: classes },
            podcasts: { status: true, data: podcasts },
          };
        },
        async (value, memberId) =>
          Object.assign({}, value, {
            webinars: Object.assign({}, value.webinars, {
              data: await withSeats(value.webinars.data, memberId),
              seats: await memberSeats(memberId),
            }),
            classes: Object.assign({}, value.classes, {
              data: await withExams(value.classes.data, memberId),
            }),
            podcasts: Object.assign({}, value.podcasts, {
              data: await withExams(value.podcasts.data, memberId),
            }),
          }),
      );
    },

    /** GET /api/upcoming: live webinars not yet ended, soonest first. */
    async upcoming(query: TListQuery, viewer: TViewer) {
      const filter = listFilter(query);
      return answer(
        viewer,
        keyOf('upcoming', filter, query.page),
        ZUpcomingResponse,
        async () => {
          const [page, mobileAds] = await Promise.all([
            lists.upcoming(filter, pageAsked(query)),
            deps.mobileAds(),
          ]);
          return Object.assign(pageFields(page, await webinarRows(page.rows)), { seats: [], mobileAds });
        },
        async (value, memberId) =>
          Object.assign({}, value, {
            data: await withSeats(value.data, memberId),
            seats: await memberSeats(memberId),
          }),
      );
    },

    /** GET /api/ondemand: self-study classes, newest first; the featured class on page 1. */
    async onDemand(query: TListQuery, viewer: TViewer) {
      const filter = listFilter(query);
      return answer(
        viewer,
        keyOf('ondemand', filter, query.page),
        ZOnDemandResponse,
        async () => {
          const [page, mobileAds] = await Promise.all([
            lists.onDemand(filter, pageAsked(query)),
            deps.mobileAds(),
          ]);
          const featured =
            page.page === 0
              ? await featuredFor(filter, { classes: true, podcasts: false, blog: false })
              : present.noFeaturedContent();
          return Object.assign(pageFields(page, page.rows.map(present.classRow)), {
            featuredContent: featured,
            mobileAds,
          });
        },
        async (value, memberId) => Object.assign({}, value, { data: await withExams(value.data, memberId) }),
      );
    },

    /** GET /api/premium: premium courses with the member's enrolment (gradebookId). */
    async premium(query: TListQuery, viewer: TViewer) {
      const filter = listFilter({ cid: query.cid });
      return answer(
        viewer,
        keyOf('premium', filter, query.page),
        ZPremiumResponse,
        async () => {
          const [page, settings] = await Promise.all([
            lists.premium(filter, pageAsked(query)),
            deps.settings(),
          ]);
          const base = settings.learningPlatformUrl ?? '';
          return pageFields(
            page,
            page.rows.map((r) => present.premiumRow(r, base)),
          );
        },
        async (value, memberId) =>
          Object.assign({}, value, { data: await withEnrolment(value.data, memberId) }),
      );
    },

    /** GET /api/podcasts: episodes, newest first; the featured episode on page 1. */
    async podcasts(query: TListQuery, viewer: TViewer) {
      const filter = listFilter(query);
      return answer(
        viewer,
        keyOf('podcasts', filter, query.page),
        ZPodcastsResponse,
        async () => {
          const page = await lists.podcasts(filter, pageAsked(query));
          const featured =
            page.page === 0
              ? await featuredFor(filter, { classes: false, podcasts: true, blog: false })
              : present.noFeaturedContent();
          return Object.assign(pageFields(page, page.rows.map(present.podcastRow)), {
            featuredContent: featured,
          });
        },
        async (value, memberId) => Object.assign({}, value, { data: await withExams(value.data, memberId) }),
      );
    },

    /** GET /api/blog-posts: published posts, newest first. */
    async blogPosts(query: TListQuery, viewer: TViewer) {
      const filter = listFilter(query);
      return answer(
        viewer,
        keyOf('blog', filter, query.page),
        ZBlogPostsResponse,
        async () => {
          const [page, mobileAds] = await Promise.all([
            lists.blogPosts(filter, pageAsked(query)),
            deps.mobileAds(),
          ]);
          return Object.assign(pageFields(page, page.rows.map(present.blogRow)), { mobileAds });
        },
        same,
      );
    },

    /** GET /api/drilldowns: drill-down videos, newest first. */
    async drilldowns(query: TListQuery, viewer: TViewer) {
      const filter = listFilter(query);
      return answer(
        viewer,
        keyOf('drilldowns', filter, query.page),
        ZDrilldownsResponse,
        async () => {
          const page = await lists.drilldowns(filter, pageAsked(query));
          return pageFields(page, page.rows.map(present.drilldownRow));
        },
        same,
      );
    },

    /** GET /api/tutorials: product training, newest first. */
    async tutorials(query: TListQuery, viewer: TViewer) {
      const filter = listFilter(query);
      return answer(
        viewer,
        keyOf('tutorials', filter, query.page),
        ZTutorialsResponse,
        async () => {
          const [page, mobileAds] = await Promise.all([
            lists.tutorials(filter, pageAsked(query)),
            deps.mobileAds(),
          ]);
          return Object.assign(pageFields(page, page.rows.map(present.tutorialRow)), { mobileAds });
        },
        same,
      );
    },

    /** GET /api/books: the eBooks; members also get each PDF's address. */
    async books(query: TListQuery, viewer: TViewer) {
      const isMember = viewer !== null;
      const build = async () => {
        const page = await repo.selectEbooks(db, pageAsked(query));
        return pageFields(
          page,
          page.rows.map((r) => present.ebookRow(r, isMember)),
        );
      };
      // Every member sees the same books, so their variant is kept too, but only sent privately.
      return answer(viewer, `books|${isMember}|${query.page ?? 0}`, ZBooksResponse, build, same);
    },

    /** POST /api/book-response-mvp: records the member's eBook request (a sponsor lead, 03 §8). */
    async requestBook(memberId: string, bookHash: string): Promise<void> {
      const hit = await hitRateLimit(
        db,
        `book-request:member:${memberId}`,
        BOOK_REQUEST_LIMIT.hits,
        BOOK_REQUEST_LIMIT.windowMs,
        deps.now?.(),
      );
      if (!hit.allowed) throw rateLimited();
      const book = await repo.selectEbookByHash(db, bookHash);
      if (!book) throw new ApiError(404, Texts.NOT_FOUND, { errorMsg: true });
      await repo.insertEbookRequest(db, { id: newId(), ebookId: book.id, memberId, at: now() });
    },

    /** What the search results page is built from (the search feature composes it). */
    search: {
      sections,
      withSeats,
      memberSeats,
      withExams,
    },
  };
}

export type TCatalogService = ReturnType<typeof createCatalogService>;
