import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';

/*
 * The hardening of issue 11, literally: each secure header on answers and refusals, HSTS only
 * when the site is served over https, and a clear 413 for a body over the 1 MiB limit.
 */

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' https: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

let http: TTestApp;
let https: TTestApp;

beforeAll(async () => {
  [http, https] = await Promise.all([
    buildTestApp(),
    buildTestApp({ PUBLIC_URL: 'https://ce.example.test' }),
  ]);
});
afterAll(() => Promise.all([http.close(), https.close()]));

describe('secure headers', () => {
  it.each(['/api/health', '/api/no-such-call', '/api/student?s=bogus'])(
    'are on every answer over http, without HSTS: %s',
    async (url) => {
      const res = await http.app.inject({ url });
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('add HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const res = await https.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBe(`${CSP};upgrade-insecure-requests`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('request body limit', () => {
  it('refuses a JSON body over 1 MiB with a clear 413 and changes nothing', async () => {
    const db = http.app.deps.database.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('members')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await http.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'big', firstname: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    // The text is ours (texts.ts), not Fastify's English (issue 28, decision 0906).
    expect(res.json()).toEqual({ status: false, msg: Texts.REQUEST_TOO_LARGE });
    expect(await count()).toBe(before);
  });

  it('refuses a body that announces more than 1 MiB before reading it', async () => {
    const res = await http.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1_048_576) },
      payload: '{"u":"a","p":"b"}',
    });
    expect(res.statusCode).toBe(413);
  });
});
