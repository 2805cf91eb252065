import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBannerAdClickQuery,
  ZDrilldownQuery,
  ZDrilldownResponse,
  ZDrilldownStatusResponse,
  ZDrilldownViewQuery,
} from '@opence/shared/schemas';
import type { TDrilldownsService } from './drilldowns.service.ts';

export type TDrilldownsRoutesOptions = { drilldowns: TDrilldownsService };

const tags = ['drilldowns'];

/** The drill-down page, its play log and banner ad clicks (02 §7). Public: visitors count too. */
export const drilldownsRoutes: FastifyPluginAsyncZod<TDrilldownsRoutesOptions> = async (
  app,
  { drilldowns },
) => {
  const { optionalMember } = app.guards;

  // Each answer logs or depends on who asks: never from a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/drilldown',
    {
      schema: {
        tags,
        summary:
          'A drill-down (d: hash or slug), its banner ad and the recent ones; logs a view unless blockLog',
        querystring: ZDrilldownQuery,
        response: { 200: ZDrilldownResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => drilldowns.drilldown(request.member, request.query.d, request.query.blockLog ?? false),
  );

  app.get(
    '/drilldown-view',
    {
      schema: {
        tags,
        summary: 'Logs a play of a drill-down video',
        querystring: ZDrilldownViewQuery,
        response: { 200: ZDrilldownStatusResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => drilldowns.logPlay(request.member, request.query.d),
  );

  app.get(
    '/bannerad-click',
    {
      schema: {
        tags,
        summary: 'Counts a click on a banner ad (b: its hash) before the browser opens its url',
        querystring: ZBannerAdClickQuery,
        response: { 200: ZDrilldownStatusResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => drilldowns.bannerAdClick(request.member, request.query.b),
  );
};
