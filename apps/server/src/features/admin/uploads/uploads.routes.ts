import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminUploadListResponse, ZAdminUploadResponse } from '@opence/shared/schemas';
import { incomingUpload, registerUploads } from '../../../lib/uploads/uploads.ts';
import { UPLOAD_LIMITS } from './upload-kinds.ts';
import type { TUploadsService } from './uploads.service.ts';

const ZUploadQuery = z.object({
  kind: z
    .enum(['image', 'audio', 'pdf', 'video', 'signature'], {
      error: 'Choose image, audio, pdf, video or signature.',
    })
    .optional(),
});

/** POST /api/admin/uploads: one file as multipart field `file`; ?kind= says what the form field takes. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: TUploadsService }> = async (
  app,
  { uploads },
) => {
  // The per-kind limits are applied while reading; this one only stops runaway bodies.
  await registerUploads(app, Math.max(...Object.values(UPLOAD_LIMITS)));

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
    async (request) => uploads.upload(await incomingUpload(request), request.query.kind, request.member!),
  );
};
