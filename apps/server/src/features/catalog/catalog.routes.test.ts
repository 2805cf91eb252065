import { AdSlotType, ClassType } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createAd,
  createBlogPost,
  createCategory,
  createClass,
  createCompany,
  createCompletion,
  createDrilldown,
  createEbook,
  createGradebookRow,
  createMember,
  createPodcast,
  createSeat,
  createSpeaker,
  setSetting,
  type TTestMember,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * The content lists through HTTP against a real database (01 §3, §7; 03 §2, §4). The data is
 * made once; every list answer of a visitor is cached for a few seconds, so tests only read.
 */

let t: TTestApp;
let member: TTestMember;
let otherMember: TTestMember;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (offsetMs: number) => nowIso(new Date(Date.now() + offsetMs));

const ids: Record<string, string> = {};
const hashes: Record<string, string> = {};
let onDemandHashesNewestFirst: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  member = await createMember(db);
  otherMember = await createMember(db);

  await setSetting(db, 'mobileAdIndexStart', '2');
  await setSetting(db, 'mobileAdInterval', '5');
  await setSetting(db, 'learningPlatformUrl', 'https://learn.example.test/');
  await setSetting(db, 'homeUpcomingCount', '2');
  await setSetting(db, 'homeNewestCount', '3');

  const implants = await createCategory(db, 'Implants');
  const endo = await createCategory(db, 'Endodontics');
  const acme = await createCompany(db, 'Acme Dental');
  const threeM = await createCompany(db, '3M Oral Care');
  const speaker = await createSpeaker(db, 'Dr. Rosa Molar');
  ids.implants = implants.id;
  ids.endo = endo.id;
  ids.acme = acme.id;

  // Live: two ahead, one in progress (still upcoming), one ended (on-demand as archive).
  const live = async (title: string, startMs: number, extra: Record<string, unknown> = {}) =>
    createClass(db, { type_id: ClassType.LIVE, title, release_at: at(startMs), duration_min: 60, ...extra });
  const liveSoon = await live('Live Soon', DAY);
  const liveLater = await live('Implant Planning Live', 2 * DAY, { company_id: acme.id });
  const liveNow = await live('Live In Progress', -30 * MINUTE);
  const liveEnded = await live('Live Ended', -3 * 60 * MINUTE);
  await createClass(db, {
    type_id: ClassType.LIVE,
    title: 'Live Unpublished',
    release_at: at(DAY),
    is_published: 0,
  });
  await db
    .insertInto('class_categories')
    .values({ class_id: liveLater.id, category_id: implants.id })
    .execute();
  Object.assign(hashes, { liveSoon: liveSoon.hash, liveLater: liveLater.hash, liveNow: liveNow.hash });
  hashes.liveEnded = liveEnded.hash;

  // On-demand: 22 produced classes a day apart, plus the ended live class and an archive class.
  const produced = [];
  for (let i = 0; i < 22; i++) {
    produced.push(
      await createClass(db, {
        title: i === 4 ? 'Crown Preparation Basics' : `Produced Class ${i}`,
        blurb: i === 5 ? 'Everything about endodontic files.' : 'A class for tests.',
        release_at: at(-(i + 1) * DAY),
        company_id: i === 6 ? threeM.id : null,
        speaker_id: i === 7 ? speaker.id : null,
      }),
    );
  }
  const archive = await createClass(db, {
    type_id: ClassType.ARCHIVE,
    title: 'Archive Class',
    release_at: at(-40 * DAY),
  });
  await db
    .insertInto('class_categories')
    .values({ class_id: produced[3]!.id, category_id: endo.id })
    .execute();
  onDemandHashesNewestFirst = [liveEnded.hash, ...produced.map((c) => c.hash), archive.hash];
  hashes.crown = produced[4]!.hash;
  hashes.endoBlurb = produced[5]!.hash;
  hashes.threeM = produced[6]!.hash;
  hashes.bySpeaker = produced[7]!.hash;
  hashes.endoCategory = produced[3]!.hash;
  ids.completedClass = produced[0]!.id;

  // Not on-demand: a future release, a tutorial, a premium course.
  await createClass(db, { title: 'Not Yet Released', release_at: at(DAY) });
  const tutorial = await createClass(db, { title: 'Scanner Training', is_tutorial: 1, company_id: acme.id });
  hashes.tutorial = tutorial.hash;
  const premium = await createClass(db, {
    type_id: ClassType.PREMIUM,
    title: 'Implant Mastery',
    learnworlds_class_id: 'lw-implant',
    price: 199,
    price_list: 399,
    price_discount_str: '50% off',
    num_lessons: 8,
    duration_hours: 6.5,
  });
  hashes.premium = premium.hash;
  ids.premium = premium.id;

  // Podcasts: two released, one in the future.
  const episodeOld = await createPodcast(db, {
    title: 'Old Episode',
    release_at: at(-5 * DAY),
    company_id: acme.id,
  });
  const episodeNew = await createPodcast(db, {
    title: 'New Episode',
    release_at: at(-DAY),
    duration_sec: 1800,
  });
  await createPodcast(db, { title: 'Future Episode', release_at: at(DAY) });
  hashes.episodeOld = episodeOld.hash;
  hashes.episodeNew = episodeNew.hash;
  hashes.showNew = episodeNew.showHash;
  ids.episodeOld = episodeOld.id;

  // Blog, drill-downs, eBooks, ads.
  await createBlogPost(db, {
    title: 'Featured Post',
    slug: 'featured-post',
    featured: 1,
    published_at: at(-2 * DAY),
  });
  await createBlogPost(db, { title: 'Plain Post', slug: 'plain-post', published_at: at(-DAY) });
  await createBlogPost(db, { title: 'Draft Post', slug: 'draft-post', is_published: 0 });
  hashes.drilldown = (
    await createDrilldown(db, { title: 'Rubber Dam in 5 Minutes', slug: 'rubber-dam' })
  ).hash;
  const book = await createEbook(db, { title: 'Implant Guide', button_text: 'Download now', sort: 1 });
  await createEbook(db, { title: 'Whitening Guide', sort: 2 });
  await createEbook(db, { title: 'Hidden Book', is_published: 0 });
  hashes.book = book.hash;
  ids.book = book.id;
  const bannerOne = await createAd(db, {
    slot_type_id: AdSlotType.MOBILE_LIST,
    title: 'Composite kit',
    image_urls: JSON.stringify(['/m/a-480.svg', '/m/a-720.svg', '/m/a-960.svg', '/m/a-1200.svg']),
    sort: 1,
  });
  const bannerTwo = await createAd(db, {
    slot_type_id: AdSlotType.MOBILE_LIST,
    title: 'Booking',
    photo: '/m/b.svg',
    sort: 2,
  });
  await createAd(db, { slot_type_id: AdSlotType.MOBILE_LIST, title: 'Switched off', is_active: 0 });
  await createAd(db, { title: 'Drill-down banner' });
  hashes.bannerOne = bannerOne.hash;
  hashes.bannerTwo = bannerTwo.hash;

  // Featured picks: a produced class and the newer episode.
  await db
    .insertInto('featured_content')
    .values([
      {
        slot_type_id: AdSlotType.FEATURED_CLASS,
        class_id: produced[2]!.id,
        blurb: 'Staff pick.',
        updated_at: nowIso(),
      },
      { slot_type_id: AdSlotType.FEATURED_PODCAST, podcast_id: episodeNew.id, updated_at: nowIso() },
    ])
    .execute();
  hashes.featuredClass = produced[2]!.hash;

  // The member: a seat, a waitlist place, completions and a premium enrolment.
  await createSeat(db, liveSoon.id, member.id, { cancel_code: 'cancel-soon' });
  await createSeat(db, liveLater.id, member.id, { is_waiting: 1 });
  await createCompletion(db, member.id, { class_id: produced[0]!.id });
  await createCompletion(db, member.id, { podcast_id: episodeOld.id });
  await createGradebookRow(db, member.id, { class_id: premium.id });
});
afterAll(() => t.close());

