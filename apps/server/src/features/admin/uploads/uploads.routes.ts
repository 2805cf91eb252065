import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ZAdminUploadListResponse, ZAdminUploadResponse } from '@opence/shared/schemas';
import { badRequest } from '../../../lib/api-errors.ts';
import { UPLOAD_LIMITS } from './sniff.ts';
import type { TUploadsService } from './uploads.service.ts';

const ZUploadQuery = z.object({
  kind: z
    .enum(['image', 'audio', 'pdf', 'video', 'signature'], {
      error: 'Choose image, audio, pdf, video or signature.',
    })
    .optional(),
});

const MALFORMED_UPLOAD = 'The upload could not be read: send the file again as a form upload.';

/**
 * The multipart parser's own errors (no boundary, a body cut off, a broken part header) carry
 * no status: they are the client's malformed body, a 400, not a server failure. The plugin's
 * errors (file too large, too many parts) keep their status.
 */
function refuseMalformed(error: unknown): never {
  const hasStatus = typeof error === 'object' && error !== null && 'statusCode' in error;
  throw hasStatus ? error : badRequest(MALFORMED_UPLOAD, 'file');
}

async function* readingBody(file: AsyncIterable<Buffer>) {
  try {
    yield* file;
  } catch (error) {
    refuseMalformed(error);
  }
}

/** POST /api/admin/uploads: one file as multipart field `file`; ?kind= says what the form field takes. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: TUploadsService }> = async (
  app,
  { uploads },
) => {
  await app.register(multipart, {
    // The per-kind limits are applied while reading; this one only stops runaway bodies.
    limits: { fileSize: Math.max(...Object.values(UPLOAD_LIMITS)) + 1, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/admin/uploads',
    {
      schema: {
        tags: ['admin'],
        summary: 'The latest uploads, newest first (?kind= one kind), to choose one again',
        querystring: ZUploadQuery,
        response: { 200: ZAdminUploadListResponse },
      },
    },
    (request) => uploads.recent(request.query.kind),
  );

  app.post(
    '/admin/uploads',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Upload an image, audio, PDF or video file, or the certificate signature (PNG or SVG, stored as PNG)',
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 200: ZAdminUploadResponse },
      },
    },
    async (request) => {
      const part = request.isMultipart() ? await request.file().catch(refuseMalformed) : undefined;
      if (!part) throw badRequest('Choose a file to upload.', 'file');
      return uploads.upload(
        { filename: part.filename, file: Readable.from(readingBody(part.file)) },
        request.query.kind,
        request.member!,
      );
    },
  );
};
