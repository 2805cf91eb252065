import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass } from '../../../test/factories.ts';

/*
 * A list's count is the same for every page of a filter, and at thousands of rows it costs more
 * than reading a page (bench/RESULTS.md): it is kept per list and filter for as long as the
 * public answers (5 s), so paging through a list counts it once.
 */

let t: TTestApp;
let captured: string[] = [];
const countsOfClasses = () =>
  // A keyword list reads its hits first and joins the classes to them (docs/decisions/0211, 0212).
  captured.filter((q) => /count\(\*\)/i.test(q) && /(from|join) "classes"/i.test(q)).length;

beforeAll(async () => {
  t = await buildTestApp({}, { onQuery: (query: CompiledQuery) => captured.push(query.sql) });
  for (let i = 0; i < 25; i++) await createClass(t.app.deps.database.db, { title: `Paged class ${i}` });
});
afterAll(() => t.close());

describe('the count behind a paged list', () => {
  it('runs once for all the pages of one filter, and again for another filter', async () => {
    captured = [];
    const pages = await Promise.all(
      [0, 1, 2].map(async (page) => (await t.app.inject({ url: `/api/ondemand?page=${page}` })).json()),
    );
    expect(pages.map((p: { totalRows: number }) => p.totalRows)).toEqual([25, 25, 25]);
    expect(pages.map((p: { rowCount: number }) => p.rowCount)).toEqual([10, 10, 5]);
    expect(countsOfClasses()).toBe(1);

    const searched = (await t.app.inject({ url: '/api/ondemand?page=0&q=Paged%20class%201' })).json();
    expect(searched.totalRows).toBe(11); // 1 and 10–19: '1' matches as a word's start (issue 27)
    expect(countsOfClasses()).toBe(2);
  });

  it('counts again once the cache time has passed', async () => {
    await t.app.inject({ url: '/api/tutorials?page=0' });
    captured = [];
    const realNow = Date.now;
    Date.now = () => realNow() + 5_001;
    try {
      await t.app.inject({ url: '/api/tutorials?page=1' });
    } finally {
      Date.now = realNow;
    }
    expect(countsOfClasses()).toBe(1);
  });
});
