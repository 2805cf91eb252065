import { stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE, SESSION_COOKIE_MAX_AGE, sessionFromCookie } from '@opence/shared';

/*
 * The session cookie (docs/decisions/0842): the session token in an HttpOnly cookie, which no
 * script of the page can read, set by the server with every answer that starts a session and
 * cleared on logout and erasure. The page server draws a member's own screen by it (0833).
 */

export type TSessionCookie = {
  /** Sets the cookie to the session an answer starts or carries. */
  set: (reply: FastifyReply, token: string) => void;
  /** Removes it. */
  clear: (reply: FastifyReply) => void;
};

/** Secure where the site is served over https (PUBLIC_URL), so the token never travels in clear. */
export function createSessionCookie(publicUrl: string): TSessionCookie {
  const secure = publicUrl.startsWith('https:');
  const header = (value: string, maxAge: number) =>
    stringifySetCookie({
      name: SESSION_COOKIE,
      value,
      maxAge,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
  return {
    set: (reply, token) => void reply.header('set-cookie', header(token, SESSION_COOKIE_MAX_AGE)),
    clear: (reply) => void reply.header('set-cookie', header('', 0)),
  };
}

/**
 * The cookie's session token where a request may use it as its session, else null: on a GET or
 * HEAD that the browser says comes from one of the site's own pages (`Sec-Fetch-Site:
 * same-origin`, which no page can forge). A write always carries its token (s, or a Bearer
 * header), which another site does not have; and several GETs write too (a seat reserved, the CE
 * report mailed: 01, 02), so a link or a redirect from another site, which SameSite=Lax lets the
 * cookie follow, gets a visitor's answer. So does a browser that sends no Sec-Fetch-Site.
 */
export function cookieSession(method: string | undefined, headers: IncomingHttpHeaders): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || headers['sec-fetch-site'] !== 'same-origin') return null;
  return sessionFromCookie(headers.cookie);
}
