import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Texts } from '@opence/shared';
import { ZUnsubscribeRemindersBody, ZUnsubscribeRemindersQuery } from '@opence/shared/schemas';
import { escapeHtml } from '../../lib/html.ts';
import type { TReminders } from './seats.reminders.ts';

export type TRemindersRoutesOptions = { reminders: TReminders };

const tags = ['seats'];

/** A small page of its own: the link works without the app and without sign-in. */
function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head><body>`,
    `<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

/**
 * The one-click unsubscribe of webinar reminders (issue 25, RFC 8058): the mail's link opens a
 * page whose button POSTs; a mail client's List-Unsubscribe-Post sends the same POST itself.
 * The signed token is the credential: no sign-in.
 */
export const remindersRoutes: FastifyPluginAsyncZod<TRemindersRoutesOptions> = async (app, { reminders }) => {
  // RFC 8058's POST is a form body (List-Unsubscribe=One-Click); only these routes read one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/unsubscribe-reminders',
    {
      schema: {
        tags,
        summary: 'The page of a reminder mail’s unsubscribe link: a button that confirms',
        querystring: ZUnsubscribeRemindersQuery,
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      if (!(await reminders.isValidToken(request.query.t))) {
        reply.code(400);
        return page(
          Texts.REMINDERS_UNSUBSCRIBE_TITLE,
          `<p>${escapeHtml(Texts.REMINDERS_UNSUBSCRIBE_INVALID)}</p>`,
        );
      }
      const action = `/api/unsubscribe-reminders?t=${encodeURIComponent(request.query.t)}`;
      return page(
        Texts.REMINDERS_UNSUBSCRIBE_TITLE,
        `<p>${escapeHtml(Texts.REMINDERS_UNSUBSCRIBE_PROMPT)}</p>` +
          `<form method="post" action="${escapeHtml(action)}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          `<button type="submit">${escapeHtml(Texts.REMINDERS_UNSUBSCRIBE_BUTTON)}</button></form>`,
      );
    },
  );

  app.post(
    '/unsubscribe-reminders',
    {
      schema: {
        tags,
        summary: 'Stops the member’s webinar reminders (one-click, RFC 8058)',
        querystring: ZUnsubscribeRemindersQuery,
        body: ZUnsubscribeRemindersBody,
      },
    },
    async (request, reply) => {
      const result = await reminders.unsubscribe(request.query.t);
      // The page's own button (a browser's form post) gets a page back; a mail client, JSON.
      if (
        request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
        request.headers.accept?.includes('text/html')
      ) {
        reply.type('text/html; charset=utf-8');
        return page(Texts.REMINDERS_UNSUBSCRIBE_TITLE, `<p>${escapeHtml(result.msg)}</p>`);
      }
      return result;
    },
  );
};
