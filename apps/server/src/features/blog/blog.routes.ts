import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBlogPostQuery, ZBlogPostResponse } from '@opence/shared/schemas';
import type { TBlogService } from './blog.service.ts';

export type TBlogRoutesOptions = { blog: TBlogService };

/** The blog post page's call (02 §7). Public: a visitor's view counts too. */
export const blogRoutes: FastifyPluginAsyncZod<TBlogRoutesOptions> = async (app, { blog }) => {
  app.get(
    '/blog-post',
    {
      schema: {
        tags: ['blog'],
        summary: 'A blog post (b: its slug) and the recent posts; logs a view unless blockLog',
        querystring: ZBlogPostQuery,
        response: { 200: ZBlogPostResponse },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request, reply) => {
      // The answer logs a view: a cache must not answer in our place.
      reply.header('cache-control', 'no-store');
      return blog.blogPost(request.member, request.query.b, request.query.blockLog ?? false);
    },
  );
};
