import { AdSlotType, ClassType, SEARCH_SMALL_WORDS } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createBlogPost,
  createCategory,
  createClass,
  createCompany,
  createCompletion,
  createMember,
  createPodcast,
  createSeat,
  createSpeaker,
  type TTestMember,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';
import { SEARCH_SECTION_SIZE } from './search.service.ts';

let t: TTestApp;
let member: TTestMember;
const DAY = 86_400_000;
const at = (offsetMs: number) => nowIso(new Date(Date.now() + offsetMs));
const h: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  member = await createMember(db);
  const perio = await createCategory(db, 'Periodontics');
  await createCategory(db, 'Unused Category');
  const sponsor = await createCompany(db, 'Gumcare Labs');
  const threeM = await createCompany(db, '3M Oral Care');
  await createCompany(db, 'Sponsors Nothing Inc');
  const speaker = await createSpeaker(db, 'Dr. Pia Perio');
  ids.perio = perio.id;
  ids.sponsor = sponsor.id;
  ids.threeM = threeM.id;

  // Eight upcoming webinars about gums, one of them sponsored; more than a section shows.
  for (let i = 0; i < 8; i++) {
    const live = await createClass(db, {
      type_id: ClassType.LIVE,
      title: `Gum Health Live ${i}`,
      release_at: at((i + 1) * DAY),
      company_id: i === 0 ? sponsor.id : null,
    });
    h[`live${i}`] = live.hash;
    if (i === 0) ids.live0 = live.id;
  }
  const gumClass = await createClass(db, { title: 'Gum Grafting Techniques', speaker_id: speaker.id });
  const ortho = await createClass(db, {
    title: 'Aligner Basics',
    blurb: 'Clear aligners for the general practice.',
  });
  const threeMClass = await createClass(db, { title: 'Composite Layering', company_id: threeM.id });
  await db.insertInto('class_categories').values({ class_id: gumClass.id, category_id: perio.id }).execute();
  h.gumClass = gumClass.hash;
  h.ortho = ortho.hash;
  h.threeMClass = threeMClass.hash;
  ids.gumClass = gumClass.id;

  const episode = await createPodcast(db, { title: 'Gum Talk Episode', company_id: sponsor.id });
  h.episode = episode.hash;
  h.show = episode.showHash;
  ids.episode = episode.id;
  await createBlogPost(db, { title: 'Five Gum Myths', slug: 'five-gum-myths' });

  await db
    .insertInto('featured_content')
    .values([
      { slot_type_id: AdSlotType.FEATURED_CLASS, class_id: gumClass.id, updated_at: nowIso() },
      { slot_type_id: AdSlotType.FEATURED_PODCAST, podcast_id: episode.id, updated_at: nowIso() },
    ])
    .execute();

  await createSeat(db, ids.live0!, member.id);
  await createCompletion(db, member.id, { class_id: gumClass.id });
  await createCompletion(db, member.id, { podcast_id: episode.id });
});
afterAll(() => t.close());

async function search(query: string, token?: string) {
  const res = await t.app.inject({ url: `/api/search?${query}${token ? `&s=${token}` : ''}` });
  return { res, body: res.json() };
}
const hashes = (rows: { hash: string }[]) => rows.map((r) => r.hash);

