import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createMember, createStaff } from '../../../test/factories.ts';

/* Staff's dental synonym list (issue 27): seeded, edited, validated, used by search at once. */

let t: TTestApp;
let staff: { token: string };
beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(t.app.deps.database.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `${url}?s=${token}`, ...(payload ? { payload } : {}) });

describe('/api/admin/search-synonyms', () => {
  it('lists the seeded dental synonyms', async () => {
    const res = await call('GET', '/api/admin/search-synonyms', staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual(
      expect.objectContaining({
        term: 'perio',
        alternatives: ['periodontal', 'periodontics', 'periodontitis'],
      }),
    );
    expect(res.json().data).toContainEqual(
      expect.objectContaining({ term: 'cbct', alternatives: ['cone beam'] }),
    );
  });

  it('saves a term that search then expands at once, and deletes it again', async () => {
    const db = t.app.deps.database.db;
    const cls = await createClass(db, { title: 'Bruxism and Night Guards' });
    const before = await t.app.inject({ url: '/api/ondemand?q=grinding' });
    expect(before.json().data).toEqual([]);

    const saved = await call('PUT', '/api/admin/search-synonyms', staff.token, {
      term: 'Grinding',
      alternatives: ['bruxism', 'clenching'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = saved.json().data.find((r: { term: string }) => r.term === 'grinding');
    expect(row.alternatives).toEqual(['bruxism', 'clenching']);
    // Other words than before: the list's public answer is kept for a few seconds.
    const after = await t.app.inject({ url: '/api/ondemand?q=grinding%20guards' });
    expect(after.json().data.map((r: { hash: string }) => r.hash)).toEqual([cls.hash]);

    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'search_synonym')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);

    const gone = await call('DELETE', `/api/admin/search-synonyms/${row.id}`, staff.token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data.some((r: { term: string }) => r.term === 'grinding')).toBe(false);
    expect((await call('DELETE', `/api/admin/search-synonyms/${row.id}`, staff.token)).statusCode).toBe(404);
  });

  it('lists the shipped thesaurus with its sources; staff override a shipped entry and delete the override', async () => {
    const list = async () => (await call('GET', '/api/admin/search-synonyms', staff.token)).json().data;
    const entry = async (term: string) => (await list()).find((r: { term: string }) => r.term === term);
    expect(await entry('dry mouth')).toEqual({
      id: 'shipped:dry mouth',
      term: 'dry mouth',
      alternatives: ['xerostomia', 'hyposalivation'],
      origin: 'shipped',
      source: expect.stringContaining('MeSH'),
      shippedAlternatives: [],
    });
    // A term the site's first migration seeded is staff's: it overrides the shipped entry.
    expect(await entry('perio')).toMatchObject({
      origin: 'override',
      source: expect.stringContaining('AGD'),
    });

    const before = await t.app.inject({ url: '/api/search?q=dry%20mouth%20saliva' });
    expect(before.json().notFound).toEqual(['dry mouth', 'saliva']);
    await createClass(t.app.deps.database.db, { title: 'Hyposalivation in Older Patients' });
    const saved = await call('PUT', '/api/admin/search-synonyms', staff.token, {
      term: 'Dry Mouth',
      alternatives: ['saliva substitutes'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const override = await entry('dry mouth');
    expect(override).toMatchObject({
      origin: 'override',
      alternatives: ['saliva substitutes'],
      shippedAlternatives: ['xerostomia', 'hyposalivation'],
    });
    // Staff's entry replaces the shipped one: 'hyposalivation' is no longer found for it.
    const replaced = await t.app.inject({ url: '/api/search?q=dry%20mouth' });
    expect(replaced.json().notFound).toEqual(['dry mouth']);

    expect((await call('DELETE', `/api/admin/search-synonyms/${override.id}`, staff.token)).statusCode).toBe(
      200,
    );
    expect(await entry('dry mouth')).toMatchObject({ origin: 'shipped' });
    const back = await t.app.inject({ url: '/api/search?q=dry%20mouth%20older' });
    expect(back.json().notFound).toEqual([]);
    expect(back.json().classes.data.map((r: { className: string }) => r.className)).toEqual([
      'Hyposalivation in Older Patients',
    ]);
    // A shipped entry has nothing to delete: its id is no stored id, and nothing changes.
    expect(
      (await call('DELETE', '/api/admin/search-synonyms/shipped:dry%20mouth', staff.token)).statusCode,
    ).toBe(400);
    expect(await entry('dry mouth')).toMatchObject({ origin: 'shipped' });
  });

  it.each([
    [{ term: 'x', alternatives: ['bruxism'] }],
    [{ term: 'grinding', alternatives: [] }],
    [{ term: 'grinding', alternatives: ['"quoted" OR x'] }],
    [{ term: 'grinding*', alternatives: ['bruxism'] }],
    [{ term: 'a'.repeat(41), alternatives: ['bruxism'] }],
  ])('refuses %j with a 400', async (body) => {
    const res = await call('PUT', '/api/admin/search-synonyms', staff.token, body);
    expect(res.statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    const member = await createMember(t.app.deps.database.db);
    expect((await call('GET', '/api/admin/search-synonyms', member.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/search-synonyms' })).statusCode).toBe(401);
  });
});
