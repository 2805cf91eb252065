import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sessionFromCookie, Texts, timeZoneFromCookie, type TRouteRenderer } from '@opence/shared';
import type { TFirstScreenPages } from '../domain/first-screen-page.ts';
import { acceptedEncoding, compressed } from '../lib/compression.ts';
import { MEDIA_URL_PREFIX, type TStorage } from '../lib/storage.ts';
import { registerStoredMedia } from './stored-media.ts';

/*
 * The server's one way into the web app (docs/decisions/0841): its build, found by the web
 * workspace's name unless WEB_DIST names another, read here once at start-up, and served here.
 * No other file of the server reads the web app's files or imports its code.
 */

const ONE_YEAR = 31_536_000;

/** Where the web build puts the server's renderer of a route (apps/web/vite.config.ts). */
const RENDER_DIR = 'render';

/** The built web app as the server uses it. */
export type TWebBuild = {
  dist: string;
  /** The page template (index.html), or null when the app is not built: only the API is served. */
  page: string | null;
  /** The CSP sources of the page's inline scripts (its head script and loader), by their hashes. */
  inlineScriptHashes: string[];
  /** The renderer of a visitor's and a member's route (decisions 0812, 0833), or null. */
  renderer: TRouteRenderer | null;
  /** The app's icon (favicon.svg), which /favicon.ico is drawn from, or null without one. */
  readIcon: () => Promise<Buffer | null>;
};

/** The web workspace's build folder (apps/web/dist), found from here in the source and in the bundle alike. */
function defaultWebDist(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@opence/web/package.json')), 'dist');
}

/** The CSP source of each inline script of the page (the head script and the app's loader). */
export function inlineScriptHashes(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** The built web app in `webDist`, else in the web workspace (restart the server after a build). */
export async function readWebBuild(webDist: string | null): Promise<TWebBuild> {
  const dist = webDist ?? defaultWebDist();
  const file = path.join(dist, 'index.html');
  const page = existsSync(file) ? readFileSync(file, 'utf8') : null;
  return {
    dist,
    page,
    inlineScriptHashes: page ? inlineScriptHashes(page) : [],
    renderer: page === null ? null : await readRouteRender(dist),
    readIcon: () => readFile(path.join(dist, 'favicon.svg')).catch(() => null),
  };
}

/**
 * The built renderer (dist/render/route-render.js), checked against the contract it was built to
 * (TRouteRenderer, which app/route-render.tsx satisfies), or null when not built.
 */
async function readRouteRender(webDist: string): Promise<TRouteRenderer | null> {
  const file = path.join(webDist, RENDER_DIR, 'route-render.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as Partial<Record<keyof TRouteRenderer, unknown>>;
  const { renderRoute, renderMemberRoute, screenHead, consoleHead, isKnownAddress } = module;
  if (typeof renderRoute !== 'function' || typeof screenHead !== 'string') {
    throw new Error(`${file} exports no renderRoute and screenHead`);
  }
  const renderer: TRouteRenderer = { renderRoute: renderRoute as TRouteRenderer['renderRoute'], screenHead };
  // A build from before decision 0833 renders no member's screen.
  if (typeof renderMemberRoute === 'function') {
    renderer.renderMemberRoute = renderMemberRoute as NonNullable<TRouteRenderer['renderMemberRoute']>;
  }
  if (typeof consoleHead === 'string') renderer.consoleHead = consoleHead;
  // A build from before issue 22 knows no unknown path: every page then answers 200.
  if (typeof isKnownAddress === 'function') {
    renderer.isKnownAddress = isKnownAddress as NonNullable<TRouteRenderer['isKnownAddress']>;
  }
  return renderer;
}

/**
 * Serves the built web app and stored media. Hashed assets are cached for a year, the page
 * never; every client route gets the page, its first screen filled (features/site/first-screen),
 * so deep links work on reload (03 §1). Unknown /api paths answer a JSON 404; a path no screen of
 * the app has answers 404 with the page, which shows Page Not Found (issue 22, item 15).
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: {
    web: TWebBuild;
    /** Stored media: the local folder (sent by @fastify/static) or an object store (1121). */
    media: { dir: string } | { storage: TStorage };
    /** The filled page of an address for a reader (features/site/first-screen.ts); null when not built. */
    page: TFirstScreenPages | null;
  },
) {
  if ('dir' in opts.media) {
    await app.register(fastifyStatic, {
      root: opts.media.dir,
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      maxAge: '1d',
    });
  } else {
    await registerStoredMedia(app, opts.media.storage);
  }

  const { page } = opts;
  if (page) {
    await app.register(fastifyStatic, {
      root: opts.web.dist,
      prefix: '/',
      wildcard: false,
      // The page is only ever sent filled, by the handler below; the renderer is the server's.
      index: false,
      // The server answers these itself (features/site/site-files.routes.ts, issue 37); an
      // older build's robots.txt must neither be served nor clash with that route.
      globIgnore: ['robots.txt', 'sitemap.xml', 'favicon.ico'],
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith(`/${RENDER_DIR}/`),
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist: opts.web.dist }, 'web app not built: only the API is served (npm run build)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith(MEDIA_URL_PREFIX) ||
      !wantsPage ||
      !page
    ) {
      return reply.status(404).send({ status: false, msg: Texts.NOT_FOUND });
    }
    // A path with a file extension that is not on disk is a missing file, not a route.
    if (url !== '/index.html' && /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.status(404).send({ status: false, msg: Texts.NOT_FOUND });
    }
    // A rendered screen prints its times in the reader's zone, and a member's own screen is drawn
    // for their session: both named by their cookies (0831, 0833).
    const { cookie } = request.headers;
    const filled = await page(request.url, {
      timeZone: timeZoneFromCookie(cookie),
      session: sessionFromCookie(cookie),
    });
    reply.header('vary', 'Accept-Encoding, Cookie');
    // Not a soft 404: a path the app has no screen for says so to crawlers and link checkers.
    const isKnown = opts.web.renderer?.isKnownAddress?.(url) ?? true;
    if (!isKnown) {
      reply.status(404).header('cache-control', 'no-cache');
    } else if (filled.isPrivate) {
      reply.header('cache-control', 'private, no-store');
    } else {
      reply.header('cache-control', 'no-cache').header('etag', filled.etag);
      if (request.headers['if-none-match'] === filled.etag) return reply.status(304).send();
    }
    // Not a route, so @fastify/compress does not see it: compressed here, once per page build.
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .send(encoding === 'identity' ? filled.identity : compressed(filled, encoding));
  });
}