describe('GET /api/search (03 §4)', () => {
  it('answers every section for a keyword: next webinars, newest classes, podcasts, blog posts, featured', async () => {
    const { res, body } = await search('q=gum');
    expect(res.statusCode).toBe(200);
    expect(hashes(body.webinars.data)).toEqual(
      Array.from({ length: SEARCH_SECTION_SIZE }, (_, i) => h[`live${i}`]),
    );
    expect(hashes(body.classes.data)).toEqual([h.gumClass]);
    expect(hashes(body.podcasts.data)).toEqual([h.episode]);
    expect(body.blogPosts.data.map((p: { id: string }) => p.id)).toEqual(['five-gum-myths']);
    expect(body.featuredContent).toMatchObject({ status: true, featuredHash: h.gumClass });
    expect(body.featuredContent.featuredClass.data[0].hash).toBe(h.gumClass);
    expect(body.featuredContent.featuredPodcast.data[0].hash).toBe(h.episode);
    expect(body.featuredContent.featuredBlog.data).toEqual([]);
  });

  it.each([
    ['the speaker', 'q=perio', () => [h.gumClass]],
    ['the blurb', 'q=aligners', () => [h.ortho]],
    ['the title, whatever the case', 'q=ALIGNER%20BASICS', () => [h.ortho]],
    ["'3m', kept although short", 'q=3m', () => [h.threeMClass]],
    ['quotes removed', `q=${encodeURIComponent('"grafting"')}`, () => [h.gumClass]],
    ['small words dropped', 'q=the%20grafting%20with', () => [h.gumClass]],
    ['the category', () => `cid=${ids.perio}`, () => [h.gumClass]],
    ['the company', () => `coid=${ids.threeM}`, () => [h.threeMClass]],
  ])('finds classes by %s', async (_name, query, expected) => {
    const { body } = await search(typeof query === 'function' ? query() : query);
    expect(hashes(body.classes.data)).toEqual(expected());
  });

  it('filters every section by company', async () => {
    const { body } = await search(`coid=${ids.sponsor}`);
    expect(hashes(body.webinars.data)).toEqual([h.live0]);
    expect(body.classes.data).toEqual([]);
    expect(hashes(body.podcasts.data)).toEqual([h.episode]);
    expect(body.blogPosts.data).toEqual([]);
    expect(body.featuredContent.status).toBe(true);
    expect(body.featuredContent.featuredClass.data).toEqual([]);
  });

  it('finds nothing, without an error, for text that matches nothing', async () => {
    // "1' OR '1'='1" left out: its word '1' is found in titles (partial matches, decision 1145).
    for (const q of ['zzzqqq', "' OR ''='", '%_%', 'ñ'.repeat(40)]) {
      const { res, body } = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(body.webinars.data.length + body.classes.data.length + body.podcasts.data.length).toBe(0);
      expect(body.featuredContent.status).toBe(false);
    }
  });

  it("adds the member's seats and completed exams, and only theirs", async () => {
    const mine = (await search('q=gum', member.token)).body;
    expect(mine.webinars.data[0]).toMatchObject({ hash: h.live0, hasSeat: true, isReserved: true });
    expect(mine.webinars.seats.map((s: { hash: string }) => s.hash)).toEqual([h.live0]);
    expect(mine.classes.data[0].examTaken).toBe(true);
    expect(mine.podcasts.data[0].examTaken).toBe(true);

    const other = await createMember(t.app.deps.database.db);
    const theirs = (await search('q=gum', other.token)).body;
    expect(theirs.webinars.data[0].hasSeat).toBe(false);
    expect(theirs.webinars.seats).toEqual([]);
    expect(theirs.classes.data[0].examTaken).toBe(false);
  });

  it('lets visitor results be cached and never member results', async () => {
    expect((await search('q=gum')).res.headers['cache-control']).toBe('public, max-age=30');
    expect((await search('q=gum', member.token)).res.headers['cache-control']).toBe('private, no-store');
  });

  it("tells the server's time for the answer in a Server-Timing header", async () => {
    const header = String((await search('q=gum')).res.headers['server-timing']);
    expect(header).toMatch(/^app;dur=\d+\.\d\d$/);
  });

  it('refuses oversized input with a 400 naming the field', async () => {
    const { res, body } = await search(`q=${'x'.repeat(501)}`);
    expect(res.statusCode).toBe(400);
    expect(body.field).toBe('q');
  });
});

describe('GET /api/search-items', () => {
  it('gives the small words, every category and the companies that sponsor content', async () => {
    const res = await t.app.inject({ url: '/api/search-items' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.smallWords).toEqual([...SEARCH_SMALL_WORDS]);
    expect(body.catList).toEqual(
      expect.arrayContaining([
        { categoryID: ids.perio, categoryName: 'Periodontics' },
        { categoryID: expect.any(String), categoryName: 'Unused Category' },
      ]),
    );
    expect(body.companyList).toEqual([
      { companyID: ids.threeM, companyName: '3M Oral Care' },
      { companyID: ids.sponsor, companyName: 'Gumcare Labs' },
    ]);
  });
});
