import { apiPost, ApiRequestError } from './api-client.ts';
import { getToken, markSessionCookie, sessionCookieAt } from './auth.tsx';

/*
 * The session cookie the page server draws a member's own screen by is HttpOnly (docs/decisions
 * 0833, 0842): no script reads it, so the app cannot tell whether the browser holds it. The
 * answer that starts a session sets it (login, register, a login link). For a browser signed in
 * before that, which held a copy of the token scripts could read, the app asks the server once to
 * set it, which replaces that copy; and again once a day, so the cookie lasts as long as the
 * session does (30 days from its last use).
 */

const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** Has the server set the session cookie for the stored token, unless it did within the day. */
export async function keepSessionCookie(now = Date.now()): Promise<void> {
  const token = getToken();
  const at = sessionCookieAt();
  if (!token || (at !== null && now - at < RENEW_AFTER_MS)) return;
  try {
    await apiPost('session-cookie');
  } catch (error) {
    // A network or server failure: the next page asks again. A refusal (no session) is an answer.
    if (!(error instanceof ApiRequestError) || error.isTransient) return;
  }
  if (getToken() === token) markSessionCookie();
}
