import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminExam, ZAdminExamResponse, ZAdminIdParams, ZAdminOk } from '@opence/shared/schemas';
import { EXAM_OWNERS, type TExamEditor, type TExamOwnerKey } from './exams.admin.service.ts';

const tags = ['admin'];

/**
 * The staff console's part of exams: the exam of a class or podcast episode, read, saved and
 * deleted. app.ts registers it under /api; every route is behind the staff guard before
 * validation, like every route under /api/admin.
 */
export const examsAdminRoutes: FastifyPluginAsyncZod<{ exams: TExamEditor }> = async (app, { exams }) => {
  app.addHook('preValidation', app.guards.requireStaff);

  for (const owner of Object.keys(EXAM_OWNERS) as TExamOwnerKey[]) {
    const path = `/admin/${owner}/:id/exam`;
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `The exam of one of the ${owner}`,
          params: ZAdminIdParams,
          response: { 200: ZAdminExamResponse },
        },
      },
      (request) => exams.load(owner, request.params.id),
    );
    app.put(
      path,
      {
        schema: {
          tags,
          summary: `Save the exam of one of the ${owner}`,
          params: ZAdminIdParams,
          body: ZAdminExam,
          response: { 200: ZAdminExamResponse },
        },
      },
      (request) => exams.save(owner, request.params.id, request.body, request.member!),
    );
    app.delete(
      path,
      {
        schema: {
          tags,
          summary: `Delete the exam of one of the ${owner}`,
          params: ZAdminIdParams,
          response: { 200: ZAdminOk },
        },
      },
      (request) => exams.remove(owner, request.params.id, request.member!),
    );
  }
};
