import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_POLL_PULSE_TTL_MS } from '@opence/shared';
import {
  ZLivePollPulseResponse,
  ZLivePollResponse,
  ZPollAnswerRequest,
  ZPollAnswerResponse,
  ZWebinarCreditResponse,
  ZWebinarQuery,
} from '@opence/shared/schemas';
import type { TWebinarEvidenceService } from './webinar-evidence.service.ts';

const tags = ['webinars'];

/** The live room's polls and the member's own webinar evidence (issue 42). */
export const webinarEvidenceRoutes: FastifyPluginAsyncZod<{ evidence: TWebinarEvidenceService }> = async (
  app,
  { evidence },
) => {
  // Public and the same for everyone: a proxy in front may keep it for its max-age too.
  app.get(
    '/live-poll-pulse',
    {
      schema: {
        tags,
        summary:
          'Which poll of a webinar is open, if any: the room asks for the poll itself only when this changes',
        querystring: ZWebinarQuery,
        response: { 200: ZLivePollPulseResponse },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', `public, max-age=${LIVE_POLL_PULSE_TTL_MS / 1000}`);
      return evidence.pulse(request.query.c);
    },
  );

  app.get(
    '/live-poll',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The open poll of a webinar the member holds a seat in, and the member’s answer',
        querystring: ZWebinarQuery,
        response: { 200: ZLivePollResponse },
      },
    },
    async (request) => evidence.livePoll(request.member!.id, request.query.c),
  );

  app.post(
    '/live-poll-answer',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Answers the open poll once; refused after it closed (the server’s clock decides)',
        body: ZPollAnswerRequest,
        response: { 200: ZPollAnswerResponse },
      },
    },
    async (request) => evidence.answer(request.member!.id, request.body),
  );

  app.get(
    '/webinar-credit',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The member’s own webinar evidence: minutes, polls, the rule and its decision',
        querystring: ZWebinarQuery,
        response: { 200: ZWebinarCreditResponse },
      },
    },
    async (request) => evidence.memberEvidence(request.member!.id, request.query.c),
  );
};
