import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '@opence/shared';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import { refusalText } from './errors.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Found by the fuzz suite (test/fuzz): PostgreSQL answered 500 to a login name holding U+0000.
describe('input holding U+0000', () => {
  it.each([
    ['a body field', { method: 'POST', url: '/api/login', payload: { u: 'a\u0000b', p: 'secret1' } }, 'u'],
    ['a query parameter', { method: 'GET', url: '/api/search?q=tooth%00ache' }, 'q'],
    [
      'an object key',
      { method: 'POST', url: '/api/login', payload: { u: 'a', p: 'b', 'x\u0000': 1 } },
      'x\u0000',
    ],
  ] as const)('is refused with a 400 naming the field, in %s', async (_where, request, field) => {
    const response = await t.app.inject(request);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ status: false, field });
  });
});

/*
 * Issue 28: every refusal under /api is in the API's shape (03 §2), including those made before a
 * route runs: by node's HTTP parser (431), Fastify's body parser (413, 415, 400) and its router.
 */
describe('refusals made before a route runs', () => {
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const expectApiShape = async (response: Response, status: number, msg: string) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: false, msg });
  };

  it('answers a 100 KB query string with 431, status false and msg', async () => {
    const response = await fetch(`${base}/api/search?q=${'a'.repeat(100 * 1024)}`);
    await expectApiShape(response, 431, Texts.REQUEST_TOO_LARGE);
  });

  it('answers a 2 MB body with 413, status false and msg', async () => {
    const response = await fetch(`${base}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ comment: 'x'.repeat(2 * 1024 * 1024) }),
    });
    await expectApiShape(response, 413, Texts.REQUEST_TOO_LARGE);
  });

  it('answers an unknown /api path with 404, status false and msg', async () => {
    await expectApiShape(await fetch(`${base}/api/no-such-call`), 404, Texts.NOT_FOUND);
    await expectApiShape(await fetch(`${base}/api/no/such/call`, { method: 'DELETE' }), 404, Texts.NOT_FOUND);
  });

  it('answers an unknown blurb code with 404, status false and msg', async () => {
    const response = await fetch(`${base}/api/blurb?code=no_such_blurb`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: false, msg: Texts.NOT_FOUND });
  });

  it('answers a body of a type no route reads with 415, status false and msg', async () => {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<u>a</u>',
    });
    await expectApiShape(response, 415, Texts.REQUEST_MEDIA_TYPE);
  });

  it('answers malformed JSON and a malformed URL with 400, status false and msg', async () => {
    const json = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"u":',
    });
    await expectApiShape(json, 400, Texts.REQUEST_UNREADABLE);
    await expectApiShape(await fetch(`${base}/api/blurb%zz?code=x`), 400, Texts.REQUEST_UNREADABLE);
  });

  it('answers an unsupported request encoding in the same shape', async () => {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' },
      body: '{}',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.json()).toEqual({ status: false, msg: refusalText(response.status) });
  });

  it.each([400, 401, 403, 404, 405, 406, 408, 413, 414, 415, 418, 429, 431])(
    'has a text from texts.ts for a %i',
    (status) => {
      expect(Object.values(Texts)).toContain(refusalText(status));
    },
  );
});
