import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { z } from 'zod';

/*
 * Public answers (the lists and search every visitor sees) are built once, kept a few seconds
 * in this process, and sent as pre-serialised JSON with an ETag and a short public
 * Cache-Control. Anything that depends on a member is never cached, here or by a proxy.
 * A few seconds of staleness is the price; nothing member-specific or shared between
 * processes lives here (03 §1).
 */

/** A public answer ready to send: its JSON text, ETag, and when its cache time ends (epoch ms). */
export type TPublicBody = { json: string; etag: string; expiresAt: number };

/** What a list or search service returns: a cacheable public body, or a member's own answer. */
export type TAnswer<T> = { kind: 'public'; body: TPublicBody } | { kind: 'member'; value: T };

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Serialises a public answer once; the caller has already shaped it by its response schema. */
export function publicBody(value: unknown, expiresAt: number): TPublicBody {
  const json = JSON.stringify(value);
  const digest = createHash('sha1').update(json).digest('base64url');
  return { json, etag: `W/"${digest}"`, expiresAt };
}

/**
 * A small in-process cache with a time to live, a size cap and one load per key at a time
 * (concurrent requests for the same key share the pending load). A failed load is not kept.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();

  return {
    /** The value of key, loaded (load gets the entry's time) when missing or older than the TTL. */
    get(key: string, load: (at: number) => Promise<V>, now = Date.now()): Promise<V> {
      const hit = entries.get(key);
      if (hit && now - hit.at < options.ttlMs) return hit.value;
      if (hit) entries.delete(key);
      // Map keeps insertion order: the first key is the oldest entry.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load(now);
      entries.set(key, { at: now, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    /** Forgets key, so the next get loads it: this process's own change is seen at once. */
    delete(key: string): void {
      entries.delete(key);
    },
  };
}

/** Who asks: a signed-in member's id, or null for a visitor. */
export type TViewer = { id: string } | null;

/** The viewer of a request the optionalMember guard has resolved. */
export const viewerOf = (request: FastifyRequest): TViewer =>
  request.member ? { id: request.member.id } : null;

/**
 * Answers built from a public part every visitor shares and, for a member, their own flags
 * added to it. The public part is built once per key and time to live, shaped (and stripped
 * of anything unnamed) by its response schema, and serialised once.
 */
export function createPublicAnswers(options: { ttlMs: number; maxEntries: number }) {
  const cache = createTtlCache<{ value: unknown; body: TPublicBody }>(options);

  return {
    async answer<S extends z.ZodTypeAny>(
      viewer: TViewer,
      key: string,
      schema: S,
      build: () => Promise<z.input<S>>,
      personalise: (value: z.output<S>, memberId: string) => Promise<z.output<S>>,
    ): Promise<TAnswer<z.output<S>>> {
      const built = await cache.get(key, async (at) => {
        const value: unknown = schema.parse(await build());
        return { value, body: publicBody(value, at + options.ttlMs) };
      });
      if (!viewer) return { kind: 'public', body: built.body };
      return { kind: 'member', value: await personalise(built.value as z.output<S>, viewer.id) };
    },
  };
}

/**
 * Sends a list or search answer: a public body with ETag (304 when the browser has it) and a
 * short public Cache-Control; a member's answer through the route's schema, never stored.
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: TAnswer<unknown>,
): FastifyReply {
  // The answer differs by the Bearer header as well as by the URL's s.
  reply.header('vary', 'Authorization');
  if (answer.kind === 'member') {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return reply.send(answer.value);
  }
  request.server.publicReplay.remember(request.raw, answer.body);
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  reply.header('etag', answer.body.etag);
  if (request.headers['if-none-match'] === answer.body.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body.json);
}
