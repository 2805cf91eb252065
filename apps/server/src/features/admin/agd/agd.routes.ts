import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminIdParams,
  ZAdminListQuery,
  ZAgdRunResponse,
  ZAgdSubmissionsResponse,
} from '@opence/shared/schemas';
import { csvHeaders } from '../../../lib/csv.ts';
import type { TAgdSubmissions } from './agd.service.ts';

const tags = ['admin'];

/** The AGD submissions: list, run now, download a kept file. */
export const agdRoutes: FastifyPluginAsyncZod<{ agd: TAgdSubmissions }> = async (app, { agd }) => {
  app.get(
    '/admin/agd-submissions',
    {
      schema: {
        tags,
        summary: 'AGD weekly submissions',
        querystring: ZAdminListQuery,
        response: { 200: ZAgdSubmissionsResponse },
      },
    },
    (request) => agd.list(request.query.page ?? 0),
  );
  app.post(
    '/admin/agd-submissions',
    { schema: { tags, summary: 'Make an AGD submission now', response: { 200: ZAgdRunResponse } } },
    async (request) => {
      const made = await agd.now(request.member!.id);
      return {
        status: true,
        msg: made ? `The file holds ${made.rowCount} completions.` : 'Nothing was made.',
        data: made,
      };
    },
  );
  app.get(
    '/admin/agd-submissions/:id/csv',
    { schema: { tags, summary: 'Download the file of an AGD submission', params: ZAdminIdParams } },
    async (request, reply) => {
      const { fileName, csv } = await agd.file(request.params.id);
      return reply.headers(csvHeaders(fileName)).send(csv);
    },
  );
};
