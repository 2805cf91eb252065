import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminIdParams, ZSearchSynonym, ZSearchSynonymsResponse } from '@opence/shared/schemas';
import type { TSynonymsEditor } from './search.admin.service.ts';

const tags = ['admin'];

/**
 * The staff console's side of search: staff's dental synonym list (issue 27). app.ts registers
 * it under /api; every route is behind the staff guard like the console's own.
 */
export const searchAdminRoutes: FastifyPluginAsyncZod<{ editor: TSynonymsEditor }> = async (
  app,
  { editor },
) => {
  // preValidation, not preHandler: a visitor gets 401 and a member 403 before their input is
  // even validated, so a refusal never tells them what a staff route expects.
  app.addHook('preValidation', app.guards.requireStaff);
  app.get(
    '/admin/search-synonyms',
    {
      schema: {
        tags,
        summary: 'The dental synonyms search expands words with',
        response: { 200: ZSearchSynonymsResponse },
      },
    },
    () => editor.list(),
  );
  app.put(
    '/admin/search-synonyms',
    {
      schema: {
        tags,
        summary: 'Save the words and phrases a search word also finds',
        body: ZSearchSynonym,
        response: { 200: ZSearchSynonymsResponse },
      },
    },
    (request) => editor.save(request.body, request.member!),
  );
  app.delete(
    '/admin/search-synonyms/:id',
    {
      schema: {
        tags,
        summary: 'Delete a synonym entry',
        params: ZAdminIdParams,
        response: { 200: ZSearchSynonymsResponse },
      },
    },
    (request) => editor.remove(request.params.id, request.member!),
  );
};
