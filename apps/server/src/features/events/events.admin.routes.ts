import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import {
  ZAdminEventClaimsResponse,
  ZAdminEventParams,
  ZAdminEventResponse,
  ZAdminEventsResponse,
  ZCreateEventRequest,
  ZCreateEventResponse,
  type TCreateEventRequest,
} from '@opence/shared/schemas';
import { csvHeaders, toCsv } from '../../lib/csv.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { TEventsService } from './events.service.ts';
import { renderPosterPdf } from './poster.pdf.ts';

const tags = ['admin'];

/**
 * Staff side of in-person events (issue 25): create, list, claims and their CSV, the QR poster.
 * app.ts registers it under /api; every route is behind the staff guard like the console's own.
 */
export const eventsAdminRoutes: FastifyPluginAsyncZod<{ events: TEventsService }> = async (
  app,
  { events },
) => {
  app.addHook('preValidation', app.guards.requireStaff);
  app.post(
    '/admin/in-person-events',
    {
      schema: {
        tags,
        summary: 'Creates an in-person event with its claim code',
        body: ZCreateEventRequest,
        response: { 200: ZCreateEventResponse },
      },
    },
    async (request) => ({
      status: true,
      event: await events.create(request.member!.id, request.body as TCreateEventRequest),
    }),
  );

  app.get(
    '/admin/in-person-events/:id',
    {
      schema: {
        tags,
        summary: 'One in-person event, as its form edits it, with the topic list',
        params: ZAdminEventParams,
        response: { 200: ZAdminEventResponse },
      },
    },
    async (request) => ({
      status: true,
      event: await events.get(request.params.id),
      topicOptions: await events.topicOptions(),
    }),
  );

  app.put(
    '/admin/in-person-events/:id',
    {
      schema: {
        tags,
        summary: 'Edits an in-person event (its claim code stays)',
        params: ZAdminEventParams,
        body: ZCreateEventRequest,
        response: { 200: ZCreateEventResponse },
      },
    },
    async (request) => ({
      status: true,
      event: await events.update(request.member!.id, request.params.id, request.body as TCreateEventRequest),
    }),
  );

  app.get(
    '/admin/in-person-events',
    {
      schema: {
        tags,
        summary: 'Every in-person event with its claim count',
        response: { 200: ZAdminEventsResponse },
      },
    },
    async () => ({ status: true, data: await events.list(), topicOptions: await events.topicOptions() }),
  );

  app.get(
    '/admin/in-person-events/:id/claims',
    {
      schema: {
        tags,
        summary: 'The claims of an in-person event',
        params: ZAdminEventParams,
        response: { 200: ZAdminEventClaimsResponse },
      },
    },
    async (request) => ({ status: true, data: await events.claims(request.params.id) }),
  );

  app.get(
    '/admin/in-person-events/:id/claims.csv',
    { schema: { tags, summary: 'The claims of an in-person event as CSV', params: ZAdminEventParams } },
    async (request, reply) => {
      const rows = await events.claims(request.params.id);
      const csv = toCsv(
        ['Name', 'E-mail', 'AGD number', 'Claimed at', 'Certificate number'],
        rows.map((r) => [r.name, r.email, r.agdNumber, r.claimedAt, r.certificateNumber]),
      );
      return reply.headers(csvHeaders('event-claims.csv')).send(csv);
    },
  );

  app.get(
    '/admin/in-person-events/:id/poster.pdf',
    {
      schema: {
        tags,
        summary: 'The poster as a PDF to print or send: the event, the claim code and its QR code',
        params: ZAdminEventParams,
      },
    },
    async (request, reply) => {
      const event = await events.event(request.params.id);
      const bytes = await renderPosterPdf({
        title: event.title,
        place: event.place,
        date: event.release_at,
        code: event.code,
        claimUrl: event.claimUrl,
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="poster-${event.code}.pdf"`)
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/admin/in-person-events/:id/poster',
    {
      schema: {
        tags,
        summary: 'A printable poster: the claim code and a QR code of the claim page',
        params: ZAdminEventParams,
      },
    },
    async (request, reply) => {
      const event = await events.event(request.params.id);
      const svg = await QRCode.toString(event.claimUrl, { type: 'svg', margin: 1, width: 360 });
      reply.type('text/html; charset=utf-8');
      return [
        '<!doctype html><html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        `<title>${escapeHtml(event.title)}: claim your CE</title>`,
        // One printed page: the code big enough to read across a room, the QR code beside it.
        '<style>body{font-family:system-ui,sans-serif;text-align:center;margin:0;padding:32px;color:#111}',
        'h1{font-size:2rem;margin:0 0 8px}p{font-size:1.25rem;margin:8px 0}',
        'strong{display:block;font:800 clamp(2.5rem,14vw,5rem)/1.1 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.15em;margin:16px 0}',
        'svg{width:min(360px,80vw);height:auto}@page{size:auto;margin:12mm}</style></head><body>',
        `<main><h1>${escapeHtml(event.title)}</h1><p>${escapeHtml(event.place)}</p>`,
        `<p>Claim your CE: scan the code, or open ${escapeHtml(event.claimUrl.replace(/\/[^/]+$/, ''))} and enter</p>`,
        `<p><strong>${escapeHtml(event.code)}</strong></p>`,
        `<div>${svg}</div></main></body></html>`,
      ].join('');
    },
  );
};
