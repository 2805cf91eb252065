import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldsSchema,
  ZAdminIdParams,
  ZAdminListQuery,
  ZAdminListResponse,
  ZAdminOk,
  ZAdminOptionsResponse,
  ZAdminRowResponse,
} from '@opence/shared/schemas';
import { AUTHORED_TABLES } from './authoring.tables.ts';
import type { TAuthoringService } from './authoring.service.ts';

/**
 * The generic CRUD of every simple entity, one set of routes per definition in the shared
 * admin schema: GET /admin/<entity> (q, page), GET …/options, GET/PUT/DELETE …/:id, POST.
 */
export const authoringRoutes: FastifyPluginAsyncZod<{ authoring: TAuthoringService }> = async (
  app,
  { authoring },
) => {
  for (const t of AUTHORED_TABLES) {
    const base = `/admin/${t.entity.key}`;
    const tags = ['admin'];
    const body = fieldsSchema(t.entity);

    app.get(
      base,
      {
        schema: {
          tags,
          summary: `${t.entity.label}: a page of rows`,
          querystring: ZAdminListQuery,
          response: { 200: ZAdminListResponse },
        },
      },
      (request) => authoring.list(t, request.query),
    );
    app.get(
      `${base}/options`,
      {
        schema: {
          tags,
          summary: `${t.entity.label} as dropdown choices`,
          response: { 200: ZAdminOptionsResponse },
        },
      },
      () => authoring.options(t),
    );
    app.get(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `One ${t.entity.singular.toLowerCase()}`,
          params: ZAdminIdParams,
          response: { 200: ZAdminRowResponse },
        },
      },
      async (request) => ({ status: true, data: await authoring.get(t, request.params.id) }),
    );
    app.post(
      base,
      {
        schema: {
          tags,
          summary: `Create a ${t.entity.singular.toLowerCase()}`,
          body,
          response: { 200: ZAdminRowResponse },
        },
      },
      async (request) => ({ status: true, data: await authoring.create(t, request.body, request.member!) }),
    );
    app.put(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Change a ${t.entity.singular.toLowerCase()}`,
          params: ZAdminIdParams,
          body,
          response: { 200: ZAdminRowResponse },
        },
      },
      async (request) => ({
        status: true,
        data: await authoring.update(t, request.params.id, request.body, request.member!),
      }),
    );
    app.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Delete a ${t.entity.singular.toLowerCase()}`,
          params: ZAdminIdParams,
          response: { 200: ZAdminOk },
        },
      },
      (request) => authoring.remove(t, request.params.id, request.member!),
    );
  }
};
