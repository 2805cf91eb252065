import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSearchItemsResponse, ZSearchQuery, ZSearchResponse } from '@opence/shared/schemas';
import { sendAnswer, viewerOf } from '../../lib/public-cache.ts';
import type { TSearchService } from './search.service.ts';

export type TSearchRoutesOptions = { search: TSearchService };

/** Search results and the sidebar's filter lists (01 §7, 02 §7). */
export const searchRoutes: FastifyPluginAsyncZod<TSearchRoutesOptions> = async (app, { search }) => {
  // The server's own time for the answer (from the request's arrival to its body ready), so that
  // `npm run bench` reports a search's server time apart from the client's (issue 27, 0213).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });

  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Webinars, classes, podcasts, blog posts and featured content matching a filter',
        querystring: ZSearchQuery,
        response: { 200: ZSearchResponse },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request, reply) =>
      sendAnswer(request, reply, await search.search(request.query, viewerOf(request))),
  );

  app.get(
    '/search-items',
    {
      schema: {
        tags: ['search'],
        summary: 'Small words, categories and companies of the search sidebar',
        response: { 200: ZSearchItemsResponse },
      },
    },
    async (request, reply) => sendAnswer(request, reply, await search.items()),
  );
};
