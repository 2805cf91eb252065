import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCaptionFileQuery,
  ZMediaPositionsQuery,
  ZMediaPositionsResponse,
  ZMediaPrefsQuery,
  ZMediaPrefsResponse,
  ZMediaSaveResponse,
  ZMediaTextQuery,
  ZMediaTextResponse,
  ZSaveMediaPositionRequest,
  ZSaveMediaPrefsRequest,
} from '@opence/shared/schemas';
import type { TMediaService } from './media.service.ts';

const tags = ['media'];

/** A member's positions and preferences; a medium's captions and transcript. */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: TMediaService }> = async (app, { media }) => {
  const { requireMember } = app.guards;

  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/captions')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/media-positions',
    {
      schema: {
        tags,
        summary: "The member's saved positions in the given media (m: keys, comma-separated)",
        querystring: ZMediaPositionsQuery,
        response: { 200: ZMediaPositionsResponse },
      },
      preHandler: requireMember,
    },
    async (request) => media.positions(request.member!, request.query.m),
  );

  app.post(
    '/media-position',
    {
      schema: {
        tags,
        summary: 'Saves where the member is in an episode or video (at most every 15 s, on pause or leave)',
        body: ZSaveMediaPositionRequest,
        response: { 200: ZMediaSaveResponse },
      },
      preHandler: requireMember,
    },
    async (request) => media.savePosition(request.member!, request.body),
  );

  app.get(
    '/media-prefs',
    {
      schema: {
        tags,
        summary: "The member's listening speed and captions choice",
        querystring: ZMediaPrefsQuery,
        response: { 200: ZMediaPrefsResponse },
      },
      preHandler: requireMember,
    },
    async (request) => media.prefs(request.member!),
  );

  app.post(
    '/media-prefs',
    {
      schema: {
        tags,
        summary: "Saves the member's listening speed or captions choice",
        body: ZSaveMediaPrefsRequest,
        response: { 200: ZMediaPrefsResponse },
      },
      preHandler: requireMember,
    },
    async (request) => media.savePrefs(request.member!, request.body),
  );

  app.get(
    '/media-text',
    {
      schema: {
        tags,
        summary: 'The caption tracks and the transcript of an episode or video',
        querystring: ZMediaTextQuery,
        response: { 200: ZMediaTextResponse },
      },
    },
    async (request) => media.text(request.query.m),
  );

  app.get(
    '/captions',
    {
      schema: {
        tags,
        summary: 'A caption track as WebVTT (text/vtt)',
        querystring: ZCaptionFileQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const file = await media.captionFile(request.query.m, request.query.lang);
      reply.header('content-type', 'text/vtt; charset=utf-8');
      reply.header('cache-control', 'no-cache');
      reply.header('last-modified', new Date(file.updated_at).toUTCString());
      return file.vtt;
    },
  );
};
