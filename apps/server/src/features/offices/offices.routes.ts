import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZOfficeAssignInput,
  ZOfficeBoardQuery,
  ZOfficeBoardResponse,
  ZOfficeIdQuery,
  ZOfficeInput,
  ZOfficeInviteInput,
  ZOfficeInvitePreviewResponse,
  ZOfficeInviteResponse,
  ZOfficeJoinInput,
  ZOfficeOkResponse,
  ZOfficeResponse,
  ZOfficeRosterQuery,
  ZOfficeSharingInput,
  ZOfficesResponse,
  ZOfficeTokenQuery,
  ZOfficeAssignment,
} from '@opence/shared/schemas';
import { z } from 'zod';
import type { TOfficesService } from './offices.service.ts';
import type { TOfficeRoster } from './offices.roster.ts';

export type TOfficesRoutesOptions = { offices: TOfficesService; roster: TOfficeRoster };

const tags = ['offices'];

/**
 * Offices (issue 43): a member's offices, invites and joining, the manager's board, assignments
 * and the roster. Every call is a member's, behind the session; a manager is a member, not staff.
 */
export const officesRoutes: FastifyPluginAsyncZod<TOfficesRoutesOptions> = async (
  app,
  { offices, roster },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/offices',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The member’s offices and the assignments their offices gave them',
        querystring: z.object({ s: ZOfficeIdQuery.shape.s }),
        response: { 200: ZOfficesResponse },
      },
    },
    async (request) => offices.list(request.member!),
  );

  app.post(
    '/offices',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Creates an office; the member manages it',
        body: ZOfficeInput,
        response: { 200: ZOfficeResponse },
      },
    },
    async (request) => offices.create(request.member!, request.body),
  );

  app.post(
    '/office-invite',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'An invite link to an office the member manages, mailed where an e-mail is given',
        body: ZOfficeInviteInput,
        response: { 200: ZOfficeInviteResponse },
      },
    },
    async (request) => offices.invite(request.member!, request.body),
  );

  app.get(
    '/office-invite',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The office an invite link names, for the consent screen',
        querystring: ZOfficeTokenQuery,
        response: { 200: ZOfficeInvitePreviewResponse },
      },
    },
    async (request) => offices.invitePreview(request.member!, request.query.t),
  );

  app.post(
    '/office-join',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Joins an office by its invite, with what the member chose to share',
        body: ZOfficeJoinInput,
        response: { 200: ZOfficeResponse },
      },
    },
    async (request) => offices.join(request.member!, request.body),
  );

  app.post(
    '/office-sharing',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Changes what the office sees of the member',
        body: ZOfficeSharingInput,
        response: { 200: ZOfficeResponse },
      },
    },
    async (request) => offices.sharing(request.member!, request.body),
  );

  app.post(
    '/office-leave',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Leaves an office; the last manager leaving erases it, with notice',
        body: ZOfficeIdQuery,
        response: { 200: ZOfficeOkResponse },
      },
    },
    async (request) => offices.leave(request.member!, request.body.id),
  );

  app.get(
    '/office-board',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The manager’s board: each person’s shared renewal and assignments',
        querystring: ZOfficeBoardQuery,
        response: { 200: ZOfficeBoardResponse },
      },
    },
    async (request) => offices.board(request.member!, request.query),
  );

  app.post(
    '/office-assignments',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Assigns a course or topic to a colleague with a due date',
        body: ZOfficeAssignInput,
        response: { 200: z.object({ status: z.literal(true), assignment: ZOfficeAssignment }) },
      },
    },
    async (request) => offices.assign(request.member!, request.body),
  );

  app.post(
    '/office-assignment-done',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Marks one of the member’s assignments done',
        body: ZOfficeIdQuery,
        response: { 200: ZOfficeOkResponse },
      },
    },
    async (request) => offices.assignmentDone(request.member!, request.body.id),
  );

  app.get(
    '/office-roster',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The office’s roster as CSV or PDF (managers)',
        querystring: ZOfficeRosterQuery,
      },
    },
    async (request, reply) => {
      const file = await roster.file(request.member!, request.query.id, request.query.format);
      return reply.headers(file.headers).send(file.body);
    },
  );
};
