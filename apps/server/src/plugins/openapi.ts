import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document of every route, generated from the route schemas, at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, opts: { version: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'OpenCE API',
        description: 'Free continuing education for dental professionals: the member and staff API.',
        version: opts.version,
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'query', name: 's' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
