import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';

let t: TTestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'opence-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'date-formats-warm-up.js'), 'self.onmessage = () => {};');
  // A build from before issue 37 still had its own robots.txt: the server's answers instead.
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nAllow: /\nDisallow: /admin');
  t = await buildTestApp({ WEB_DIST: webDist });
  await t.app.deps.storage.put(
    'images/logo.svg',
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'image/svg+xml',
  );
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it.each(['/home', '/dental-blog/some-slug', '/classroom/abc?c=1', '/no/such/page'])(
    'answers the client route %s with index.html, never cached',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other static files without long caching', async () => {
    const res = await t.app.inject({ url: '/date-formats-warm-up.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers /robots.txt itself, not with a file of the build', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Allow: /');
    expect(res.body).toContain('Disallow: /admin');
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const res = await t.app.inject({ url: '/assets/missing-zzz.js' });
    expect(res.statusCode).toBe(404);
  });

  it('answers unknown API paths with JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing/here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, msg: 'Not found.' });
    }
  });

  it('serves stored media under /media/', async () => {
    const res = await t.app.inject({ url: '/media/images/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    const missing = await t.app.inject({ url: '/media/images/none.svg' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a storage key that climbs out of the media folder', async () => {
    await expect(t.app.deps.storage.put('../escape.txt', 'x', 'text/plain')).rejects.toThrow(
      /Unsafe storage key/,
    );
    const res = await t.app.inject({ url: '/media/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});