async function get(url: string, token?: string) {
  const res = await t.app.inject({ url: token ? `${url}${url.includes('?') ? '&' : '?'}s=${token}` : url });
  return { res, body: res.json() };
}

describe('paged lists (01 §3, 03 §2)', () => {
  it('pages on-demand 0-based with totalRows, newest first', async () => {
    const first = await get('/api/ondemand');
    expect(first.res.statusCode).toBe(200);
    expect(first.body).toMatchObject({ status: true, page: 0, pageSize: 10, rowCount: 10, totalRows: 24 });
    const second = await get('/api/ondemand?page=1');
    const last = await get('/api/ondemand?page=2');
    expect(last.body).toMatchObject({ page: 2, rowCount: 4, totalRows: 24 });
    const all = [...first.body.data, ...second.body.data, ...last.body.data].map(
      (r: { hash: string }) => r.hash,
    );
    expect(all).toEqual(onDemandHashesNewestFirst);
  });

  it('clamps a page beyond the end to the last page', async () => {
    const { body } = await get('/api/ondemand?page=99');
    expect(body).toMatchObject({ page: 2, rowCount: 4, totalRows: 24 });
  });

  it.each(['page=-1', 'page=abc', 'page=1.5'])('refuses %s with a 400 naming page', async (query) => {
    const { res, body } = await get(`/api/ondemand?${query}`);
    expect(res.statusCode).toBe(400);
    expect(body.field).toBe('page');
  });

  it('lists upcoming webinars soonest first, including one in progress, without ended ones', async () => {
    const { body } = await get('/api/upcoming');
    expect(body.data.map((r: { hash: string }) => r.hash)).toEqual([
      hashes.liveNow,
      hashes.liveSoon,
      hashes.liveLater,
    ]);
    expect(body).toMatchObject({ totalRows: 3, rowCount: 3, seats: [] });
  });

  it('shows an ended live class in on-demand, not a tutorial, premium, future or unpublished class', async () => {
    const { body } = await get('/api/ondemand?page=0');
    expect(body.data[0].hash).toBe(hashes.liveEnded);
    const everything = (await Promise.all([0, 1, 2].map((p) => get(`/api/ondemand?page=${p}`)))).flatMap(
      (r) => r.body.data.map((row: { className: string }) => row.className),
    );
    for (const hidden of ['Scanner Training', 'Implant Mastery', 'Not Yet Released', 'Live Unpublished']) {
      expect(everything).not.toContain(hidden);
    }
  });

  it('lists tutorials, premium, podcasts, blog posts, drill-downs and books with their own rows', async () => {
    expect((await get('/api/tutorials')).body.data.map((r: { hash: string }) => r.hash)).toEqual([
      hashes.tutorial,
    ]);
    expect((await get('/api/premium')).body.data.map((r: { hash: string }) => r.hash)).toEqual([
      hashes.premium,
    ]);
    expect((await get('/api/podcasts')).body.data.map((r: { hash: string }) => r.hash)).toEqual([
      hashes.episodeNew,
      hashes.episodeOld,
    ]);
    expect((await get('/api/blog-posts')).body.data.map((r: { id: string }) => r.id)).toEqual([
      'plain-post',
      'featured-post',
    ]);
    expect((await get('/api/drilldowns')).body.data.map((r: { slug: string }) => r.slug)).toEqual([
      'rubber-dam',
    ]);
    expect((await get('/api/books')).body.data.map((r: { title: string }) => r.title)).toEqual([
      'Implant Guide',
      'Whitening Guide',
    ]);
  });
});

