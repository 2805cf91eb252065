import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCalendarQuery,
  ZCancelSeatInfoResponse,
  ZCancelSeatRequest,
  ZCancelSeatResponse,
  ZClassStartResponse,
  ZReserveSeatResponse,
  ZSeatClassQuery,
  ZSeatsQuery,
  ZSeatsResponse,
  ZSetPrivacyOptinRequest,
  ZStatus,
  ZWebinarLobbyQuery,
  ZWebinarLobbyResponse,
} from '@opence/shared/schemas';
import { requestToken } from '../../domain/sessions.ts';
import type { TSeatsService } from './seats.service.ts';

export type TSeatsRoutesOptions = { seats: TSeatsService };

const tags = ['seats'];

/** Live webinars (02 §7, 01 §7 seats, 03 §5): seats, waitlist, the room's calls, cancel, lobby. */
export const seatsRoutes: FastifyPluginAsyncZod<TSeatsRoutesOptions> = async (app, { seats }) => {
  // Answers about a member's seat are never cached by the browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.get(
    '/reserve-seat',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Reserves a seat, or a waitlist place when the class is full; the same one on every call',
        querystring: ZSeatClassQuery,
        response: { 200: ZReserveSeatResponse },
      },
    },
    async (request) => seats.reserve(request.member!.id, request.query.c),
  );

  app.post(
    '/set-privacy-optin',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Stores the member’s yes or no to the sponsor’s privacy question',
        body: ZSetPrivacyOptinRequest,
        response: { 200: ZStatus },
      },
    },
    async (request) => {
      await seats.setPrivacyOptin(request.member!.id, request.body.c, request.body.o);
      return { status: true };
    },
  );

  app.get(
    '/class-start',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Records the member’s start of the live class and gives the meeting’s join URL',
        querystring: ZSeatClassQuery,
        response: { 200: ZClassStartResponse },
      },
    },
    async (request) => seats.start(request.member!.id, request.query.c),
  );

  app.get(
    '/cancel-seat',
    {
      preHandler: app.guards.optionalMember,
      schema: {
        tags,
        summary: 'The class a cancel code is for',
        querystring: ZCancelSeatRequest,
        response: { 200: ZCancelSeatInfoResponse },
      },
    },
    async (request) => {
      const data = await seats.cancelInfo(request.query.code, request.member?.id ?? null);
      return { status: true, rowCount: 1, data: [data] };
    },
  );

  app.post(
    '/cancel-seat',
    {
      preHandler: app.guards.optionalMember,
      schema: {
        tags,
        summary: 'Releases the seat; the first waitlisted member gets it',
        body: ZCancelSeatRequest,
        response: { 200: ZCancelSeatResponse },
      },
    },
    async (request) => {
      await seats.cancel(request.body.code, request.member?.id ?? null);
      return { status: true, errorMsg: '' };
    },
  );

  app.get(
    '/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The webinar as an iCalendar (.ics) file',
        querystring: ZCalendarQuery,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const { filename, body } = await seats.calendar(request.query.c);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );

  app.get(
    '/webinar-lobby',
    {
      preHandler: app.guards.optionalMember,
      schema: {
        tags,
        summary: 'Drill-down videos and podcast episodes for a lobby (loc: webinar or exam)',
        querystring: ZWebinarLobbyQuery,
        response: { 200: ZWebinarLobbyResponse },
      },
    },
    async (request) => seats.lobby(request.query),
  );

  app.get(
    '/seats',
    {
      // Members only: the service reads the token's session itself, in the same statement as
      // the seats, and answers 401 as the member guard does without a live one (issue 21).
      schema: {
        tags,
        summary: 'The member’s seats and waitlist places on webinars still to come',
        querystring: ZSeatsQuery,
        response: { 200: ZSeatsResponse },
      },
    },
    async (request) => {
      const data = await seats.sessionSeats(requestToken(request));
      return { status: true, rowCount: data.length, data };
    },
  );
};
