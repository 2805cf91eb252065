import { Texts } from '@opence/shared';

/*
 * The refusals a service raises (03 §2): an HTTP status and a text fit to show a person. Plain
 * values, so every room may raise them; plugins/errors.ts writes them as the API's answer.
 */

/** A refusal a service raises: the HTTP status and a text fit to show a person (03 §2). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { field?: string; errorMsg?: boolean; secondFactor?: 'code' | 'enrol' } = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, field?: string) => new ApiError(400, msg, { field });
export const unauthorized = (msg: string = Texts.NOT_SIGNED_IN) => new ApiError(401, msg);
export const forbidden = (msg: string = Texts.NOT_ALLOWED) => new ApiError(403, msg);
export const notFound = (msg: string = Texts.NOT_FOUND) => new ApiError(404, msg);
export const conflict = (msg: string, field?: string) => new ApiError(409, msg, { field });
export const rateLimited = (msg: string = Texts.RATE_LIMITED) => new ApiError(429, msg);