describe('field names of 01 §3', () => {
  const keys = (row: object) => Object.keys(row).sort();

  it('gives each list its rows with the spec fields', async () => {
    const upcoming = (await get('/api/upcoming')).body.data[0];
    expect(keys(upcoming)).toEqual(
      [
        'classId',
        'hash',
        'className',
        'speakerName',
        'sponsorCompanyName',
        'photo',
        'releaseDateUTC',
        'durationMin',
        'credits',
        'creditName',
        'hasSeat',
        'isWaiting',
        'isReserved',
        // Added beside the spec's fields (decision 1003).
        'seatsLeft',
      ].sort(),
    );
    expect(upcoming.classId).toBe(upcoming.hash);
    expect(keys((await get('/api/ondemand')).body.data[0])).toEqual(
      [
        'classId',
        'hash',
        'slug',
        'className',
        'speakerName',
        'sponsorCompanyName',
        'photo',
        'releaseDateUTC',
        'credits',
        'creditName',
        'examTaken',
        // Added beside the spec's fields (decisions 1001, 1030).
        'comingSoon',
        'recordingMin',
      ].sort(),
    );
    expect(keys((await get('/api/podcasts')).body.data[0])).toEqual(
      [
        'id',
        'hash',
        'podcastShowHash',
        'title',
        'speakerName',
        'companyName',
        'photo',
        'releaseDateUTC',
        'credits',
        'durationSec',
        'examTaken',
        'mp3',
        'blurb',
        'description',
      ].sort(),
    );
    expect(keys((await get('/api/books')).body.data[0])).toEqual(
      ['hash', 'title', 'subtitle', 'thumbnail', 'blurbLib', 'pdf', 'buttonText'].sort(),
    );
    expect((await get('/api/premium')).body.data[0]).toMatchObject({
      classId: hashes.premium,
      numLessons: 8,
      durationHours: 6.5,
      learnworldsClassId: 'lw-implant',
      courseUrl: 'https://learn.example.test/course/lw-implant',
      price: 199,
      priceList: 399,
      priceDiscountStr: '50% off',
      gradebookId: '',
    });
    expect((await get('/api/blog-posts')).body.data[1]).toMatchObject({
      slug: 'featured-post',
      featured: true,
    });
  });

  it('never sends an internal row id', async () => {
    const { res } = await get('/api/ondemand');
    expect(res.body).not.toContain(ids.completedClass);
    expect((await get('/api/podcasts')).res.body).not.toContain(ids.episodeOld);
  });
});

