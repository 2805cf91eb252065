import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { nowIso } from '../../lib/ids.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  await db
    .insertInto('blurbs')
    .values({ code: 'cookie_message', blurb: 'We use cookies.', updated_at: nowIso() })
    .execute();
  await db
    .insertInto('settings')
    .values({ key: 'brand', value: 'Test Brand', updated_at: nowIso() })
    .execute();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers with the database engine', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, database: t.app.deps.database.dialect });
  });
});

describe('GET /api/blurb', () => {
  it('returns the text block by code in the spec fields', async () => {
    const res = await t.app.inject({ url: '/api/blurb?code=cookie_message' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      rowCount: 1,
      data: [{ code: 'cookie_message', blurb: 'We use cookies.' }],
    });
  });

  it('answers 404 with status false and msg for an unknown code', async () => {
    const res = await t.app.inject({ url: '/api/blurb?code=nothing_here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, msg: Texts.NOT_FOUND, rowCount: 0, data: [] });
  });

  it.each([
    ['', 'code'],
    ['?code=', 'code'],
    ["?code=x'%20or%201=1--", 'code'],
    [`?code=${'a'.repeat(500)}`, 'code'],
  ])('refuses bad input %s with a 400 naming the field', async (query, field) => {
    const res = await t.app.inject({ url: `/api/blurb${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.field).toBe(field);
    expect(body.msg).toMatch(/^code: /);
  });
});

describe('GET /api/site', () => {
  it('gives the brand from the settings', async () => {
    const res = await t.app.inject({ url: '/api/site' });
    expect(res.json()).toMatchObject({ status: true, brand: 'Test Brand', socialLinks: [] });
  });
});

describe('conventions', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ status: false, msg: 'Not found.' });
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('publishes the OpenAPI document of the routes at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/blurb', '/api/site']),
    );
    expect(doc.paths['/api/blurb'].get.parameters[0]).toMatchObject({ name: 'code', in: 'query' });
  });

  it('sends secure headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
