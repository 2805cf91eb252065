import { z } from 'zod';
import { ZListQuery } from '../api.schema.ts';
import { ZFeaturedContent } from '../ads/ads.schema.ts';
import { ZBlogSection, ZClassSection, ZPodcastSection, ZWebinarSection } from '../catalog/catalog.schema.ts';

/** GET /api/search (02 §7): s, cid, coid, q. */
export const ZSearchQuery = ZListQuery.omit({ page: true });
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

/** The sections of the search results page (01 §2, 02 §7). */
export const ZSearchResponse = z.object({
  status: z.boolean(),
  webinars: ZWebinarSection,
  classes: ZClassSection,
  podcasts: ZPodcastSection,
  blogPosts: ZBlogSection,
  featuredContent: ZFeaturedContent,
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

export const ZCategoryItem = z.object({ categoryID: z.string(), categoryName: z.string() });
export type TCategoryItem = z.infer<typeof ZCategoryItem>;
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
