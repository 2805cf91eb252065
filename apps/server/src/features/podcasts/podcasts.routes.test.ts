import { AdEvent, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createAd,
  createCompletion,
  createExam,
  createMember,
  createPodcast,
  type TTestMember,
  setCertificateProvider,
} from '../../../test/factories.ts';
import { newId, nowIso } from '../../lib/ids.ts';

let t: TTestApp;
let alice: TTestMember;
let bob: TTestMember;
const db = () => t.app.deps.database.db;
const hoursAgo = (h: number) => nowIso(new Date(Date.now() - h * 3600_000));
const playsOf = (podcastId: string) =>
  db()
    .selectFrom('podcast_plays')
    .select(['member_id', 'source'])
    .where('podcast_id', '=', podcastId)
    .execute();

let companies = 0;
async function createCompany() {
  const id = newId();
  const name = `Sponsor Co ${++companies}`;
  await db().insertInto('companies').values({ id, name, created_at: nowIso() }).execute();
  return { id, name };
}

/** A show of three released episodes (newest first in `episodes`), one unpublished and one future. */
async function createShow() {
  const { id: companyId, name: companyName } = await createCompany();
  const oldest = await createPodcast(db(), { release_at: hoursAgo(30), company_id: companyId });
  await db()
    .updateTable('podcast_shows')
    .set({ company_id: companyId })
    .where('id', '=', oldest.show_id)
    .execute();
  const inShow = { show_id: oldest.show_id, company_id: companyId };
  const middle = await createPodcast(db(), {
    ...inShow,
    release_at: hoursAgo(20),
    credits: 0,
    ce_type_id: 0,
  });
  const newest = await createPodcast(db(), { ...inShow, release_at: hoursAgo(10) });
  const hidden = await createPodcast(db(), { ...inShow, release_at: hoursAgo(5), is_published: 0 });
  const future = await createPodcast(db(), {
    ...inShow,
    release_at: nowIso(new Date(Date.now() + 86_400_000)),
  });
  await createExam(db(), { podcastId: newest.id });
  const show = await db()
    .selectFrom('podcast_shows')
    .selectAll()
    .where('id', '=', oldest.show_id)
    .executeTakeFirstOrThrow();
  return { show, companyId, companyName, episodes: [newest, middle, oldest], hidden, future };
}

beforeAll(async () => {
  t = await buildTestApp();
  await setCertificateProvider(db());
  alice = await createMember(db());
  bob = await createMember(db());
});
afterAll(() => t.close());

