import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZExamQuery,
  ZExamResponse,
  ZGradeExamRequest,
  ZGradeExamResponse,
  ZSaveEvalRequest,
  ZSaveSurveyRequest,
  ZSaveSvaRequest,
  ZSponsorStepQuery,
  ZStatusResponse,
  ZSurveyResponse,
  ZSvaResponse,
} from '@opence/shared/schemas';
import type { TExamsService } from './exams.service.ts';

export type TExamsRoutesOptions = { exams: TExamsService };

/** The calls of evaluation, sponsor video, survey and exam (02 §7). Every one is about the signed-in member. */
export const examsRoutes: FastifyPluginAsyncZod<TExamsRoutesOptions> = async (app, { exams }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tags = ['exams'];

  app.post(
    '/save-eval',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Saves the evaluation of a class or podcast',
        body: ZSaveEvalRequest,
        response: { 200: ZStatusResponse },
      },
    },
    async (request) => {
      const { c, p, a } = request.body;
      await exams.saveEvaluation(request.member!, { c, p }, a);
      return { status: true };
    },
  );

  app.get(
    '/sva',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The sponsor video of a class',
        querystring: ZSponsorStepQuery,
        response: { 200: ZSvaResponse },
      },
    },
    async (request) => {
      const data = await exams.sponsorVideo(request.member!, request.query.c);
      return { status: true, rowCount: data.length, data };
    },
  );

  app.post(
    '/save-sva-response',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Saves the answer to the sponsor video',
        body: ZSaveSvaRequest,
        response: { 200: ZStatusResponse },
      },
    },
    async (request) => {
      await exams.saveSponsorAnswer(request.member!, request.body);
      return { status: true };
    },
  );

  app.get(
    '/survey',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The survey of a class',
        querystring: ZSponsorStepQuery,
        response: { 200: ZSurveyResponse },
      },
    },
    async (request) => {
      const data = await exams.survey(request.member!, request.query.c);
      return { status: true, rowCount: data.length, data };
    },
  );

  app.post(
    '/save-survey-response',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Saves the answer to one survey question',
        body: ZSaveSurveyRequest,
        response: { 200: ZStatusResponse },
      },
    },
    async (request) => {
      await exams.saveSurveyAnswer(request.member!, request.body);
      return { status: true };
    },
  );

  app.get(
    '/exam',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'The exam of a class or podcast, without the answer key',
        querystring: ZExamQuery,
        response: { 200: ZExamResponse },
      },
    },
    async (request) => {
      const { c, p, tzOffsetMin } = request.query;
      return { status: true, ...(await exams.exam(request.member!, { c, p }, tzOffsetMin)) };
    },
  );

  app.post(
    '/grade-exam',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Grades an exam submission',
        body: ZGradeExamRequest,
        response: { 200: ZGradeExamResponse },
      },
    },
    async (request) => {
      const { c, p, a, tzOffsetMin } = request.body;
      return { status: true, ...(await exams.grade(request.member!, { c, p }, a, tzOffsetMin)) };
    },
  );
};
