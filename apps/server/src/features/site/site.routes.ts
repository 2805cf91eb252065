import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBlurbQuery, ZBlurbResponse, ZHealthResponse, ZSiteResponse } from '@opence/shared/schemas';
import { Texts } from '@opence/shared';
import type { TDialectName } from '../../db/dialect/index.ts';
import { pingDatabase } from './site.repo.ts';
import type { TSiteService } from './site.service.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

export type TSiteRoutesOptions = { site: TSiteService; db: Kysely<DB>; dialect: TDialectName };

/** Health, public site settings and text blocks (01 §7 blurb). */
export const siteRoutes: FastifyPluginAsyncZod<TSiteRoutesOptions> = async (app, { site, db, dialect }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['site'],
        summary: 'Liveness and database reachability',
        response: { 200: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      await pingDatabase(db);
      reply.header('cache-control', 'no-store');
      return { status: true, database: dialect, uptimeSec: Math.round(process.uptime()) };
    },
  );

  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Brand and links every page shows',
        response: { 200: ZSiteResponse },
      },
    },
    async (_request, reply) => {
      const { brand, socialLinks, desktopSiteUrl } = await site.settings();
      reply.header('cache-control', 'public, max-age=60');
      return { status: true, brand, socialLinks, desktopSiteUrl };
    },
  );

  app.get(
    '/blurb',
    {
      schema: {
        tags: ['site'],
        summary: 'A text block by code (cookie_message, terms, privacy, …)',
        querystring: ZBlurbQuery,
        response: { 200: ZBlurbResponse, 404: ZBlurbResponse },
      },
    },
    async (request, reply) => {
      const row = await site.blurb(request.query.code);
      reply.header('cache-control', 'public, max-age=60');
      if (!row) return reply.status(404).send({ status: false, msg: Texts.NOT_FOUND, rowCount: 0, data: [] });
      return { status: true, rowCount: 1, data: [row] };
    },
  );
};
