import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAPTION_MAX_CHARS } from '@opence/shared';
import {
  ZAdminCaptionsQuery,
  ZAdminMediaListQuery,
  ZAdminMediaListResponse,
  ZAdminMediaTextResponse,
  ZAdminTranscriptQuery,
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
import type { FastifyRequest } from 'fastify';
import { incomingUpload, registerUploads, type TUploadRule } from '../../lib/uploads/uploads.ts';
import type { TMediaService } from './media.service.ts';

const tags = ['media'];

/** Caption and transcript files: text, not sniffed (the parser refuses what is not captions, by its line). */
const CAPTION_FILE = { takes: 'a caption file (WebVTT or SRT)', maxBytes: CAPTION_MAX_CHARS };
const TRANSCRIPT_FILE = { takes: 'a transcript (text, WebVTT or SRT)', maxBytes: CAPTION_MAX_CHARS };

/** The uploaded file (multipart field `file`, like other uploads) as text. */
async function uploadedText(request: FastifyRequest, rule: TUploadRule): Promise<string> {
  const upload = await (await incomingUpload(request)).read([rule]);
  return upload.bytes.toString('utf8');
}

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

  // Staff: behind the staff guard before validation, like every route under /api/admin.
  await app.register(async (admin) => {
    admin.addHook('preValidation', app.guards.requireStaff);
    await registerUploads(admin, CAPTION_MAX_CHARS);
    const staff = admin.withTypeProvider<ZodTypeProvider>();

    staff.get(
      '/admin/media-text',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Every episode and video with its captions and transcript (missing=1: only what lacks them)',
          querystring: ZAdminMediaListQuery,
          response: { 200: ZAdminMediaListResponse },
        },
      },
      async (request) => media.mediaList(request.query.missing === '1'),
    );

    staff.post(
      '/admin/media-captions',
      {
        schema: {
          tags: ['admin'],
          summary: 'Uploads or replaces the captions of a video in a language (WebVTT, or SRT converted)',
          consumes: ['multipart/form-data'],
          querystring: ZAdminCaptionsQuery,
          response: { 200: ZAdminMediaTextResponse },
        },
      },
      async (request) =>
        media.uploadCaptions(request.member!, {
          m: request.query.m,
          lang: request.query.lang,
          label: request.query.label,
          text: await uploadedText(request, CAPTION_FILE),
        }),
    );

    staff.post(
      '/admin/media-transcript',
      {
        schema: {
          tags: ['admin'],
          summary: 'Uploads or replaces the transcript of an episode or video (text, VTT or SRT)',
          consumes: ['multipart/form-data'],
          querystring: ZAdminTranscriptQuery,
          response: { 200: ZAdminMediaTextResponse },
        },
      },
      async (request) =>
        media.uploadTranscript(request.member!, {
          m: request.query.m,
          text: await uploadedText(request, TRANSCRIPT_FILE),
        }),
    );
  });
};
