import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminPollsResponse,
  ZCreditRuleRequest,
  ZPollDraft,
  ZPollQuery,
  ZWebinarQuery,
} from '@opence/shared/schemas';
import type { TWebinarEvidenceService } from './webinar-evidence.service.ts';

const tags = ['admin'];
const response = { 200: ZAdminPollsResponse };

/**
 * The console's part of webinar evidence (issue 42): polls prepared, opened and closed, and the
 * webinar's credit rule. Every answer is the webinar's whole list, so the screen redraws from one.
 */
export const webinarEvidenceAdminRoutes: FastifyPluginAsyncZod<{
  evidence: TWebinarEvidenceService;
}> = async (app, { evidence }) => {
  app.addHook('preValidation', app.guards.requireStaff);

  app.get(
    '/admin/webinar-polls',
    {
      schema: {
        tags,
        summary: 'A webinar’s polls (answers counted) and credit rule',
        querystring: ZWebinarQuery,
        response,
      },
    },
    async (request) => evidence.polls(request.query.c),
  );
  app.post(
    '/admin/webinar-polls',
    {
      schema: {
        tags,
        summary: 'Adds a poll to a webinar',
        querystring: ZWebinarQuery,
        body: ZPollDraft,
        response,
      },
    },
    async (request) => evidence.addPoll(request.query.c, request.body),
  );
  app.put(
    '/admin/webinar-poll',
    {
      schema: {
        tags,
        summary: 'Changes a poll not yet opened',
        querystring: ZPollQuery,
        body: ZPollDraft,
        response,
      },
    },
    async (request) => evidence.editPoll(request.query.id, request.body),
  );
  app.delete(
    '/admin/webinar-poll',
    { schema: { tags, summary: 'Deletes a poll not yet opened', querystring: ZPollQuery, response } },
    async (request) => evidence.deletePoll(request.query.id),
  );
  app.post(
    '/admin/webinar-poll-open',
    { schema: { tags, summary: 'Opens a poll in the live room', querystring: ZPollQuery, response } },
    async (request) => evidence.openPoll(request.query.id),
  );
  app.post(
    '/admin/webinar-poll-close',
    {
      schema: {
        tags,
        summary: 'Closes a poll: later answers are refused',
        querystring: ZPollQuery,
        response,
      },
    },
    async (request) => evidence.closePoll(request.query.id),
  );
  app.put(
    '/admin/webinar-credit-rule',
    {
      schema: {
        tags,
        summary: 'Sets or removes a webinar’s credit rule',
        querystring: ZWebinarQuery,
        body: ZCreditRuleRequest,
        response,
      },
    },
    async (request) => evidence.setRule(request.member!.id, request.query.c, request.body),
  );
};
