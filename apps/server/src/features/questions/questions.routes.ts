import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZAskQuestionRequest,
  ZAskQuestionResponse,
  ZQuestionRequest,
  ZQuestionsQuery,
  ZQuestionsResponse,
  ZQuestionVoteResponse,
  ZStatus,
} from '@opence/shared/schemas';
import type { TQuestionsService } from './questions.service.ts';

const tags = ['questions'];
const refusals = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError };

/** A member's side of a webinar's questions (issue 42): list, ask, vote, withdraw. Members only. */
export const questionsRoutes: FastifyPluginAsyncZod<{ questions: TQuestionsService }> = async (
  app,
  { questions },
) => {
  app.get(
    '/questions',
    {
      schema: {
        tags,
        summary: "A webinar's questions, without who asked, with the reader's own and votes marked",
        querystring: ZQuestionsQuery,
        response: { 200: ZQuestionsResponse, ...refusals },
      },
      preHandler: app.guards.requireMember,
    },
    async (request) => questions.list(request.member!.id, request.query.c),
  );

  app.post(
    '/questions',
    {
      schema: {
        tags,
        summary: 'Sends a question to the webinar, before it starts or while it runs',
        body: ZAskQuestionRequest,
        response: Object.assign({ 200: ZAskQuestionResponse, 429: ZApiError }, refusals),
      },
      preHandler: app.guards.requireMember,
    },
    async (request) => questions.ask(request.member!.id, request.body.c, request.body.text),
  );

  app.post(
    '/question-vote',
    {
      schema: {
        tags,
        summary: "Votes for another member's question; a second vote changes nothing",
        body: ZQuestionRequest,
        response: { 200: ZQuestionVoteResponse, ...refusals },
      },
      preHandler: app.guards.requireMember,
    },
    async (request) => questions.vote(request.member!.id, request.body.id),
  );

  app.post(
    '/question-withdraw',
    {
      schema: {
        tags,
        summary: "Withdraws the member's own question while it is unanswered",
        body: ZQuestionRequest,
        response: { 200: ZStatus, ...refusals },
      },
      preHandler: app.guards.requireMember,
    },
    async (request) => questions.withdraw(request.member!.id, request.body.id),
  );
};
