import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Texts } from '@opence/shared';
import { ApiError, badRequest } from '../lib/api-errors.ts';
import { UploadRefused } from '../lib/uploads/uploads.ts';

/** The text for a refusal that no service of ours wrote (Fastify's, a plugin's, node's parser). */
export function refusalText(status: number): string {
  switch (status) {
    case 400:
      return Texts.REQUEST_UNREADABLE;
    case 401:
      return Texts.NOT_SIGNED_IN;
    case 403:
      return Texts.NOT_ALLOWED;
    case 404:
      return Texts.NOT_FOUND;
    case 405:
      return Texts.REQUEST_METHOD;
    case 406:
      return Texts.REQUEST_NOT_ACCEPTABLE;
    case 408:
      return Texts.REQUEST_TIMEOUT;
    case 413:
    case 414:
    case 431:
      return Texts.REQUEST_TOO_LARGE;
    case 415:
      return Texts.REQUEST_MEDIA_TYPE;
    case 429:
      return Texts.RATE_LIMITED;
    default:
      return status >= 400 && status < 500 ? Texts.INVALID_INPUT : Texts.GENERIC_ERROR;
  }
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (a 100 KB query string is a
 * header overflow: 431). Fastify's default writes its own body; this one writes the API's shape.
 * Passed as Fastify's `clientErrorHandler`, so it is bound to the instance (this.log).
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ status: false, msg: refusalText(status) });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** '/a/b' → 'a.b'; the input part (querystring, body) when the issue is about the whole. */
function fieldName(instancePath: string, fallback: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || fallback;
}

/** Where a parsed input holds U+0000, as 'a.b' ('' for the part itself); null when nowhere. */
function nulCharacterAt(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const where = at ? `${at}.${key}` : key;
    if (key.includes('\u0000')) return where;
    const found = nulCharacterAt(item, where);
    if (found !== null) return found;
  }
  return null;
}

/** Uniform errors: validation names the field, nothing leaks a stack or SQL to the client. */
export function registerErrorHandling(app: FastifyInstance) {
  // PostgreSQL cannot store U+0000 in text (SQLite can) and no form types it: refused on both
  // engines before any work is done, instead of failing in the middle of it (found by test/fuzz).
  app.addHook('preValidation', async (request) => {
    const parts = { querystring: request.query, body: request.body, params: request.params };
    for (const [part, value] of Object.entries(parts)) {
      const field = nulCharacterAt(value);
      if (field !== null) throw badRequest(`${field || part}: ${Texts.INVALID_INPUT}`, field || part);
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const where = error.validationContext ?? 'input';
        const name = fieldName(issue.instancePath, where);
        fields[name] ??= issue.message ?? Texts.INVALID_INPUT;
      }
      const [field, message] = Object.entries(fields)[0] ?? ['input', Texts.INVALID_INPUT as string];
      return reply.status(400).send({ status: false, msg: `${field}: ${message}`, field, fields });
    }
    if (error instanceof ApiError) {
      const body: Record<string, unknown> = { status: false, msg: error.message };
      if (error.extra.field) body.field = error.extra.field;
      if (error.extra.errorMsg) body.errorMsg = error.message;
      if (error.extra.secondFactor) body.secondFactor = error.extra.secondFactor;
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof UploadRefused) {
      return reply.status(error.statusCode).send({ status: false, msg: error.message, field: error.field });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's and plugins' own refusals (malformed JSON, body too large, wrong content type):
      // their English is for developers; the member reads ours.
      request.log.debug({ code: error.code, status }, 'refused before the route');
      return reply.status(status).send({ status: false, msg: refusalText(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ status: false, msg: Texts.GENERIC_ERROR });
  });
}
