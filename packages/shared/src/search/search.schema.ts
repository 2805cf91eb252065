import { z } from 'zod';
import { ZListQuery } from '../api.schema.ts';
import { ZFeaturedContent } from '../ads/ads.schema.ts';
import { ZBlogSection, ZClassSection, ZPodcastSection, ZWebinarSection } from '../catalog/catalog.schema.ts';

/** GET /api/search (02 §7): s, cid, coid, q. */
export const ZSearchQuery = ZListQuery.omit({ page: true });
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZCategoryItem = z.object({ categoryID: z.string(), categoryName: z.string() });
export type TCategoryItem = z.infer<typeof ZCategoryItem>;

/** The sections of the search results page (01 §2, 02 §7). */
export const ZSearchResponse = z.object({
  status: z.boolean(),
  webinars: ZWebinarSection,
  classes: ZClassSection,
  podcasts: ZPodcastSection,
  blogPosts: ZBlogSection,
  featuredContent: ZFeaturedContent,
  // Ours, additive (issue 41, docs/decisions/1145, 1148): a browser built against 01/02 ignores them.
  notFound: z
    .array(z.string())
    .describe('Words of q found nowhere (after the thesaurus and one typo): the results match the others.'),
  suggestedTopics: z
    .array(ZCategoryItem)
    .describe('When every section is empty: the categories nearest the words, else the first ones.'),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

export const ZCompanyItem = z.object({ companyID: z.string(), companyName: z.string() });
export type TCompanyItem = z.infer<typeof ZCompanyItem>;

/** GET /api/search-items (01 §7): what the sidebar offers. */
export const ZSearchItemsResponse = z.object({
  status: z.boolean(),
  smallWords: z.array(z.string()),
  catList: z.array(ZCategoryItem),
  companyList: z.array(ZCompanyItem),
});
export type TSearchItemsResponse = z.infer<typeof ZSearchItemsResponse>;
