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
  ZOrganisationBoardQuery,
  ZOrganisationBoardResponse,
  ZOrganisationInput,
  ZOrganisationInvitePreviewResponse,
  ZOrganisationJoinInput,
  ZOrganisationOfficeInput,
  ZOrganisationResponse,
  ZOrganisationRosterQuery,
  ZOrganisationsResponse,
  ZOfficeRoleInput,
  ZOrganisationPromoteInput,
} from '@opence/shared/schemas';
import { z } from 'zod';
import type { TOfficesService } from './offices.service.ts';
import type { TOfficeRoster } from './offices.roster.ts';
import type { TOrganisationsService } from './organisations.service.ts';

export type TOfficesRoutesOptions = {
  offices: TOfficesService;
  organisations: TOrganisationsService;
  roster: TOfficeRoster;
};

const tags = ['offices'];

/**
 * Offices (issue 43): a member's offices, invites and joining, the manager's board, assignments
 * and the roster. Every call is a member's, behind the session; a manager is a member, not staff.
 */
export const officesRoutes: FastifyPluginAsyncZod<TOfficesRoutesOptions> = async (
  app,
  { offices, organisations, roster },
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

  // The DSO level (decisions 1167, 1168): organisations of offices and their managers "for all".
  app.get(
    '/organisations',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The organisations the member manages, with their offices',
        querystring: z.object({ s: ZOfficeIdQuery.shape.s }),
        response: { 200: ZOrganisationsResponse },
      },
    },
    async (request) => organisations.list(request.member!),
  );

  app.post(
    '/organisations',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Creates an organisation (DSO); the member manages it',
        body: ZOrganisationInput,
        response: { 200: ZOrganisationResponse },
      },
    },
    async (request) => organisations.create(request.member!, request.body),
  );

  app.post(
    '/organisation-invite',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'An invite link for an office’s manager to bring their office in',
        body: ZOfficeIdQuery,
        response: { 200: ZOfficeInviteResponse },
      },
    },
    async (request) => organisations.invite(request.member!, request.body.id),
  );

  app.get(
    '/organisation-invite',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The organisation an invite names, and the offices the member could bring in',
        querystring: ZOfficeTokenQuery,
        response: { 200: ZOrganisationInvitePreviewResponse },
      },
    },
    async (request) => organisations.invitePreview(request.member!, request.query.t),
  );

  app.post(
    '/organisation-join',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The office’s manager brings the office into the organisation',
        body: ZOrganisationJoinInput,
        response: { 200: ZOfficeResponse },
      },
    },
    async (request) => organisations.join(request.member!, request.body),
  );

  app.post(
    '/organisation-office-remove',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Takes an office out of the organisation (its managers or the office’s own)',
        body: ZOrganisationOfficeInput,
        response: { 200: ZOfficeOkResponse },
      },
    },
    async (request) => organisations.removeOffice(request.member!, request.body),
  );

  app.post(
    '/organisation-leave',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'A manager leaves the organisation; the last one leaving erases it, with notice',
        body: ZOfficeIdQuery,
        response: { 200: ZOfficeOkResponse },
      },
    },
    async (request) => organisations.leave(request.member!, request.body.id),
  );

  app.get(
    '/organisation-board',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Every office’s board of the organisation in one, with an office filter',
        querystring: ZOrganisationBoardQuery,
        response: { 200: ZOrganisationBoardResponse },
      },
    },
    async (request) => organisations.board(request.member!, request.query),
  );

  app.get(
    '/organisation-roster',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The organisation’s roster (all offices, or one) as CSV or PDF',
        querystring: ZOrganisationRosterQuery,
      },
    },
    async (request, reply) => {
      const { id, officeId, format } = request.query;
      const file = await roster.organisationFile(request.member!, { id, officeId }, format);
      return reply.headers(file.headers).send(file.body);
    },
  );

  // A second manager; the last one cannot step down by accident (decision 1169).
  app.post(
    '/office-role',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'A manager makes a colleague a manager, or steps down; an office keeps a manager',
        body: ZOfficeRoleInput,
        response: { 200: ZOfficeResponse },
      },
    },
    async (request) => offices.role(request.member!, request.body),
  );

  app.post(
    '/office-close',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'A manager closes the office: erased, with notice to everyone in it',
        body: ZOfficeIdQuery,
        response: { 200: ZOfficeOkResponse },
      },
    },
    async (request) => offices.close(request.member!, request.body.id),
  );

  app.post(
    '/organisation-promote',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Makes someone in one of the organisation’s offices a manager for all offices',
        body: ZOrganisationPromoteInput,
        response: { 200: ZOrganisationResponse },
      },
    },
    async (request) => organisations.promote(request.member!, request.body),
  );

  app.post(
    '/organisation-close',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'A manager closes the organisation: erased, its offices stay, with notice',
        body: ZOfficeIdQuery,
        response: { 200: ZOfficeOkResponse },
      },
    },
    async (request) => organisations.close(request.member!, request.body.id),
  );
};
