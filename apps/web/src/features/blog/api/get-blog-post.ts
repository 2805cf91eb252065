import type { TBlogPostResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/blog-post (b, s, blockLog): the post by its slug; blockLog keeps the view unlogged. */
export const blogPostQuery = (slug: string, blockLog: boolean) =>
  queryOptions({
    queryKey: ['blog-post', slug, blockLog] as const,
    queryFn: ({ signal }) =>
      apiGet<TBlogPostResponse>('blog-post', { b: slug, blockLog: blockLog ? 1 : undefined }, signal),
  });

export function useBlogPost(slug: string | undefined, blockLog: boolean) {
  return useQuery({ ...blogPostQuery(slug ?? '', blockLog), enabled: Boolean(slug) });
}
