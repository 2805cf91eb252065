import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAdminIdParams, ZSearchSynonym, ZSearchSynonymsResponse } from '@opence/shared/schemas';
import type { TSynonymsEditor } from './search.admin.service.ts';

const tags = ['admin'];

/** Staff's dental synonym list of search (issue 27). */
export const searchSynonymsRoutes: FastifyPluginAsyncZod<{ editor: TSynonymsEditor }> = async (
  app,
  { editor },
) => {
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
