import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { acceptedEncoding, compressed, type TCompressible } from './compression.ts';
import { PUBLIC_CACHE_CONTROL, type TPublicBody } from './public-cache.ts';
import { cookieSession } from './session-cookie.ts';

/*
 * The public lists and search are the same bytes for every visitor for a few seconds, yet
 * Fastify's pipeline (routing, hooks, validation, the guard, serialisation) cost ten times
 * the work of sending them. Once the app has sent a public answer for a URL, this replays it
 * for that exact URL straight from the HTTP server's request handler until the answer's cache
 * time ends: the same status, headers and body, or 304 for a matching ETag, compressed the
 * same way. A request with a token (Authorization header, an s parameter, or the session
 * cookie where the API takes it: 0842) never matches, so nothing member-specific is replayed. Replayed requests are not logged one by one
 * (docs/decisions/0805).
 */

type TReplayEntry = TCompressible & { expiresAt: number; etag: string };

/** True when a request carries a session outside its address (its answer may be a member's). */
const carriesSession = (request: IncomingMessage) =>
  Boolean(request.headers.authorization) || cookieSession(request.method, request.headers) !== null;

/** True when a URL carries the token parameter s (such an answer may be a member's). */
function carriesToken(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has('s');
}

export type TPublicReplay = ReturnType<typeof createPublicReplay>;

export function createPublicReplay(options: {
  /** The security headers every response carries. */
  headers: OutgoingHttpHeaders;
  maxEntries: number;
  /** Bodies at least this long are compressed when the client accepts it. */
  compressFrom: number;
}) {
  const entries = new Map<string, TReplayEntry>();
  const baseHeaders: OutgoingHttpHeaders = Object.assign({}, options.headers, {
    'cache-control': PUBLIC_CACHE_CONTROL,
    vary: 'Authorization, Accept-Encoding',
  });

  return {
    /** Keeps a public answer the app has just sent for this request, until its cache time ends. */
    remember(request: IncomingMessage, body: TPublicBody): void {
      const url = request.url;
      if (request.method !== 'GET' || !url || carriesSession(request) || carriesToken(url)) return;
      if (body.expiresAt <= Date.now()) return;
      entries.delete(url);
      // Map keeps insertion order: the first key is the oldest entry.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(url, { expiresAt: body.expiresAt, etag: body.etag, identity: Buffer.from(body.json) });
    },

    /** Answers the request from a kept answer; false when the app must answer it. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      if (request.method !== 'GET' || carriesSession(request)) return false;
      const url = request.url ?? '';
      const entry = entries.get(url);
      if (!entry) return false;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(url);
        return false;
      }
      const headers: OutgoingHttpHeaders = Object.assign({}, baseHeaders, { etag: entry.etag });
      if (request.headers['if-none-match'] === entry.etag) {
        response.writeHead(304, headers).end();
        return true;
      }
      const encoding =
        entry.identity.length >= options.compressFrom
          ? acceptedEncoding(request.headers['accept-encoding'])
          : 'identity';
      const bytes = encoding === 'identity' ? entry.identity : compressed(entry, encoding);
      if (encoding !== 'identity') headers['content-encoding'] = encoding;
      headers['content-type'] = 'application/json; charset=utf-8';
      headers['content-length'] = bytes.length;
      response.writeHead(200, headers).end(bytes);
      return true;
    },
  };
}
