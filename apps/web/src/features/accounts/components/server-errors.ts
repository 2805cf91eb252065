import { Texts } from '@opence/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';

/*
 * A refusal of a form's call, turned into field errors (the server names each field, 03 §2)
 * and one message for the top of the form.
 */
export function serverFormErrors(error: unknown, fallback: string = Texts.SERVICE_ERROR) {
  const fields: Record<string, string> = {};
  if (error instanceof ApiRequestError && error.body) {
    const body = error.body as {
      fields?: Record<string, string>;
      field?: string;
      msg?: string;
      errorMsg?: string;
    };
    if (body.fields) Object.assign(fields, body.fields);
    else if (body.field && (body.errorMsg ?? body.msg)) fields[body.field] = (body.errorMsg ?? body.msg)!;
  }
  const hasFields = Object.keys(fields).length > 0;
  const message = hasFields
    ? Texts.CORRECT_ERRORS
    : error instanceof ApiRequestError && error.status > 0
      ? error.message || fallback
      : fallback;
  return { fields, message };
}
