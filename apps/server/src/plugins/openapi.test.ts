import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';

/*
 * Issue 37 row 14: the OpenAPI document declared no security on any operation although two
 * schemes exist (Redocly's `security-defined`: 239 errors). Redocly's recommended rules run over
 * the document the server serves, and each operation says who may call it.
 */

type TOperation = { security?: Record<string, string[]>[] };
type TDocument = { paths: Record<string, Record<string, TOperation>> };

let t: TTestApp;
let document: TDocument;
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<TDocument>();
});
afterAll(() => t.close());

const operation = (method: string, path: string) => document.paths[path]![method]!;

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended lint with no error', async () => {
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(errors.slice(0, 20), `${errors.length} errors`).toEqual([]);
  });

  it('declares the security of every operation: member and staff calls need a session, public ones none', () => {
    const missing = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) => (op.security ? [] : [`${method} ${path}`])),
    );
    expect(missing).toEqual([]);
    const session = [{ bearer: [] }, { token: [] }];
    expect(operation('get', '/api/profile').security).toEqual(session);
    expect(operation('get', '/api/admin/members').security).toEqual(session);
    expect(operation('get', '/api/upcoming').security).toEqual([{}, ...session]);
    expect(operation('post', '/api/login').security).toEqual([]);
    expect(operation('post', '/api/reset-password').security).toEqual([]);
  });
});
