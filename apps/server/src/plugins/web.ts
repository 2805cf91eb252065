import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Texts } from '@opence/shared';
import { MEDIA_URL_PREFIX } from '../lib/storage.ts';

const ONE_YEAR = 31_536_000;

/**
 * Serves the built web app and stored media. Hashed assets are cached for a year, index.html
 * never; every client route gets index.html so deep links work on reload (03 §1). Unknown
 * /api paths answer a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, opts: { webDist: string; mediaDir: string }) {
  await app.register(fastifyStatic, {
    root: opts.mediaDir,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    maxAge: '1d',
  });

  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist: opts.webDist }, 'web app not built: only the API is served (npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith(MEDIA_URL_PREFIX) ||
      !wantsPage ||
      !hasWeb
    ) {
      return reply.status(404).send({ status: false, msg: Texts.NOT_FOUND });
    }
    // A path with a file extension that is not on disk is a missing file, not a route.
    if (/\.[a-z0-9]{2,5}$/i.test(url)) return reply.status(404).send({ status: false, msg: Texts.NOT_FOUND });
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
