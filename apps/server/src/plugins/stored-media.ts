import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import parseRange from 'range-parser';
import { Texts } from '@opence/shared';
import { MEDIA_URL_PREFIX, type TStorage } from '../lib/storage.ts';

/** The cache a stored medium gets, the same as @fastify/static's `maxAge: '1d'` on disk. */
const MEDIA_CACHE = 'public, max-age=86400';

/**
 * Public media from an object store, served through the app (decision 1121) with what
 * @fastify/static gives the local folder: a day's public cache, an ETag and Last-Modified that
 * answer 304, and one byte range (206, or 416 past the end) for audio and video seeking. The
 * bucket itself stays private: no presigned or public URL ever leaves the server.
 */
export async function registerStoredMedia(app: FastifyInstance, storage: TStorage) {
  const notFound = { status: false, msg: Texts.NOT_FOUND };
  app.get(`${MEDIA_URL_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    let file;
    try {
      file = await storage.stat(key);
    } catch (error) {
      if ((error as Error).message.startsWith('Unsafe storage key')) return reply.status(404).send(notFound);
      throw error;
    }
    if (!file) return reply.status(404).send(notFound);
    const etag = `"${file.etag}"`;
    void reply
      .header('cache-control', MEDIA_CACHE)
      .header('etag', etag)
      .header('last-modified', file.modified.toUTCString())
      .header('accept-ranges', 'bytes')
      .type(file.contentType ?? 'application/octet-stream');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const asked = request.headers.range;
    const ranges = asked ? parseRange(file.size, asked, { combine: true }) : null;
    if (ranges === -1) return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    // A malformed Range, or several ranges, is answered with the whole file, as @fastify/send does.
    const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
    const body = await storage.open(key, range);
    if (!body) return reply.status(404).send(notFound);
    if (range) {
      void reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    }
    return reply
      .header('content-length', range ? range.end - range.start + 1 : file.size)
      .send(Readable.from(body));
  });
}
