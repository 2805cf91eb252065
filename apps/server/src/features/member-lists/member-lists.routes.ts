import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZCompletedCountsQuery,
  ZCompletedCountsResponse,
  ZCompletedInPersonResponse,
  ZCompletedPodcastsResponse,
  ZCompletedWebinarsResponse,
  ZMemberListQuery,
  ZPendingResponse,
  ZQueueResponse,
  ZTutorialHistoryResponse,
} from '@opence/shared/schemas';
import { requestToken } from '../../domain/sessions.ts';
import type { TMemberListsService } from './member-lists.service.ts';

export type TMemberListsRoutesOptions = { memberLists: TMemberListsService };

const tags = ['member-lists'];
const querystring = ZMemberListQuery;

/**
 * The member lists (01 §7): queue, pending, completed, completed-webinars, completed-podcasts,
 * tutorial-history; and completed-in-person (issue 36).
 */
export const memberListsRoutes: FastifyPluginAsyncZod<TMemberListsRoutesOptions> = async (
  app,
  { memberLists },
) => {
  // requireMember answers 401 without a valid token and sets request.member otherwise.
  const preHandler = app.guards.requireMember;

  // A member's own lists: never stored by a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Paged lists of the member's own rows: s and a 0-based page (01 §7).
  const pagedLists = [
    {
      path: '/queue',
      summary: 'Watch Later: the member’s queued classes, paged (page is 0-based)',
      response: ZQueueResponse,
      load: memberLists.queue,
    },
    {
      path: '/pending',
      summary: 'CE in Progress: viewed classes whose exam is not passed yet, paged',
      response: ZPendingResponse,
      load: memberLists.pending,
    },
    {
      path: '/completed-podcasts',
      summary: 'CE Completed: the member’s completed podcast episodes with certificate and AGD status, paged',
      response: ZCompletedPodcastsResponse,
      load: memberLists.completedPodcasts,
    },
    {
      path: '/completed-in-person',
      summary:
        'CE Completed: the member’s claimed in-person events with their certificates, paged (issue 36)',
      response: ZCompletedInPersonResponse,
      load: memberLists.completedInPerson,
    },
    {
      path: '/tutorial-history',
      summary: 'Viewed Tutorials: product tutorials the member viewed, paged',
      response: ZTutorialHistoryResponse,
      load: memberLists.tutorialHistory,
    },
  ] as const;

  // CE Completed's classes, the busiest list: the service reads the token's session itself, in
  // the same statement as the page, and answers 401 as the member guard does (issue 21).
  app.get(
    '/completed-webinars',
    {
      schema: {
        tags,
        summary: 'CE Completed: the member’s completed classes with certificate and AGD status, paged',
        querystring,
        response: { 200: ZCompletedWebinarsResponse, 401: ZApiError },
      },
    },
    async (request) => memberLists.sessionCompletedWebinars(requestToken(request), request.query.page ?? 0),
  );

  for (const list of pagedLists) {
    app.get(
      list.path,
      {
        schema: {
          tags,
          summary: list.summary,
          querystring,
          response: { 200: list.response, 401: ZApiError },
        },
        preHandler,
      },
      async (request) => list.load(request.member!.id, request.query.page ?? 0),
    );
  }

  app.get(
    '/completed',
    {
      schema: {
        tags,
        summary: 'CE Completed counts: data[0] {cntWebinars, cntPodcasts, cntInPerson}',
        querystring: ZCompletedCountsQuery,
        response: { 200: ZCompletedCountsResponse, 401: ZApiError },
      },
      preHandler,
    },
    async (request) => memberLists.completedCounts(request.member!.id),
  );
};
