import type { FastifyInstance } from 'fastify';

export type TRoute = { method: string; url: string };

/**
 * Every route of an app, read from Fastify's own route table (printRoutes), so a test that
 * walks it cannot miss a route added later. HEAD twins of GET routes are left out.
 */
export function listRoutes(app: FastifyInstance): TRoute[] {
  const routes: TRoute[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+?)(?: \(([^)]*)\))?$/.exec(line.replace(/\s+$/, ''));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}

/**
 * Routes of the route table that are not API calls and take no input: the media file server and
 * the site's files at the root (issue 37, docs/decisions/0933).
 */
export const NOT_API_ROUTES: ReadonlySet<string> = new Set([
  'GET *',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /.well-known/security.txt',
  // The provider's did:web document with its signing keys (issue 40).
  'GET /.well-known/did.json',
  'GET /favicon.ico',
  // The installable app's manifest and icons (issue 44).
  'GET /manifest.webmanifest',
  'GET /icons/icon-192.png',
  'GET /icons/icon-512.png',
  'GET /icons/maskable-512.png',
  'GET /apple-touch-icon.png',
]);
