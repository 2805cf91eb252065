import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Who may call an operation: with a session, with or without one, or anyone (a credential in the request). */
export type TRouteAccess = 'session' | 'optional' | 'none';

/** The two ways a session token travels (03 §2). */
const SESSION: Record<string, string[]>[] = [{ bearer: [] }, { token: [] }];
const SECURITY: Record<TRouteAccess, Record<string, string[]>[]> = {
  session: SESSION,
  // An empty requirement first: a visitor may call it; a session changes what it answers.
  optional: [{}, ...SESSION],
  none: [],
};

type TSchemaNode = { [key: string]: unknown };

/**
 * A nullable union of one type (`50 | 60 | null`) comes out of zod as `anyOf` beside `nullable`
 * without a `type`, which OpenAPI 3.0 does not allow (`nullable-type-sibling`): the members'
 * common type is written beside it.
 */
function typeNullableUnions(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(typeNullableUnions);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as TSchemaNode;
  const members = (schema.anyOf ?? schema.oneOf) as TSchemaNode[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(members)) {
    const types = new Set(members.map((m) => m.type));
    if (types.size === 1 && typeof members[0]?.type === 'string') schema.type = members[0].type;
  }
  Object.values(schema).forEach(typeNullableUnions);
}

/**
 * The OpenAPI document of every route, generated from the route schemas, at /api/docs. Each
 * operation declares its security (issue 37 row 14), from the guard the route runs: `accessOf`.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  opts: { version: string; publicUrl: string; accessOf: (route: RouteOptions) => TRouteAccess },
) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'OpenCE API',
        description: 'Free continuing education for dental professionals: the member and staff API.',
        version: opts.version,
      },
      servers: [{ url: opts.publicUrl.replace(/\/$/, '') }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'query',
            name: 's',
            description: 'The session token as `s` (03 §2); a POST may carry it in its body instead.',
          },
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token.' },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      return { schema: Object.assign({}, schema, { security: SECURITY[opts.accessOf(input.route)] }), url };
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
      typeNullableUnions(document);
      return document;
    },
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
