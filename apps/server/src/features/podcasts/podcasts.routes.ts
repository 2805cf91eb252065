import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZPodcastQuery,
  ZPodcastResponse,
  ZPodcastShowQuery,
  ZPodcastViewQuery,
  ZPodcastViewResponse,
} from '@opence/shared/schemas';
import type { TPodcastsService } from './podcasts.service.ts';

export type TPodcastsRoutesOptions = { podcasts: TPodcastsService };

const tags = ['podcasts'];

/** The podcast series page and the play log (02 §7). Public: a visitor sees no personal fields. */
export const podcastsRoutes: FastifyPluginAsyncZod<TPodcastsRoutesOptions> = async (app, { podcasts }) => {
  const { optionalMember } = app.guards;

  // Answers carry the member's exam state or log a play: never from a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/podcast',
    {
      schema: {
        tags,
        summary: "An episode (p: hash or slug) with its show's episodes and the member's record",
        querystring: ZPodcastQuery,
        response: { 200: ZPodcastResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => podcasts.podcast(request.member, request.query.p),
  );

  app.get(
    '/podcast-show',
    {
      schema: {
        tags,
        summary: 'A show (ps: hash or slug) with its episodes, the newest chosen',
        querystring: ZPodcastShowQuery,
        response: { 200: ZPodcastResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => podcasts.podcastShow(request.member, request.query.ps),
  );

  app.get(
    '/podcast-view',
    {
      schema: {
        tags,
        summary: 'Logs a play start of an episode (log); a member’s play unlocks its exam',
        querystring: ZPodcastViewQuery,
        response: { 200: ZPodcastViewResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => {
      const { p, log = false, loc, firstClick = false } = request.query;
      return podcasts.logPlay(request.member, { p, log, loc, firstClick });
    },
  );
};
