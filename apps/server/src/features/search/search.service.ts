import {
  listFilter,
  listFilterKey,
  SEARCH_SMALL_WORDS,
  suggestTopics,
  type TListFilter,
} from '@opence/shared';
import {
  ZSearchItemsResponse,
  ZSearchResponse,
  type TBlogRow,
  type TClassRow,
  type TFeaturedContent,
  type TPodcastRow,
  type TSearchQuery,
  type TSeatRow,
  type TWebinarRow,
} from '@opence/shared/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { createPublicAnswers, type TViewer } from '../../lib/public-cache.ts';
import type { TKeywordSearchWithMisses } from './search.keywords.ts';
import { selectCategories, selectSponsorCompanies } from './search.repo.ts';
import type { TSynonymSource } from './search.synonyms.ts';

/** What search needs from the catalog (passed in by app.ts: features do not import each other). */
export type TSearchCatalog = {
  sections: {
    upcoming: (filter: TListFilter, size: number) => Promise<TWebinarRow[]>;
    classes: (filter: TListFilter, size: number) => Promise<TClassRow[]>;
    podcasts: (filter: TListFilter, size: number) => Promise<TPodcastRow[]>;
    blogPosts: (filter: TListFilter, size: number) => Promise<TBlogRow[]>;
    featured: (filter: TListFilter) => Promise<TFeaturedContent>;
  };
  withSeats: (rows: TWebinarRow[], memberId: string) => Promise<TWebinarRow[]>;
  memberSeats: (memberId: string) => Promise<TSeatRow[]>;
  withExams: <R extends { hash: string; examTaken: boolean }>(rows: R[], memberId: string) => Promise<R[]>;
};

/** Rows per section: the next N webinars, the newest N of the rest (02 §9; N is ours, decision 0203). */
export const SEARCH_SECTION_SIZE = 6;

/**
 * Cross-content search (01 §2, 03 §4): webinars, classes, podcasts, blog posts and featured
 * content matching a keyword, a category or a company. Public results are shared for a few
 * seconds; a member's results add their seats and completed exams.
 */
export function createSearchService(deps: {
  db: Kysely<DB>;
  catalog: TSearchCatalog;
  keywords: TKeywordSearchWithMisses;
  synonyms: TSynonymSource;
}) {
  const { db, catalog, keywords, synonyms } = deps;

  /** Never an empty page (docs/decisions/1148): the topics nearest the words when nothing is found. */
  async function topicsFor(words: readonly string[]) {
    const [categories, list] = await Promise.all([selectCategories(db), synonyms.get()]);
    return suggestTopics(words, list, categories).map((c) => ({ categoryID: c.id, categoryName: c.name }));
  }

  const publicAnswers = createPublicAnswers({ ttlMs: 5_000, maxEntries: 1_000 });
  const size = SEARCH_SECTION_SIZE;

  return {
    async search(query: TSearchQuery, viewer: TViewer) {
      const filter = listFilter(query);
      return publicAnswers.answer(
        viewer,
        `search|${listFilterKey(filter)}`,
        ZSearchResponse,
        async () => {
          const [webinars, classes, podcasts, blogPosts, featuredContent, notFound] = await Promise.all([
            catalog.sections.upcoming(filter, size),
            catalog.sections.classes(filter, size),
            catalog.sections.podcasts(filter, size),
            catalog.sections.blogPosts(filter, size),
            catalog.sections.featured(filter),
            filter.words.length > 0 ? keywords.notFound(filter.words) : [],
          ]);
          const empty =
            webinars.length + classes.length + podcasts.length + blogPosts.length === 0 &&
            !featuredContent.status;
          return {
            status: true,
            webinars: { status: true, data: webinars, seats: [] },
            classes: { status: true, data: classes },
            podcasts: { status: true, data: podcasts },
            blogPosts: { status: true, data: blogPosts },
            featuredContent,
            notFound,
            suggestedTopics: empty ? await topicsFor(filter.words) : [],
          };
        },
        async (value, memberId) =>
          Object.assign({}, value, {
            webinars: Object.assign({}, value.webinars, {
              data: await catalog.withSeats(value.webinars.data, memberId),
              seats: await catalog.memberSeats(memberId),
            }),
            classes: Object.assign({}, value.classes, {
              data: await catalog.withExams(value.classes.data, memberId),
            }),
            podcasts: Object.assign({}, value.podcasts, {
              data: await catalog.withExams(value.podcasts.data, memberId),
            }),
          }),
      );
    },

    /** GET /api/search-items: small words, categories and sponsor companies for the sidebar. */
    async items() {
      return publicAnswers.answer(
        null,
        'search-items',
        ZSearchItemsResponse,
        async () => {
          const [categories, companies] = await Promise.all([
            selectCategories(db),
            selectSponsorCompanies(db),
          ]);
          return {
            status: true,
            smallWords: [...SEARCH_SMALL_WORDS],
            catList: categories.map((c) => ({ categoryID: c.id, categoryName: c.name })),
            companyList: companies.map((c) => ({ companyID: c.id, companyName: c.name })),
          };
        },
        async (value) => value,
      );
    },
  };
}

export type TSearchService = ReturnType<typeof createSearchService>;
