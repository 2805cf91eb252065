import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminDashboard,
  ZAdminDashboardQuery,
  ZAdminEvaluations,
  ZAdminIdParams,
  ZAdminListQuery,
  ZAdminMailDetail,
  ZAdminMe,
  ZAdminMemberDetail,
  ZAdminMembersResponse,
  ZAdminOk,
  ZAdminOutboxQuery,
  ZAdminOutboxResponse,
  ZAdminAuditResponse,
  ZAdminRecording,
  ZAdminSeatList,
  ZAdminSponsorReportParams,
  ZAdminSponsors,
} from '@opence/shared/schemas';
import { csvHeaders } from '../../../lib/csv.ts';
import type { TClassReports } from './class-reports.service.ts';
import type { TDashboard } from './dashboard.service.ts';
import type { TLogs } from './logs.service.ts';
import type { TMemberActions, TMembersAdmin } from './members.service.ts';
import type { TSponsorReports } from './sponsor-reports.service.ts';

export type TOperationsRoutesOptions = {
  dashboard: TDashboard;
  classReports: TClassReports;
  sponsorReports: TSponsorReports;
  members: TMembersAdmin;
  memberActions: TMemberActions;
  logs: TLogs;
};

const tags = ['admin'];

/** Dashboard, seat lists, recordings, evaluations, sponsor exports, members, outbox, audit log. */
export const operationsRoutes: FastifyPluginAsyncZod<TOperationsRoutesOptions> = async (app, opts) => {
  const { dashboard, classReports, sponsorReports, members, memberActions, logs } = opts;

  app.get(
    '/admin/me',
    { schema: { tags, summary: 'The staff member signed in', response: { 200: ZAdminMe } } },
    (request) => {
      const { username, firstname, lastname } = request.member!;
      return {
        status: true,
        username,
        name: [firstname, lastname].filter(Boolean).join(' ') || username,
        actions: {
          passwordReset: Boolean(memberActions.sendPasswordReset),
          resendCertificate: Boolean(memberActions.resendCertificate),
          erase: Boolean(memberActions.eraseMember),
        },
      };
    },
  );

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'What staff see first',
        querystring: ZAdminDashboardQuery,
        response: { 200: ZAdminDashboard },
      },
    },
    (request) => dashboard.summary(request.query.dayStart),
  );

  app.get(
    '/admin/classes/:id/seats',
    {
      schema: {
        tags,
        summary: 'Seat list and waitlist of a live class',
        params: ZAdminIdParams,
        response: { 200: ZAdminSeatList },
      },
    },
    (request) => classReports.seats(request.params.id),
  );
  app.get(
    '/admin/classes/:id/seats.csv',
    { schema: { tags, summary: 'Seat list and waitlist as CSV', params: ZAdminIdParams } },
    async (request, reply) => {
      const { title, csv } = await classReports.seatsCsv(request.params.id);
      return reply.headers(csvHeaders(`seats-${title}.csv`)).send(csv);
    },
  );
  app.post(
    '/admin/classes/:id/recording',
    {
      schema: {
        tags,
        summary: 'Attach the recording of a live class',
        params: ZAdminIdParams,
        body: ZAdminRecording,
        response: { 200: ZAdminOk },
      },
    },
    (request) => classReports.attachRecording(request.params.id, request.body, request.member!),
  );
  for (const owner of ['classes', 'podcasts'] as const) {
    app.get(
      `/admin/${owner}/:id/evaluations`,
      {
        schema: {
          tags,
          summary: 'Evaluation results',
          params: ZAdminIdParams,
          response: { 200: ZAdminEvaluations },
        },
      },
      (request) => classReports.evaluations(owner, request.params.id),
    );
  }

  app.get(
    '/admin/sponsors',
    { schema: { tags, summary: 'Sponsors and their report sizes', response: { 200: ZAdminSponsors } } },
    () => sponsorReports.sponsors(),
  );
  app.get(
    '/admin/sponsors/:id/reports/:report',
    { schema: { tags, summary: 'A sponsor report as CSV', params: ZAdminSponsorReportParams } },
    async (request, reply) => {
      const { fileName, csv } = await sponsorReports.report(request.params.id, request.params.report);
      return reply.headers(csvHeaders(fileName)).send(csv);
    },
  );

  app.get(
    '/admin/members',
    {
      schema: {
        tags,
        summary: 'Search members',
        querystring: ZAdminListQuery,
        response: { 200: ZAdminMembersResponse },
      },
    },
    (request) => members.search(request.query),
  );
  app.get(
    '/admin/members/:id',
    {
      schema: {
        tags,
        summary: 'A member and their completions',
        params: ZAdminIdParams,
        response: { 200: ZAdminMemberDetail },
      },
    },
    (request) => members.detail(request.params.id),
  );
  // Actions owned by other features exist only when app.ts passes them in.
  const { sendPasswordReset, resendCertificate, eraseMember } = memberActions;
  if (sendPasswordReset) {
    app.post(
      '/admin/members/:id/password-reset',
      {
        schema: {
          tags,
          summary: 'Mail a password-reset link',
          params: ZAdminIdParams,
          response: { 200: ZAdminOk },
        },
      },
      (request) =>
        members.sendPasswordReset(sendPasswordReset, request.params.id, request.ip, request.member!),
    );
  }
  if (eraseMember) {
    app.post(
      '/admin/members/:id/erase',
      {
        schema: {
          tags,
          summary: "Erase a member's personal data",
          params: ZAdminIdParams,
          response: { 200: ZAdminOk },
        },
      },
      (request) => members.erase(eraseMember, request.params.id, request.member!),
    );
  }
  if (resendCertificate) {
    app.post(
      '/admin/completions/:id/resend-certificate',
      {
        schema: {
          tags,
          summary: 'Mail a certificate again',
          params: ZAdminIdParams,
          response: { 200: ZAdminOk },
        },
      },
      (request) => members.resendCertificate(resendCertificate, request.params.id, request.member!),
    );
  }

  app.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary: 'The mail outbox',
        querystring: ZAdminOutboxQuery,
        response: { 200: ZAdminOutboxResponse },
      },
    },
    (request) => logs.outbox(request.query),
  );
  app.get(
    '/admin/outbox/:id',
    {
      schema: {
        tags,
        summary: 'One mail, its one-time links taken out; each reading is audited',
        params: ZAdminIdParams,
        response: { 200: ZAdminMailDetail },
      },
    },
    (request) => logs.mail(request.params.id, request.member!),
  );
  app.post(
    '/admin/outbox/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a mail again to its address (its links reach the member, not staff); audited',
        params: ZAdminIdParams,
        response: { 200: ZAdminOk },
      },
    },
    (request) => logs.resend(request.params.id, request.member!),
  );
  app.post(
    '/admin/outbox/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a failed mail again',
        params: ZAdminIdParams,
        response: { 200: ZAdminOk },
      },
    },
    (request) => logs.retry(request.params.id, request.member!),
  );
  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log of staff changes',
        querystring: ZAdminListQuery,
        response: { 200: ZAdminAuditResponse },
      },
    },
    (request) => logs.audit(request.query),
  );
};
