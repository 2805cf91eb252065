import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { buildTestApp, type TTestApp } from '../build-test-app.ts';

/** The parts of a request a route validates, as JSON Schema (zod's input side). */
export type TInputSchemas = {
  querystring?: TJsonSchema;
  body?: TJsonSchema;
  params?: TJsonSchema;
};

export type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  prefixItems?: TJsonSchema[];
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type TCapturedRoute = {
  method: string;
  url: string;
  /** Whether the route declared a schema at all (a route without one validates nothing). */
  hasSchema: boolean;
  input: TInputSchemas;
  /** The zod schemas themselves, for the checks that run them (null as absent). */
  zod: Partial<Record<(typeof INPUT_PARTS)[number], z.ZodType>>;
  consumes: string[];
};

const INPUT_PARTS = ['querystring', 'body', 'params'] as const;

const isZodSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * The JSON Schema of what a route accepts. The input side (io: 'input') is what a client
 * sends, before coercion; refinements and transforms have no JSON form and become "any".
 */
function toInputJsonSchema(schema: unknown): TJsonSchema | undefined {
  if (!isZodSchema(schema)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
}

function capture(route: RouteOptions): TCapturedRoute[] {
  const schema = route.schema as (Record<string, unknown> & { consumes?: string[] }) | undefined;
  const input: TInputSchemas = {};
  const zod: TCapturedRoute['zod'] = {};
  for (const part of INPUT_PARTS) {
    const json = toInputJsonSchema(schema?.[part]);
    if (json) input[part] = json;
    if (isZodSchema(schema?.[part])) zod[part] = schema[part];
  }
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => ({
    method,
    url: route.url,
    hasSchema: schema !== undefined,
    input,
    zod,
    consumes: schema?.consumes ?? [],
  }));
}

/** A test app that also keeps every route's input schemas, keyed by "METHOD url". */
export async function buildAppWithRouteSchemas(): Promise<{
  t: TTestApp;
  schemas: Map<string, TCapturedRoute>;
}> {
  const schemas = new Map<string, TCapturedRoute>();
  // No log: the fuzzer sends the same values as passwords and in URLs, so a log check would
  // find its own echo; what the fuzz suite checks is the answers.
  const t = await buildTestApp(
    { LOG_LEVEL: 'silent' },
    {
      onRoute: (route) => {
        for (const captured of capture(route)) schemas.set(routeKey(captured), captured);
      },
    },
  );
  return { t, schemas };
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
