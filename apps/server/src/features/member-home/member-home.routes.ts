import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMemberHomeQuery, ZMemberHomeResponse } from '@opence/shared/schemas';
import type { TMemberHomeService } from './member-home.service.ts';

export type TMemberHomeRoutesOptions = { memberHome: TMemberHomeService };

/** GET /api/member-home: the signed-in member's part of home in one call (decision 1005). */
export const memberHomeRoutes: FastifyPluginAsyncZod<TMemberHomeRoutesOptions> = async (
  app,
  { memberHome },
) => {
  app.get(
    '/member-home',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags: ['member-home'],
        summary:
          'The member’s home: class to continue, exams pending, next reserved webinar, credits this year, tracker gap',
        querystring: ZMemberHomeQuery,
        response: { 200: ZMemberHomeResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: true as const, home: await memberHome.home(request.member!) };
    },
  );
};
