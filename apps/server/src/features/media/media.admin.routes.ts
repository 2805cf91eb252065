import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CAPTION_MAX_CHARS } from '@opence/shared';
import {
  ZAdminCaptionsQuery,
  ZAdminMediaListQuery,
  ZAdminMediaListResponse,
  ZAdminMediaTextResponse,
  ZAdminTranscriptQuery,
} from '@opence/shared/schemas';
import { incomingUpload, registerUploads, type TUploadRule } from '../../lib/uploads/uploads.ts';
import type { TMediaService } from './media.service.ts';

const tags = ['admin'];

/** Caption and transcript files: text, not sniffed (the parser refuses what is not captions, by its line). */
const CAPTION_FILE = { takes: 'a caption file (WebVTT or SRT)', maxBytes: CAPTION_MAX_CHARS };
const TRANSCRIPT_FILE = { takes: 'a transcript (text, WebVTT or SRT)', maxBytes: CAPTION_MAX_CHARS };

/** The uploaded file (multipart field `file`, like other uploads) as text. */
async function uploadedText(request: FastifyRequest, rule: TUploadRule): Promise<string> {
  const upload = await (await incomingUpload(request)).read([rule]);
  return upload.bytes.toString('utf8');
}

/**
 * The staff console's part of media: every episode and video with its captions and
 * transcript, and their upload. app.ts registers it under /api; every route is behind the staff
 * guard before validation, like every route under /api/admin.
 */
export const mediaAdminRoutes: FastifyPluginAsyncZod<{ media: TMediaService }> = async (app, { media }) => {
  app.addHook('preValidation', app.guards.requireStaff);
  await registerUploads(app, CAPTION_MAX_CHARS);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/admin/media-text',
    {
      schema: {
        tags,
        summary: 'Every episode and video with its captions and transcript (missing=1: only what lacks them)',
        querystring: ZAdminMediaListQuery,
        response: { 200: ZAdminMediaListResponse },
      },
    },
    async (request) => media.mediaList(request.query.missing === '1'),
  );

  app.post(
    '/admin/media-captions',
    {
      schema: {
        tags,
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

  app.post(
    '/admin/media-transcript',
    {
      schema: {
        tags,
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
};
