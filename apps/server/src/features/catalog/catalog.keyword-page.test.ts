import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createSpeaker } from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * A keyword page of classes with many hits is read in two steps, ids and count first, then the
 * page's columns (docs/decisions/0212): the same rows, order, count and columns as one read.
 */

let t: TTestApp;
const titles: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  const speaker = await createSpeaker(db, 'Ottoline Quarry');
  const day = 86_400_000;
  // 60 with the word in the title (newest first by release), 4 with it in the description only.
  for (let i = 0; i < 64; i++) {
    const title = i < 60 ? `Zirconia Crowns Part ${i}` : `Monolithic Restorations ${i}`;
    await createClass(db, {
      title,
      description: i < 60 ? 'Description.' : 'Milling zirconia in the office.',
      speaker_id: speaker.id,
      release_at: nowIso(new Date(Date.now() - (i + 2) * day)),
    });
    titles.push(title);
  }
});
afterAll(() => t.close());

describe('a keyword page of many hits', () => {
  it('pages by best match, then newest, with the count and every column', async () => {
    const page = async (n: number) =>
      (await t.app.inject({ url: `/api/ondemand?q=zirconia&page=${n}` })).json() as {
        totalRows: number;
        data: { className: string }[];
      };
    const first = await page(0);
    expect(first.totalRows).toBe(64);
    expect(first.data.map((r) => r.className)).toEqual(titles.slice(0, first.data.length));
    expect(JSON.stringify(first.data[0])).toContain('Ottoline Quarry');
    const pages = Math.ceil(64 / first.data.length);
    const last = await page(pages - 1);
    expect(last.data.map((r) => r.className)).toEqual(titles.slice((pages - 1) * first.data.length));
    // Past the end: the last page (01 §2).
    expect((await page(pages + 3)).data.map((r) => r.className)).toEqual(last.data.map((r) => r.className));
  });
});
