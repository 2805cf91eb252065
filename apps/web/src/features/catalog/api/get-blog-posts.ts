import type { TBlogPostsResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** Blog posts (GET /api/blog-posts). */
export const useBlogPosts = (params: TListParams) => useCatalogList<TBlogPostsResponse>('blog-posts', params);
