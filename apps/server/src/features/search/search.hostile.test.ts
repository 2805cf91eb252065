import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createBlogPost,
  createClass,
  createCompany,
  createPodcast,
  createSpeaker,
} from '../../../test/factories.ts';

/*
 * Hostile search text (issue 27): the syntax of FTS5 and tsquery, quotes, parentheses, NEAR,
 * '*', ':', '&', '|', '!', very long words and emoji never make a 500 or reach an engine's
 * query parser: searches are built from sanitised tokens only. Every list that takes q, and
 * search, on SQLite and PostgreSQL.
 */

let t: TTestApp;
let classHash = '';
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  const speaker = await createSpeaker(db, 'Dr. Nora Near');
  const company = await createCompany(db, 'Ampersand & Pipe Dental');
  const cls = await createClass(db, {
    title: 'Implant Surgery: NEAR the Nerve (And Other Risks)',
    blurb: 'Col:value "quoted" text with * and ^ and - signs.',
    speaker_id: speaker.id,
    company_id: company.id,
  });
  classHash = cls.hash;
  await createPodcast(db, { title: 'OR AND NOT: a podcast about operators' });
  await createBlogPost(db, { title: 'The <-> operator & friends', slug: 'operators' });
});
afterAll(() => t.close());

const HOSTILE = [
  '"',
  '"""',
  "'",
  '(',
  ')',
  '((implant',
  'implant)',
  'NEAR',
  'NEAR(implant nerve, 2)',
  'implant NEAR/2 nerve',
  '*',
  'implant*',
  '*implant',
  'title:implant',
  '{title}: implant',
  '^implant',
  'implant:*',
  'implant:*A',
  'implant & nerve',
  'implant | nerve',
  '!implant',
  '!!!',
  'implant <-> nerve',
  'implant <2> nerve',
  "implant' OR '1'='1",
  'AND OR NOT',
  'implant AND',
  'OR implant',
  '- implant',
  '+implant',
  '\\',
  '%_%',
  '___',
  'a:b:c:d',
  'x'.repeat(30),
  'implantimplantimplantimplantim',
  '🦷🦷🦷 implant',
  '🦷🦷🦷',
  'ñandú ümlaut',
  '日本語のテキスト',
  'implant\u200bnerve',
];

const LISTS = [
  'search',
  'upcoming',
  'ondemand',
  'premium',
  'podcasts',
  'blog-posts',
  'drilldowns',
  'tutorials',
];

describe('hostile search text', () => {
  it.each(HOSTILE)('%j answers 200 on every list that takes q', async (q) => {
    for (const list of LISTS) {
      const res = await t.app.inject({ url: `/api/${list}?q=${encodeURIComponent(q)}` });
      expect(res.statusCode, `${list} ${JSON.stringify(q)}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it.each([
    'implant*',
    '(implant',
    'implant:*',
    '"implant"',
    'implant & nerve',
    'NEAR (nerve)',
    '🦷 implant!',
  ])('%j still finds the class by its words', async (q) => {
    const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().classes.data.map((r: { hash: string }) => r.hash)).toContain(classHash);
  });

  it('refuses a NUL character with a 400 naming the field, as any invalid input', async () => {
    const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent('\u0000implant')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('q');
  });

  it('a word of symbols only matches nothing rather than everything', async () => {
    const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent('!!! ***')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().classes.data).toEqual([]);
  });
});
