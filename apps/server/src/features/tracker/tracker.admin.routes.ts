import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZTrackerIdQuery,
  ZTrackerRuleInput,
  ZTrackerRulesQuery,
  ZTrackerRulesResponse,
  ZTrackerStaffFileQuery,
  ZTrackerStaffRuleResponse,
} from '@opence/shared/schemas';
import { z } from 'zod';
import { sendFile, type TTrackerRoutesOptions } from './tracker.routes.ts';

/**
 * The staff console's part of the tracker (issue 23): requirement rules, edited with their sources,
 * and a member's uploaded certificate file, read with a reason that is audited.
 */
export const trackerAdminRoutes: FastifyPluginAsyncZod<TTrackerRoutesOptions> = async (app, { tracker }) => {
  const tags = ['admin'];
  const preValidation = app.guards.requireStaff;

  app.get(
    '/admin/tracker/rules',
    {
      preValidation,
      schema: {
        tags,
        summary: 'The CE requirement rules by state and licence type, flagged when not verified in 12 months',
        querystring: ZTrackerRulesQuery,
        response: { 200: ZTrackerRulesResponse },
      },
    },
    async (request) => ({ status: true as const, rules: await tracker.staffRules(request.query) }),
  );

  app.get(
    '/admin/tracker/rule',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One requirement rule with its sources, who verified it and when',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerStaffRuleResponse },
      },
    },
    async (request) => ({ status: true as const, rule: await tracker.staffRule(request.query.id) }),
  );

  app.put(
    '/admin/tracker/rule',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Saves a requirement rule (numbers, mandatory topics, sources, the day it was verified); records who verified it, audited',
        querystring: ZTrackerIdQuery,
        body: ZTrackerRuleInput,
        response: { 200: ZTrackerStaffRuleResponse },
      },
    },
    async (request) => ({
      status: true as const,
      rule: await tracker.updateRule(request.member!, request.query.id, request.body),
    }),
  );

  app.get(
    '/admin/tracker/certificate-file',
    {
      preValidation,
      // Like every file the tracker sends, never kept by a cache.
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
      schema: {
        tags,
        summary: 'A member’s uploaded certificate file, for staff: recorded in the audit log with the reason',
        querystring: ZTrackerStaffFileQuery,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const file = await tracker.staffFile(request.member!, request.query.id, request.query.reason);
      return sendFile(reply, file);
    },
  );
};
