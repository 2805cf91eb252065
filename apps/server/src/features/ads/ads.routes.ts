import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZFeaturedClick,
  ZMobileAdQuery,
  ZMobileAdResponse,
  ZMobileAdSubmit,
  ZStatus,
} from '@opence/shared/schemas';
import type { TAdsService } from './ads.service.ts';

export type TAdsRoutesOptions = { ads: TAdsService };

const refusals = { 400: ZApiError, 404: ZApiError };

/** Mobile ad modal, view and lead counting, featured clicks (02 §7). Visitors may use them all. */
export const adsRoutes: FastifyPluginAsyncZod<TAdsRoutesOptions> = async (app, { ads }) => {
  app.get(
    '/mobilead',
    {
      schema: {
        tags: ['ads'],
        summary: "A mobile banner's modal texts; counts a click",
        querystring: ZMobileAdQuery,
        response: { 200: ZMobileAdResponse, ...refusals },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request, reply) => {
      const details = await ads.details(request.query.a, request.member?.id ?? null);
      reply.header('cache-control', 'no-store');
      return { status: true, rowCount: 1, data: [details] };
    },
  );

  app.post(
    '/mobilead-view',
    {
      schema: {
        tags: ['ads'],
        summary: 'Counts a view of a mobile banner',
        body: ZMobileAdQuery,
        response: { 200: ZStatus, ...refusals },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request) => {
      await ads.view(request.body.a, request.member?.id ?? null);
      return { status: true };
    },
  );

  app.post(
    '/mobilead-submit',
    {
      schema: {
        tags: ['ads'],
        summary: 'Leaves an e-mail with the sponsor of a mobile banner',
        body: ZMobileAdSubmit,
        response: { 200: ZStatus, 429: ZApiError, ...refusals },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request) => {
      const { a, e } = request.body;
      await ads.submitLead(a, e, request.member?.id ?? null, request.ip);
      return { status: true };
    },
  );

  app.post(
    '/featuredcontent-click',
    {
      schema: {
        tags: ['ads'],
        summary: 'Counts a click on a featured teaser',
        body: ZFeaturedClick,
        response: { 200: ZStatus, ...refusals },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request) => {
      await ads.featuredClick(request.body.t, request.body.h, request.member?.id ?? null);
      return { status: true };
    },
  );
};
