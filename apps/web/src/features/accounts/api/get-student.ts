import { Texts } from '@opence/shared';
import type { TStudentResponse } from '@opence/shared/schemas';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * GET /api/student with a login-link token as s (03 §3): the student and a new session token.
 * Not through apiGet, which would put the stored session token in s.
 */
export async function studentFromLoginLink(loginToken: string): Promise<TStudentResponse> {
  let response: Response;
  try {
    response = await fetch(`/api/student?s=${encodeURIComponent(loginToken)}`, {
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiRequestError(0, Texts.GENERIC_ERROR);
  }
  const body = (await response.json().catch(() => null)) as (TStudentResponse & { msg?: string }) | null;
  if (!response.ok || !body?.status || !body.token) {
    throw new ApiRequestError(response.status, body?.msg || Texts.LOGIN_LINK_INVALID);
  }
  return body;
}
