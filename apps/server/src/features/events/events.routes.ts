import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClaimedEventQuery,
  ZClaimedEventResponse,
  ZClaimLookupQuery,
  ZClaimLookupResponse,
  ZClaimPreviewQuery,
  ZClaimPreviewResponse,
  ZClaimRequest,
  ZClaimResponse,
} from '@opence/shared/schemas';
import type { TEventsService } from './events.service.ts';

const tags = ['events'];

/** A member claims an in-person event's CE by its code (issue 25). */
export const eventsRoutes: FastifyPluginAsyncZod<{ events: TEventsService }> = async (app, { events }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/claim-event',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The in-person event a claim code names, and whether the member claimed it',
        querystring: ZClaimLookupQuery,
        response: { 200: ZClaimLookupResponse },
      },
    },
    async (request) => events.lookup(request.member!.id, request.query.code, request.ip),
  );

  app.post(
    '/claim-event',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Claims an in-person event: attendance confirmed, evaluation given; makes the completion',
        body: ZClaimRequest,
        response: { 200: ZClaimResponse },
      },
    },
    async (request) => events.claim(request.member!.id, request.body.code, request.body.a, request.ip),
  );

  // The claim page (issue 36): the poster's QR link shows a visitor the event before sign-in.
  app.get(
    '/claim-event-preview',
    {
      preHandler: app.guards.optionalMember,
      schema: {
        tags,
        summary:
          'The in-person event a claim code names, for a visitor or a member: whether the member claimed it, and why a claim would be refused now',
        querystring: ZClaimPreviewQuery,
        response: { 200: ZClaimPreviewResponse },
      },
    },
    async (request) => events.preview(request.member?.id ?? null, request.query.code, request.ip),
  );

  app.get(
    '/claimed-event',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'One of the member’s claimed in-person events, by its class hash, with its certificate',
        querystring: ZClaimedEventQuery,
        response: { 200: ZClaimedEventResponse },
      },
    },
    async (request) => events.claimedEvent(request.member!.id, request.query.c),
  );
};
