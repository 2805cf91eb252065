import { z } from 'zod';
import { Limits } from './constants.ts';

// A browser's page refuses eval by its Content-Security-Policy, and zod's test for its compiled
// parsers was reported as a violation on every page that loads a form (decision 0833). The
// server, where nothing refuses it, keeps them. Here, before any schema is made: every schema
// module imports this one first.
if ('document' in globalThis) z.config({ jitless: true });

/**
 * The member's session token, passed as `s` (03 §2). Public calls accept it missing or empty.
 * Tokens are URL-safe base64 (43 characters); the cap only keeps garbage out.
 */
export const ZToken = z.string().trim().max(200);
export const ZOptionalToken = ZToken.optional();

/** A 0-based page number from the query string (03 §2); '' and missing mean the first page. */
export const ZPage = z.preprocess(
  (v) => (v === '' || v == null ? 0 : v),
  z.coerce.number().int().min(0).max(1_000_000),
);

/** A public id (hash, slug, cancel code): short, URL-safe text. */
export const ZPublicId = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9._~-]+$/, 'Must be a valid id.');

const FLAG_VALUES = new Map([
  ['1', true],
  ['true', true],
  ['yes', true],
  ['0', false],
  ['false', false],
  ['no', false],
  ['', false],
]);

/** A flag from a query string: 1/true/yes or 0/false/no/empty; anything else is refused. */
export const ZQueryFlag = z.preprocess(
  (v) => (typeof v === 'string' ? (FLAG_VALUES.get(v.trim().toLowerCase()) ?? v) : v),
  z.boolean({ error: 'Must be 1 or 0.' }),
);

/** Query of the content lists (01 §7): s, cid, coid, q, page. */
export const ZListQuery = z.object({
  s: ZOptionalToken,
  cid: z.string().trim().max(40).optional(),
  coid: z.string().trim().max(40).optional(),
  q: z.string().max(500).optional(),
  page: ZPage.optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** Fields every answer carries (03 §2). */
export const ZStatus = z.object({ status: z.boolean() });

/** The body of a refusal: a text fit to show a person, and the field it is about. */
export const ZApiError = z.object({
  status: z.literal(false),
  msg: z.string(),
  errorMsg: z.string().optional(),
  field: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Common fields of a paged list answer (01 §3). */
export function pagedResponse<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    status: z.boolean(),
    rowCount: z.number().int(),
    totalRows: z.number().int(),
    pageSize: z.number().int(),
    page: z.number().int(),
    data: z.array(row),
  });
}

export const DEFAULT_PAGE_SIZE = Limits.DEFAULT_PAGE_SIZE;
