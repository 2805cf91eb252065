import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';

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
