import { parseSetCookie } from 'cookie';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, DEFAULT_PASSWORD, type TTestMember } from '../../../test/factories.ts';
import { createLoginToken } from '../../domain/login-links.ts';
import { login, register, validRegistration } from './accounts.fixtures.ts';

/*
 * The HttpOnly session cookie (docs/decisions/0842): set by every answer that starts a session,
 * cleared on logout and erasure, taken by the API as the session on a GET from the site's own
 * pages only, never on a write, never on a request another site makes.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The session cookie a response sets, parsed; undefined when it sets none. */
function sessionCookieOf(response: LightMyRequestResponse) {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => parseSetCookie(line)).find((cookie) => cookie.name === 'opence_session');
}

/** The headers of a request the browser makes from one of the site's own pages, or from another site. */
const fromOwnPage = (token: string) => ({
  'sec-fetch-site': 'same-origin',
  cookie: `opence_session=${token}`,
});
const fromOtherSite = (token: string) => ({
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  cookie: `opence_session=${token}`,
});

async function erasureToken(member: TTestMember): Promise<string> {
  await t.app.inject({ method: 'POST', url: '/api/remove-consent', payload: { h: member.token } });
  const row = await db()
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', member.email)
    .executeTakeFirstOrThrow();
  return /\/gdpr\/confirm\/([A-Za-z0-9_-]+)/.exec(row.text_body)![1]!;
}

describe('the session cookie is set by every answer that starts a session', () => {
  it('on login: HttpOnly, SameSite=Lax, for the whole site, as long as a session lasts unused', async () => {
    const member = await createMember(db());
    const res = await login(t.app, member.username, DEFAULT_PASSWORD);
    expect(sessionCookieOf(res)).toEqual({
      name: 'opence_session',
      value: res.json().token,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 30 * 24 * 60 * 60,
    });
  });

  it('on register, on a login link by POST and by GET (03 §3)', async () => {
    const registered = await register(t.app, validRegistration());
    expect(sessionCookieOf(registered)?.value).toBe(registered.json().token);

    const member = await createMember(db());
    const byPost = await t.app.inject({
      method: 'POST',
      url: '/api/login-link',
      payload: { t: await createLoginToken(db(), member.id) },
    });
    expect(byPost.statusCode).toBe(200);
    expect(sessionCookieOf(byPost)?.value).toBe(byPost.json().token);
    const byGet = await t.app.inject({
      url: `/api/student?s=${encodeURIComponent(await createLoginToken(db(), member.id))}`,
    });
    expect(byGet.statusCode).toBe(200);
    expect(sessionCookieOf(byGet)?.value).toBe(byGet.json().token);
    expect(sessionCookieOf(byGet)?.httpOnly).toBe(true);
  });

  it('Secure where the site is served over https', async () => {
    const https = await buildTestApp({ PUBLIC_URL: 'https://ce.example.org' });
    try {
      const member = await createMember(https.app.deps.database.db);
      const res = await login(https.app, member.username, DEFAULT_PASSWORD);
      expect(sessionCookieOf(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax' });
    } finally {
      await https.close();
    }
  });

  it('not by a refused login, nor by an answer that starts no session', async () => {
    const member = await createMember(db());
    const refused = await login(t.app, member.username, 'not-the-password');
    expect(refused.statusCode).toBe(401);
    expect(sessionCookieOf(refused)).toBeUndefined();
    const student = await t.app.inject({ url: `/api/student?s=${member.token}` });
    expect(student.statusCode).toBe(200);
    expect(sessionCookieOf(student)).toBeUndefined();
  });

  it('for a browser signed in before, by POST /api/session-cookie with its token, and only with one', async () => {
    const member = await createMember(db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session-cookie',
      payload: { s: member.token },
    });
    expect(res.json()).toEqual({ status: true });
    expect(sessionCookieOf(res)).toMatchObject({ value: member.token, httpOnly: true, sameSite: 'lax' });
    // The cookie alone does not do: the call is a write.
    const cookieOnly = await t.app.inject({
      method: 'POST',
      url: '/api/session-cookie',
      payload: {},
      headers: fromOwnPage(member.token),
    });
    expect(cookieOnly.statusCode).toBe(401);
    expect(sessionCookieOf(cookieOnly)).toBeUndefined();
  });
});

describe('the session cookie is cleared', () => {
  it('on logout, with or without a session', async () => {
    const member = await createMember(db());
    for (const payload of [{ s: member.token }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', payload });
      expect(res.statusCode).toBe(200);
      expect(sessionCookieOf(res)).toMatchObject({ value: '', maxAge: 0, httpOnly: true, path: '/' });
    }
    const after = await t.app.inject({ url: '/api/profile', headers: fromOwnPage(member.token) });
    expect(after.statusCode).toBe(401);
  });

  it('on erasure', async () => {
    const member = await createMember(db());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/remove-consent-confirm',
      payload: { t: await erasureToken(member) },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res)).toMatchObject({ value: '', maxAge: 0 });
  });
});

describe('the API takes the cookie as the session on a GET from the site itself, and nowhere else', () => {
  it("answers a GET of the site's own pages with the cookie's member", async () => {
    const member = await createMember(db());
    const res = await t.app.inject({ url: '/api/profile', headers: fromOwnPage(member.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().student.username).toBe(member.username);
  });

  it('lets a token the request names win over the cookie, valid or not', async () => {
    const member = await createMember(db());
    const other = await createMember(db());
    const named = await t.app.inject({
      url: `/api/profile?s=${other.token}`,
      headers: fromOwnPage(member.token),
    });
    expect(named.json().student.username).toBe(other.username);
    const ended = await t.app.inject({
      url: `/api/profile?s=${'x'.repeat(43)}`,
      headers: fromOwnPage(member.token),
    });
    expect(ended.statusCode).toBe(401);
  });

  it('refuses a GET another site sends the member to, or a browser that does not say where it comes from', async () => {
    const member = await createMember(db());
    for (const headers of [fromOtherSite(member.token), { cookie: `opence_session=${member.token}` }]) {
      const profile = await t.app.inject({ url: '/api/profile', headers });
      expect(profile.statusCode).toBe(401);
      // A GET that writes (02 §3's hide-agd-reminder) does nothing for a link from another site.
      const hide = await t.app.inject({ url: '/api/hide-agd-reminder', headers });
      expect(hide.statusCode).toBe(401);
    }
    const row = await db()
      .selectFrom('members')
      .select('hide_agd_reminder')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.hide_agd_reminder).toBe(0);
  });

  it('refuses a cross-site POST that carries only the cookie, and changes nothing', async () => {
    const member = await createMember(db());
    const before = await t.app.inject({ url: `/api/profile?s=${member.token}` });
    for (const headers of [fromOtherSite(member.token), fromOwnPage(member.token)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/profile',
        headers,
        payload: { ...before.json().student, firstname: 'Changed' },
      });
      expect(res.statusCode, res.body).toBe(401);
      const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers, payload: {} });
      expect(logout.statusCode).toBe(200);
    }
    const after = await t.app.inject({ url: `/api/profile?s=${member.token}` });
    expect(after.statusCode).toBe(200);
    expect(after.json().student.firstname).toBe(before.json().student.firstname);
  });
});
