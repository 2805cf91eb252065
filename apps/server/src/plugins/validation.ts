import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/*
 * Every request part is validated by its zod schema (fastify-type-provider-zod). One rule is added
 * for every route at once: an optional field sent as null means the field is absent (issue 28:
 * browsers' forms send `"hash": null` for "none", as the class and podcast hashes already accept).
 * A null that the schema refuses is taken out of its object and the part validated again; a field
 * that is required is then refused as missing, one that is optional is simply not there.
 */

type TValidate = (data: unknown) => { value?: unknown; error?: Error };
type TIssueLike = { instancePath?: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `data` without the null-valued object keys the issues point at; null if none. */
export function withoutRefusedNulls(data: unknown, issues: readonly TIssueLike[]): unknown | null {
  if (!isRecord(data)) return null;
  const copy = structuredClone(data);
  let removed = false;
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').slice(1);
    if (!path.length) continue;
    const key = path.pop()!;
    let parent: unknown = copy;
    for (const step of path)
      parent = isRecord(parent) || Array.isArray(parent) ? (parent as never)[step] : undefined;
    if (isRecord(parent) && Object.hasOwn(parent, key) && parent[key] === null) {
      delete parent[key];
      removed = true;
    }
  }
  return removed ? copy : null;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route as never) as TValidate;
  return (data: unknown) => {
    const first = validate(data);
    if (!first.error) return first;
    const issues = Array.isArray(first.error) ? (first.error as TIssueLike[]) : [];
    const stripped = withoutRefusedNulls(data, issues);
    return stripped === null ? first : validate(stripped);
  };
};
