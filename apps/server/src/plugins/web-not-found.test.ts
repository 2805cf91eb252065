import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';

/*
 * A real 404 status for a path the app has no screen for (issue 22, item 15). The web build's
 * renderer (dist/render/route-render.js) tells the server its route table; here a stand-in build
 * with two screens, as web.test.ts stands in an index.html. e2e/tests/lists-and-details.e2e.ts
 * asks the real build.
 */

let t: TTestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'opence-web-404-'));

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'render'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(webDist, 'render', 'route-render.js'),
    [
      'export const screenHead = "";',
      'export async function renderRoute() { return null; }',
      'export function isKnownAddress(p) { return p === "/home" || p.startsWith("/classroom/"); }',
    ].join('\n'),
  );
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(() => t.close());

describe('a path no screen of the app has', () => {
  it.each(['/no/such/page', '/404', '/homes'])('answers %s with 404 and the page', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers.etag).toBeUndefined();
  });

  it('answers a known screen with 200, its query aside', async () => {
    for (const url of ['/home', '/classroom/abc?c=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('keeps the JSON 404 of an unknown API path', async () => {
    const res = await t.app.inject({ url: '/api/no/such' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, msg: 'Not found.' });
  });
});
