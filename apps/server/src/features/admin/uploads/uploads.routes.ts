import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminUploadResponse } from '@opence/shared/schemas';
import { badRequest } from '../../../plugins/errors.ts';
import { UPLOAD_LIMITS } from './sniff.ts';
import type { TUploadsService } from './uploads.service.ts';

const ZUploadQuery = z.object({
  kind: z
    .enum(['image', 'audio', 'pdf', 'video'], { error: 'Choose image, audio, pdf or video.' })
    .optional(),
});

/** POST /api/admin/uploads: one file as multipart field `file`; ?kind= says what the form field takes. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: TUploadsService }> = async (
  app,
  { uploads },
) => {
  await app.register(multipart, {
    // The per-kind limits are applied while reading; this one only stops runaway bodies.
    limits: { fileSize: Math.max(...Object.values(UPLOAD_LIMITS)) + 1, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    '/admin/uploads',
    {
      schema: {
        tags: ['admin'],
        summary: 'Upload an image, audio, PDF or video file',
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 200: ZAdminUploadResponse },
      },
    },
    async (request) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw badRequest('Choose a file to upload.', 'file');
      return uploads.upload(
        { filename: part.filename, file: part.file },
        request.query.kind,
        request.member!,
      );
    },
  );
};