describe('GET /api/podcast and /api/podcast-show', () => {
  it('gives the episode (by hash or slug) with its show, all released episodes and the sponsor ads', async () => {
    const { show, companyId, companyName, episodes } = await createShow();
    const ad = await createAd(db(), { company_id: companyId });
    const otherSponsorAd = await createAd(db());
    const [newest, middle] = episodes;
    for (const ref of [middle!.hash, middle!.slug]) {
      const res = await t.app.inject({ url: `/api/podcast?p=${ref}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: true, rowCount: 1 });
      expect(body.data).toEqual([
        {
          hash: show.hash,
          slug: show.slug,
          title: show.title,
          sponsorCompanyName: companyName,
          photo: null,
          blurb: '',
        },
      ]);
      expect(body.podcast).toEqual({
        id: middle!.hash,
        hash: middle!.hash,
        slug: middle!.slug,
        title: middle!.title,
        speakerName: '',
        description: '',
        blurb: '',
        mp3: middle!.mp3,
        photo: null,
        releaseDate: middle!.release_at,
        releaseDateUTC: middle!.release_at,
        durationSec: 0,
        credits: 0,
        ceTypeId: 0,
        hasExam: false,
        examTaken: false,
        examDate: null,
        examDateLocal: null,
        certUrl: null,
        podcastShowHash: show.hash,
        companyName,
      });
      expect(body.podcasts.data.map((p: { hash: string }) => p.hash)).toEqual(episodes.map((e) => e.hash));
      expect(body.podcasts.data[0]).toMatchObject({ hash: newest!.hash, hasExam: true, credits: 1 });
      expect(body.studentData).toMatchObject({ status: false, examTaken: false, classViewCount: 0 });
      expect(body.bannerAds).toEqual({
        status: true,
        bannerAds: [{ hash: ad.hash, url: ad.url, photo: ad.photo, title: ad.title }],
      });
    }
    const views = await db().selectFrom('ad_events').select(['ad_id', 'event_id']).execute();
    expect(views.filter((v) => v.ad_id === ad.id).map((v) => v.event_id)).toEqual([
      AdEvent.VIEW,
      AdEvent.VIEW,
    ]);
    expect(views.filter((v) => v.ad_id === otherSponsorAd.id)).toEqual([]);
  });

  it('chooses the newest released episode of a show asked for by hash or slug', async () => {
    const { show, episodes } = await createShow();
    for (const ref of [show.hash, show.slug]) {
      const res = await t.app.inject({ url: `/api/podcast-show?ps=${ref}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().podcast.hash).toBe(episodes[0]!.hash);
      expect(res.json().podcasts.data).toHaveLength(3);
      expect(res.json().bannerAds).toEqual({ status: false, bannerAds: [] });
    }
  });

  it('does not show an unpublished or future episode, nor a show without released episodes', async () => {
    const { hidden, future } = await createShow();
    for (const ref of [hidden.hash, future.slug, 'no-such-episode']) {
      const res = await t.app.inject({ url: `/api/podcast?p=${ref}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, msg: Texts.SELECT_PODCAST });
    }
    const lonely = await createPodcast(db(), { is_published: 0 });
    for (const ref of [lonely.showHash, 'no-such-show']) {
      expect((await t.app.inject({ url: `/api/podcast-show?ps=${ref}` })).statusCode).toBe(404);
    }
  });

  it("shows a member's completions with their certificate, and nothing of them to anyone else", async () => {
    const { episodes } = await createShow();
    const [newest] = episodes;
    const completion = await createCompletion(db(), alice.id, { podcast_id: newest!.id }, { score: 80 });
    const res = await t.app.inject({ url: `/api/podcast?p=${newest!.hash}&s=${alice.token}` });
    const body = res.json();
    expect(body.podcast).toMatchObject({
      examTaken: true,
      examDate: completion.completed_at,
      examDateLocal: completion.completed_at.slice(0, 10),
      certUrl: `http://localhost:3000/api/certificate/${completion.certificate_number}.pdf`,
    });
    expect(body.podcasts.data[0].examTaken).toBe(true);
    expect(body.studentData).toMatchObject({ status: true, examTaken: true, examScore: 80 });
    for (const token of [bob.token, '']) {
      const other = (await t.app.inject({ url: `/api/podcast?p=${newest!.hash}&s=${token}` })).json();
      expect(other.podcast).toMatchObject({ examTaken: false, certUrl: null, examDate: null });
      expect(other.studentData.examTaken).toBe(false);
    }
  });

  it.each([
    ['/api/podcast', 'p'],
    ['/api/podcast?p=', 'p'],
    ['/api/podcast?p=%3Cscript%3E', 'p'],
    ['/api/podcast-show', 'ps'],
    ['/api/podcast-show?ps=a%20b', 'ps'],
  ])('refuses %s with a 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe('GET /api/podcast-view', () => {
  it('stores a play on the first click, with where it started, for members and visitors', async () => {
    const episode = await createPodcast(db());
    const ok = await t.app.inject({
      url: `/api/podcast-view?p=${episode.hash}&log=1&loc=webinar&firstClick=1&s=${alice.token}`,
    });
    expect(ok.json()).toEqual({ status: true });
    await t.app.inject({ url: `/api/podcast-view?p=${episode.slug}&log=true&loc=podcast&firstClick=true` });
    expect(await playsOf(episode.id)).toEqual(
      expect.arrayContaining([
        { member_id: alice.id, source: 'webinar' },
        { member_id: null, source: 'podcast' },
      ]),
    );
    expect(await playsOf(episode.id)).toHaveLength(2);
  });

  it('stores nothing without log, and no second play for a resume after a pause', async () => {
    const episode = await createPodcast(db());
    await t.app.inject({ url: `/api/podcast-view?p=${episode.hash}&firstClick=1&s=${alice.token}` });
    await t.app.inject({ url: `/api/podcast-view?p=${episode.hash}&log=0&firstClick=1&s=${alice.token}` });
    expect(await playsOf(episode.id)).toEqual([]);
    // A member's first play counts even when a client does not send the first-click flag.
    await t.app.inject({ url: `/api/podcast-view?p=${episode.hash}&log=1&s=${alice.token}` });
    await t.app.inject({ url: `/api/podcast-view?p=${episode.hash}&log=1&s=${alice.token}` });
    await t.app.inject({ url: `/api/podcast-view?p=${episode.hash}&log=1` });
    expect(await playsOf(episode.id)).toEqual([{ member_id: alice.id, source: null }]);
  });

  it.each([
    ['', 'p'],
    ['?p=x&log=sometimes', 'log'],
    ['?p=x&log=1&firstClick=2', 'firstClick'],
    ['?p=x&log=1&loc=%3Cb%3E', 'loc'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ url: `/api/podcast-view${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('answers an unknown episode with 404 and the spec text', async () => {
    const res = await t.app.inject({ url: '/api/podcast-view?p=nothing&log=1' });
    expect(res.json()).toEqual({ status: false, msg: Texts.SELECT_PODCAST });
  });
});

describe('podcast flow: listen, evaluation, exam, certificate (03 §6, §8)', () => {
  const evaluation = {
    courseObjectives: 4,
    courseUseful: 4,
    courseAppropriate: 3,
    courseLogical: 4,
    instructorCommunication: 4,
    instructorPreparedness: 4,
    instructorEffectiveness: 3,
    sitePresentation: 4,
    siteNavigation: 4,
    siteComparison: 4,
    comments: '',
    otherTopics: '',
  };
  const auth = (m: TTestMember) => ({ authorization: `Bearer ${m.token}` });

  it('refuses the exam before a logged play, then grades it and issues the certificate', async () => {
    const episode = await createPodcast(db(), { title: 'Listen First' });
    const { questions } = await createExam(db(), { podcastId: episode.id });
    const answers = questions.map(() => 1);
    const exam = () => t.app.inject({ url: `/api/exam?p=${episode.hash}`, headers: auth(alice) });
    const grade = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/grade-exam',
        headers: auth(alice),
        payload: { p: episode.hash, a: answers, tzOffsetMin: 300 },
      });

    for (const res of [await exam(), await grade()]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(Texts.LISTEN_PODCAST_FIRST);
    }
    // Another member's play, or a play logged without log, does not unlock Alice's exam.
    await t.app.inject({ url: `/api/podcast-view?p=${episode.hash}&log=1&firstClick=1&s=${bob.token}` });
    await t.app.inject({ url: `/api/podcast-view?p=${episode.hash}&log=0&firstClick=1&s=${alice.token}` });
    expect((await exam()).json().msg).toBe(Texts.LISTEN_PODCAST_FIRST);

    await t.app.inject({
      url: `/api/podcast-view?p=${episode.hash}&log=1&firstClick=1&loc=podcast&s=${alice.token}`,
    });
    expect((await exam()).json().msg).toBe(Texts.COMPLETE_EVALUATION_FIRST);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/save-eval',
      headers: auth(alice),
      payload: { p: episode.hash, c: null, a: evaluation },
    });
    expect(saved.json()).toEqual({ status: true });
    const open = await exam();
    expect(open.statusCode).toBe(200);
    expect(open.json().exam.questions).toHaveLength(questions.length);

    const graded = await grade();
    expect(graded.json()).toMatchObject({ status: true, passed: true, examScore: 100 });

    const page = (await t.app.inject({ url: `/api/podcast?p=${episode.hash}&s=${alice.token}` })).json();
    expect(page.podcast.examTaken).toBe(true);
    expect(page.podcast.examDateLocal).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const pdf = await t.app.inject({ url: new URL(page.podcast.certUrl).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);

    const completed = (await t.app.inject({ url: '/api/completed-podcasts', headers: auth(alice) })).json();
    expect(completed.data.map((p: { hash: string }) => p.hash)).toContain(episode.hash);
    const again = await exam();
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(Texts.EXAM_COMPLETED_RETURN_PODCASTS);
  });

  it('needs a member for the podcast exam', async () => {
    const episode = await createPodcast(db());
    expect((await t.app.inject({ url: `/api/exam?p=${episode.hash}` })).statusCode).toBe(401);
  });
});
