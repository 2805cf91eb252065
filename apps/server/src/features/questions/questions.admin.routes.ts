import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminQuestionResponse,
  ZAdminQuestionsParams,
  ZAdminQuestionsQuery,
  ZAdminQuestionsResponse,
  ZAnswerQuestionRequest,
  ZHideQuestionRequest,
} from '@opence/shared/schemas';
import type { TQuestionsService } from './questions.service.ts';

const tags = ['admin'];

/**
 * The console's side of a webinar's questions (issue 42): staff and the presenter, who signs in
 * with a staff account (docs/decisions/1162), list them by votes, mark answered, hide.
 */
export const questionsAdminRoutes: FastifyPluginAsyncZod<{ questions: TQuestionsService }> = async (
  app,
  { questions },
) => {
  app.addHook('preValidation', app.guards.requireStaff);

  app.get(
    '/admin/classes/:id/questions',
    {
      schema: {
        tags,
        summary: "A webinar's questions with who asked, by votes then time, open, answered or hidden",
        params: ZAdminQuestionsParams,
        querystring: ZAdminQuestionsQuery,
        response: { 200: ZAdminQuestionsResponse },
      },
    },
    async (request) => questions.adminList(request.params.id, request.query.show),
  );

  app.post(
    '/admin/questions/:id/answer',
    {
      schema: {
        tags,
        summary: 'Marks a question answered, with an optional short written answer',
        params: ZAdminQuestionsParams,
        body: ZAnswerQuestionRequest,
        response: { 200: ZAdminQuestionResponse },
      },
    },
    async (request) => questions.answer(request.member!.id, request.params.id, request.body.answer ?? null),
  );

  app.post(
    '/admin/questions/:id/hide',
    {
      schema: {
        tags,
        summary: 'Hides an abusive question from members; who and why go in the audit log',
        params: ZAdminQuestionsParams,
        body: ZHideQuestionRequest,
        response: { 200: ZAdminQuestionResponse },
      },
    },
    async (request) => questions.hide(request.member!.id, request.params.id, request.body.reason),
  );
};