describe('filters (cid, coid, q)', () => {
  const hashesOf = async (url: string) => (await get(url)).body.data.map((r: { hash: string }) => r.hash);

  it.each([
    ['a category', () => `/api/ondemand?cid=${ids.endo}`, () => [hashes.endoCategory]],
    ['a company', () => `/api/upcoming?coid=${ids.acme}`, () => [hashes.liveLater]],
    ['a keyword in the title', () => '/api/ondemand?q=crown', () => [hashes.crown]],
    // A category's name is searched too, and weighs more than a blurb (issue 27).
    [
      'a keyword in a category, then in the blurb',
      () => '/api/ondemand?q=endodontic',
      () => [hashes.endoCategory, hashes.endoBlurb],
    ],
    ['a keyword in the speaker', () => '/api/ondemand?q=molar', () => [hashes.bySpeaker]],
    ['a keyword in the sponsor', () => '/api/upcoming?q=acme', () => [hashes.liveLater]],
    ["'3m', kept although short", () => '/api/ondemand?q=3M', () => [hashes.threeM]],
    ['a quoted keyword', () => `/api/ondemand?q=${encodeURIComponent('"Crown"')}`, () => [hashes.crown]],
    ['small words left out', () => '/api/ondemand?q=the%20crown%20and', () => [hashes.crown]],
    // Words never found together: each document with one of them, the title first (decision 1145).
    [
      'words never found together',
      () => '/api/ondemand?q=crown%20molar',
      () => [hashes.crown, hashes.bySpeaker],
    ],
    ['category on upcoming', () => `/api/upcoming?cid=${ids.implants}`, () => [hashes.liveLater]],
    ['company on podcasts', () => `/api/podcasts?coid=${ids.acme}`, () => [hashes.episodeOld]],
    ['category on drill-downs, which have none', () => `/api/drilldowns?cid=${ids.implants}`, () => []],
    ['a keyword on drill-downs', () => '/api/drilldowns?q=rubber', () => [hashes.drilldown]],
    ['company on tutorials', () => `/api/tutorials?coid=${ids.acme}`, () => [hashes.tutorial]],
  ])('filters by %s', async (_name, url, expected) => {
    expect(await hashesOf(url())).toEqual(expected());
  });

  it('ignores text of two characters or fewer', async () => {
    expect((await get('/api/ondemand?q=ab')).body.totalRows).toBe(24);
  });

  it.each([
    ["'; drop table classes; --"],
    ['%%%'],
    ['___'],
    ['\\\\\\'],
    ['ñandú 🦷 歯科'],
    ['x'.repeat(499)],
    ['<script>alert(1)</script>'],
  ])('answers hostile text %j without an error or a match', async (q) => {
    const { res, body } = await get(`/api/ondemand?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    // Its one real word, 'classes', is found (partial matches, decision 1145): the same as alone.
    const alone = q.includes('drop table') ? (await get('/api/ondemand?q=classes')).body.totalRows : 0;
    expect(body.totalRows).toBe(alone);
  });

  it('refuses text longer than 500 characters with a 400 naming q', async () => {
    const { res, body } = await get(`/api/ondemand?q=${'x'.repeat(501)}`);
    expect(res.statusCode).toBe(400);
    expect(body.field).toBe('q');
  });

  it('refuses an oversized category id with a 400, never a 500', async () => {
    const { res } = await get(`/api/upcoming?cid=${'c'.repeat(41)}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('member flags (03 §2)', () => {
  it('sets hasSeat, isWaiting and isReserved and lists the seats for the member', async () => {
    const { res, body } = await get('/api/upcoming', member.token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const byHash = Object.fromEntries(body.data.map((r: { hash: string }) => [r.hash, r]));
    expect(byHash[hashes.liveSoon]).toMatchObject({ hasSeat: true, isWaiting: false, isReserved: true });
    expect(byHash[hashes.liveLater]).toMatchObject({ hasSeat: true, isWaiting: true, isReserved: false });
    expect(byHash[hashes.liveNow]).toMatchObject({ hasSeat: false, isWaiting: false, isReserved: false });
    expect(body.seats.map((s: { hash: string; cancelCode: string }) => [s.hash, s.cancelCode])).toEqual([
      [hashes.liveSoon, 'cancel-soon'],
      [hashes.liveLater, expect.any(String)],
    ]);
  });

  it('marks completed classes and podcasts and the enrolled premium course', async () => {
    const classes = (await get('/api/ondemand', member.token)).body.data;
    expect(
      classes.filter((r: { examTaken: boolean }) => r.examTaken).map((r: { hash: string }) => r.hash),
    ).toEqual([onDemandHashesNewestFirst[1]]);
    const podcasts = (await get('/api/podcasts', member.token)).body.data;
    expect(podcasts.find((p: { hash: string }) => p.hash === hashes.episodeOld).examTaken).toBe(true);
    const premium = (await get('/api/premium', member.token)).body.data[0];
    expect(premium.gradebookId).not.toBe('');
  });

  it("never shows one member's flags to another member or a visitor", async () => {
    for (const token of [otherMember.token, undefined, 'not-a-valid-token-at-all-xxxxxxxx']) {
      const upcoming = (await get('/api/upcoming', token)).body;
      expect(upcoming.data.some((r: { hasSeat: boolean }) => r.hasSeat)).toBe(false);
      expect(upcoming.seats).toEqual([]);
      const classes = (await get('/api/ondemand', token)).body.data;
      expect(classes.some((r: { examTaken: boolean }) => r.examTaken)).toBe(false);
      expect((await get('/api/premium', token)).body.data[0].gradebookId).toBe('');
    }
  });

  it('accepts the token as a Bearer header', async () => {
    const res = await t.app.inject({
      url: '/api/upcoming',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(res.json().seats).toHaveLength(2);
  });

  it('gives the PDF of an eBook to members only', async () => {
    expect((await get('/api/books')).body.data[0]).toMatchObject({ pdf: '', buttonText: 'Download now' });
    expect((await get('/api/books', member.token)).body.data[0].pdf).toMatch(/\.pdf$/);
  });
});

describe('caching', () => {
  it('lets a visitor answer be cached with an ETag and answers 304 when it is current', async () => {
    const first = await get('/api/ondemand?q=crown');
    expect(first.res.headers['cache-control']).toBe('public, max-age=30');
    const etag = String(first.res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url: '/api/ondemand?q=crown', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never lets a member answer be stored', async () => {
    for (const path of ['/api/home', '/api/upcoming', '/api/ondemand', '/api/podcasts', '/api/books']) {
      const { res } = await get(path, member.token);
      expect(res.headers['cache-control'], path).toBe('private, no-store');
      expect(res.headers.etag, path).toBeUndefined();
    }
  });
});

describe('mobile ads and featured content', () => {
  const expectedAds = () => ({
    indexStart: 2,
    interval: 5,
    rows: 2,
    banners: [
      {
        adId: hashes.bannerOne,
        title: 'Composite kit',
        adUrls: ['/m/a-480.svg', '/m/a-720.svg', '/m/a-960.svg', '/m/a-1200.svg'],
      },
      { adId: hashes.bannerTwo, title: 'Booking', adUrls: ['/m/b.svg'] },
    ],
  });

  it.each(['/api/upcoming', '/api/ondemand', '/api/blog-posts', '/api/tutorials'])(
    '%s carries the active mobile banners and their placement',
    async (path) => {
      expect((await get(path)).body.mobileAds).toEqual(expectedAds());
    },
  );

  it('features the picked class on page 1 of on-demand only', async () => {
    const first = (await get('/api/ondemand')).body.featuredContent;
    expect(first).toMatchObject({ status: true, featuredHash: hashes.featuredClass });
    expect(first.featuredClass.data[0]).toMatchObject({ hash: hashes.featuredClass, blurb: 'Staff pick.' });
    expect(first.featuredPodcast.data).toEqual([]);
    expect((await get('/api/ondemand?page=1')).body.featuredContent.status).toBe(false);
  });

  it('leaves out the featured class when the filter excludes it', async () => {
    expect((await get(`/api/ondemand?cid=${ids.endo}`)).body.featuredContent.status).toBe(false);
  });

  it('features the picked episode on the podcasts list', async () => {
    const featured = (await get('/api/podcasts')).body.featuredContent;
    expect(featured.featuredPodcast.data[0]).toMatchObject({
      hash: hashes.episodeNew,
      podcastShowHash: hashes.showNew,
      lobbyTypeId: 1,
      durationSec: 1800,
    });
  });
});

describe('GET /api/home', () => {
  it('gives the next webinars and the newest classes and podcasts, as many as the settings say', async () => {
    const { body } = await get('/api/home');
    expect(body.webinars.data.map((r: { hash: string }) => r.hash)).toEqual([
      hashes.liveNow,
      hashes.liveSoon,
    ]);
    expect(body.classes.data).toHaveLength(3);
    expect(body.classes.data[0].hash).toBe(hashes.liveEnded);
    expect(body.podcasts.data.map((r: { hash: string }) => r.hash)).toEqual([
      hashes.episodeNew,
      hashes.episodeOld,
    ]);
  });

  it("adds the member's seats and flags", async () => {
    const { body } = await get('/api/home', member.token);
    expect(body.webinars.data[1]).toMatchObject({ hash: hashes.liveSoon, isReserved: true });
    expect(body.webinars.seats).toHaveLength(2);
    expect(body.classes.data[1].examTaken).toBe(true);
  });
});

describe('POST /api/book-response-mvp', () => {
  const post = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/book-response-mvp', payload });

  it('stores who asked for which eBook', async () => {
    const res = await post({ s: member.token, h: hashes.book });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const rows = await t.app.deps.database.db
      .selectFrom('ebook_requests')
      .select(['ebook_id', 'member_id'])
      .where('ebook_id', '=', ids.book)
      .execute();
    expect(rows).toEqual([{ ebook_id: ids.book, member_id: member.id }]);
  });

  it('needs a signed-in member', async () => {
    expect((await post({ h: hashes.book })).statusCode).toBe(401);
    expect((await post({ s: 'x'.repeat(43), h: hashes.book })).statusCode).toBe(401);
  });

  it('refuses an unknown book with errorMsg and a bad hash with a 400', async () => {
    const unknown = await post({ s: member.token, h: 'no-such-book' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: false, errorMsg: expect.any(String) });
    const bad = await post({ s: member.token, h: "'; drop table ebooks; --" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('h');
  });
});
