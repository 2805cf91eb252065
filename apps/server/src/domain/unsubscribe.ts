import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/types.ts';
import { escapeHtml } from '../lib/html.ts';
import { loginLinkSecret } from './login-links.ts';

/*
 * One-click unsubscribe (RFC 2369, RFC 8058) of every bulk or reminder mail (issue 25; issue 37
 * row 11): a token that names the member by public hash, signed with the server's link secret for
 * one list. It does not expire: an old mail's link still works. The link opens a page whose
 * button POSTs; a mail client's List-Unsubscribe-Post sends the same POST, as a urlencoded or a
 * multipart form (RFC 8058 allows both).
 */

/** The mail lists a member can leave: webinar reminders and notices, CE deadline reminders. */
export type TMailList = 'reminders' | 'ce-reminders';

const LISTS: Record<TMailList, { purpose: string; path: string }> = {
  reminders: { purpose: 'unsubscribe-reminders', path: '/api/unsubscribe-reminders' },
  'ce-reminders': { purpose: 'unsubscribe-ce-reminders', path: '/api/unsubscribe-ce-reminders' },
};

function signature(secret: Buffer, list: TMailList, memberHash: string): string {
  return createHmac('sha256', secret).update(`${LISTS[list].purpose}.${memberHash}`).digest('base64url');
}

/** The signed, non-expiring token of a member's unsubscribe link from one list. */
export async function unsubscribeToken(db: Kysely<DB>, list: TMailList, memberHash: string): Promise<string> {
  return `${memberHash}.${signature(await loginLinkSecret(db), list, memberHash)}`;
}

/** The member hash a valid token of this list names, or null. */
export async function verifyUnsubscribeToken(
  db: Kysely<DB>,
  list: TMailList,
  token: string,
): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signature(await loginLinkSecret(db), list, match[1]!), 'base64url');
  const given = Buffer.from(match[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return match[1]!;
}

/** Where a mail's unsubscribe link points (the page with its button, and the one-click POST). */
export const unsubscribeUrl = (publicUrl: string, list: TMailList, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${LISTS[list].path}?t=${token}`;

/** The headers of RFC 2369 and RFC 8058 that let a mail client unsubscribe in one click. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** A small page of its own: the link works without the app and without sign-in. */
function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head><body>`,
    `<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

export type TUnsubscribeTexts = { title: string; prompt: string; button: string; invalid: string };

/**
 * GET and POST `/api/<list's path>` for one list. Register it in a plugin of its own: it reads
 * form bodies (urlencoded and multipart), which no other route accepts.
 */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  opts: {
    list: TMailList;
    tags: string[];
    summary: string;
    texts: TUnsubscribeTexts;
    query: z.ZodType<{ t: string }>;
    body: z.ZodType;
    isValid: (token: string) => Promise<boolean>;
    unsubscribe: (token: string) => Promise<{ status: true; msg: string }>;
  },
) {
  const path = LISTS[opts.list].path.replace(/^\/api/, '');
  const { texts } = opts;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // RFC 8058 §3.1: the POST may be multipart/form-data; its one field is read with the
  // platform's own form parser (the body limit still applies).
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    new Response(body as Buffer, { headers: { 'content-type': String(request.headers['content-type']) } })
      .formData()
      .then((form) => done(null, Object.fromEntries([...form].map(([k, v]) => [k, String(v)]))))
      .catch(() => done(Object.assign(new Error('unreadable form'), { statusCode: 400 }), undefined));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    path,
    {
      schema: {
        tags: opts.tags,
        summary: `The page of the mail's unsubscribe link: a button that confirms (${opts.summary})`,
        querystring: opts.query,
      },
    },
    async (request, reply) => {
      const { t } = request.query as { t: string };
      reply.type('text/html; charset=utf-8');
      if (!(await opts.isValid(t))) {
        reply.code(400);
        return page(texts.title, `<p>${escapeHtml(texts.invalid)}</p>`);
      }
      const action = `${LISTS[opts.list].path}?t=${encodeURIComponent(t)}`;
      return page(
        texts.title,
        `<p>${escapeHtml(texts.prompt)}</p>` +
          `<form method="post" action="${escapeHtml(action)}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          `<button type="submit">${escapeHtml(texts.button)}</button></form>`,
      );
    },
  );

  app.post(
    path,
    {
      schema: {
        tags: opts.tags,
        summary: `${opts.summary} (one-click, RFC 8058: urlencoded or multipart)`,
        querystring: opts.query,
        body: opts.body,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
      },
    },
    async (request, reply) => {
      const result = await opts.unsubscribe((request.query as { t: string }).t);
      // The page's own button (a browser's form post) gets a page back; a mail client, JSON.
      if (
        request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
        request.headers.accept?.includes('text/html')
      ) {
        reply.type('text/html; charset=utf-8');
        return page(texts.title, `<p>${escapeHtml(result.msg)}</p>`);
      }
      return result;
    },
  );
}
