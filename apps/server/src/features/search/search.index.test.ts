import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createCategory,
  createClass,
  createCompany,
  createPodcast,
  createSpeaker,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * The full-text indexes follow every write in its own transaction (triggers, issue 27): a new
 * or edited class, a renamed speaker, company or category, a category link, a deletion.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.database.db;
/** Class hashes on-demand finds for q (each q asked once: answers are cached by filter). */
async function found(q: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/ondemand?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((r: { hash: string }) => r.hash);
}

/**
 * SQLite (docs/decisions/0212): the contentless FTS5 tables hold exactly the documents of
 * fts_rows and fts_texts, one per class, podcast, blog post and drill-down, and pass FTS5's
 * own integrity check: no stale rowid is left behind by an edit or a deletion.
 */
async function consistent() {
  if (t.app.deps.database.dialect !== 'sqlite') return;
  const ids = async (query: string) =>
    (await sql.raw<{ id: number | string }>(query).execute(db())).rows.map((r) => String(r.id)).sort();
  const rows = await ids('select id from fts_rows');
  expect(await ids('select id from fts_texts')).toEqual(rows);
  expect(await ids('select id from fts_search_docsize')).toEqual(rows);
  expect(await ids('select id from fts_trigram_docsize')).toEqual(rows);
  expect(await ids('select item_id as id from fts_rows')).toEqual(
    await ids(
      'select id from classes union all select id from podcasts union all select id from blog_posts union all select id from drilldowns',
    ),
  );
  for (const table of ['fts_search', 'fts_trigram']) {
    await sql.raw(`insert into ${table} (${table}) values ('integrity-check')`).execute(db());
  }
}

describe('the search index stays in step with the content', () => {
  it('follows inserts, edits, renames, category links and deletions', async () => {
    const speaker = await createSpeaker(db(), 'Quentin Zebulon');
    const company = await createCompany(db(), 'Xylocaine Partners');
    const category = await createCategory(db(), 'Gnathology');
    const cls = await createClass(db(), {
      title: 'Occlusal Splints',
      speaker_id: speaker.id,
      company_id: company.id,
    });
    expect(await found('splints')).toEqual([cls.hash]);
    expect(await found('zebulon')).toEqual([cls.hash]);
    expect(await found('xylocaine')).toEqual([cls.hash]);
    await consistent();

    await db().updateTable('classes').set({ title: 'Night Guards' }).where('id', '=', cls.id).execute();
    expect(await found('splint')).toEqual([]);
    expect(await found('guards')).toEqual([cls.hash]);
    await consistent();

    await db().updateTable('speakers').set({ name: 'Quentin Yarrow' }).where('id', '=', speaker.id).execute();
    expect(await found('zebulo')).toEqual([]);
    expect(await found('yarrow')).toEqual([cls.hash]);
    await consistent();

    await db()
      .updateTable('companies')
      .set({ name: 'Mepivacaine Partners' })
      .where('id', '=', company.id)
      .execute();
    expect(await found('mepivacaine')).toEqual([cls.hash]);
    await consistent();

    await db()
      .insertInto('class_categories')
      .values({ class_id: cls.id, category_id: category.id })
      .execute();
    expect(await found('gnathology')).toEqual([cls.hash]);
    await db().updateTable('categories').set({ name: 'Occlusion' }).where('id', '=', category.id).execute();
    expect(await found('occlusion')).toEqual([cls.hash]);
    await consistent();
    await db().deleteFrom('class_categories').where('class_id', '=', cls.id).execute();
    expect(await found('occlusi')).toEqual([]);
    await consistent();

    await db().deleteFrom('classes').where('id', '=', cls.id).execute();
    expect(await found('guard')).toEqual([]);
    await consistent();
  });

  it('follows episode transcripts: added, replaced, removed (docs/decisions/0211)', async () => {
    const episode = await createPodcast(db(), { title: 'Chairside Chat' });
    const podcasts = async (q: string) =>
      ((await t.app.inject({ url: `/api/search?q=${q}` })).json().podcasts.data as { hash: string }[]).map(
        (p) => p.hash,
      );
    const media = `podcast:${episode.hash}`;
    await db()
      .insertInto('media_transcripts')
      .values({
        media,
        format: 'text',
        body: 'x',
        plain: 'We discuss Xerostomia today.',
        updated_at: nowIso(),
      })
      .execute();
    expect(await podcasts('xerostomia')).toEqual([episode.hash]);
    await db()
      .updateTable('media_transcripts')
      .set({ plain: 'We discuss halitosis today.' })
      .where('media', '=', media)
      .execute();
    expect(await podcasts('xerostom')).toEqual([]);
    expect(await podcasts('halitosis')).toEqual([episode.hash]);
    await db().deleteFrom('media_transcripts').where('media', '=', media).execute();
    expect(await podcasts('halitosi')).toEqual([]);
  });
});
