import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { PICTURE_COPY_PREFIX, PICTURE_FILE, PICTURE_WIDTHS, type TPictureWidth } from '@opence/shared';
import type { TStorage } from '../../lib/storage.ts';
import { notFound } from '../../lib/api-errors.ts';

export type TPictureCopiesOptions = { storage: TStorage };

const ZPictureCopyParams = z.object({
  width: z.coerce
    .number()
    .refine((width): width is TPictureWidth => (PICTURE_WIDTHS as readonly number[]).includes(width), {
      message: `width must be one of ${PICTURE_WIDTHS.join(', ')}`,
    }),
  '*': z.string().regex(PICTURE_FILE, 'not a picture'),
});

/** Where the copies are kept in storage, beside the stored files. */
const COPIES_FOLDER = '_w/';

/** A stored picture at `width` pixels wide (never wider than it is), as WebP; null if it is not a picture. */
async function makeCopy(original: Buffer, width: number): Promise<Buffer | null> {
  try {
    return await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch {
    return null;
  }
}

/**
 * Smaller copies of stored pictures (decision 0813): `GET /media/_w/{width}/{key}`. Each copy is
 * made once, from the stored file, and kept in storage beside it under `_w/`; the stored files
 * themselves stay as uploaded. Widths are a fixed few, so nobody can fill the disk with sizes.
 */
export const pictureCopiesRoutes: FastifyPluginAsyncZod<TPictureCopiesOptions> = async (app, { storage }) => {
  /**
   * Copies being made, by their storage key. A new featured photo is asked for by every visitor
   * of a list at once: they all wait for the one copy being made instead of each running sharp.
   */
  const making = new Map<string, Promise<Buffer | null>>();

  async function copyOf(key: string, copyKey: string, width: number): Promise<Buffer | null> {
    const kept = await storage.get(copyKey);
    if (kept) return kept;
    let pending = making.get(copyKey);
    if (!pending) {
      pending = (async () => {
        const original = await storage.get(key);
        const copy = original && (await makeCopy(original, width));
        if (copy) await storage.put(copyKey, copy, 'image/webp');
        return copy;
      })().finally(() => making.delete(copyKey));
      making.set(copyKey, pending);
    }
    return pending;
  }

  app.get(
    `${PICTURE_COPY_PREFIX}:width/*`,
    { schema: { hide: true, params: ZPictureCopyParams } },
    async (request, reply) => {
      const { width } = request.params;
      const key = path.posix.normalize(request.params['*']);
      // A copy is never made of a copy: chains of them would fill the disk one request at a time.
      if (key.startsWith(COPIES_FOLDER) || key.startsWith('..') || key.startsWith('/')) throw notFound();
      const copy = await copyOf(key, `${COPIES_FOLDER}${width}/${key}.webp`, width);
      if (!copy) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=86400')
        .send(copy);
    },
  );
};
