import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZBlogPostsResponse,
  ZBookRequest,
  ZBooksResponse,
  ZDrilldownsResponse,
  ZHomeQuery,
  ZHomeResponse,
  ZListQuery,
  ZOnDemandResponse,
  ZPodcastsResponse,
  ZPremiumResponse,
  ZStatus,
  ZTutorialsResponse,
  ZUpcomingResponse,
} from '@opence/shared/schemas';
import { sendAnswer, viewerOf } from '../../lib/public-cache.ts';
import type { TCatalogService } from './catalog.service.ts';

export type TCatalogRoutesOptions = { catalog: TCatalogService };

/**
 * The content lists (01 §7): public, with the member's flags when s is a valid token. Visitor
 * answers are cacheable (ETag, short public Cache-Control); member answers never are.
 */
export const catalogRoutes: FastifyPluginAsyncZod<TCatalogRoutesOptions> = async (app, { catalog }) => {
  const lists = [
    {
      path: '/upcoming',
      summary: 'Upcoming live webinars',
      response: ZUpcomingResponse,
      load: catalog.upcoming,
    },
    { path: '/ondemand', summary: 'On-demand classes', response: ZOnDemandResponse, load: catalog.onDemand },
    { path: '/premium', summary: 'Premium courses', response: ZPremiumResponse, load: catalog.premium },
    { path: '/podcasts', summary: 'Podcast episodes', response: ZPodcastsResponse, load: catalog.podcasts },
    { path: '/blog-posts', summary: 'Blog posts', response: ZBlogPostsResponse, load: catalog.blogPosts },
    {
      path: '/drilldowns',
      summary: 'Drill-down videos',
      response: ZDrilldownsResponse,
      load: catalog.drilldowns,
    },
    {
      path: '/tutorials',
      summary: 'Product training',
      response: ZTutorialsResponse,
      load: catalog.tutorials,
    },
    { path: '/books', summary: 'eBooks', response: ZBooksResponse, load: catalog.books },
  ] as const;

  for (const list of lists) {
    app.get(
      list.path,
      {
        schema: {
          tags: ['catalog'],
          summary: list.summary,
          querystring: ZListQuery,
          response: { 200: list.response },
        },
        preHandler: app.guards.optionalMember,
      },
      async (request, reply) => sendAnswer(request, reply, await list.load(request.query, viewerOf(request))),
    );
  }

  app.get(
    '/home',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Home feed: next webinars, newest classes and podcasts',
        querystring: ZHomeQuery,
        response: { 200: ZHomeResponse },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request, reply) => sendAnswer(request, reply, await catalog.home(viewerOf(request))),
  );

  app.post(
    '/book-response-mvp',
    {
      schema: {
        tags: ['catalog'],
        summary: "Records a member's eBook request before the PDF opens",
        body: ZBookRequest,
        response: { 200: ZStatus, 404: ZApiError },
      },
      preHandler: app.guards.requireMember,
    },
    async (request) => {
      await catalog.requestBook(request.member!.id, request.body.h);
      return { status: true };
    },
  );
};
