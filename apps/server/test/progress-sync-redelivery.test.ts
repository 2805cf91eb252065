import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, EVALUATION as EXAMS_EVALUATION, TZ_OFFSET } from '../src/features/exams/exams.fixtures.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import {
  createClass,
  createExam,
  createMember,
  createPodcast,
  createPodcastPlay,
  type TTestMember,
} from './factories.ts';

/*
 * Issue 44: what a member did offline waits on the device and may be delivered more than once
 * (the `online` event, the next open and Background Sync racing; a lost answer). The calls it is
 * sent to are the spec's own, unchanged, and each has one effect however often the same item
 * arrives, also at the same moment (decision 1176). Runs on SQLite and, with DATABASE_URL, PostgreSQL.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const viewClass = (hash: string, member: TTestMember) =>
  t.app.inject({ method: 'GET', url: `/api/class-view?c=${hash}&s=${member.token}` });

const EVALUATION = { ...EXAMS_EVALUATION, comments: 'Answered on the train' };

const logPlay = (hash: string, member: TTestMember) =>
  t.app.inject({
    method: 'GET',
    url: `/api/podcast-view?p=${hash}&log=1&loc=podcast&firstClick=1&s=${member.token}`,
  });
const podcastRecord = async (hash: string, member: TTestMember) =>
  (await t.app.inject({ method: 'GET', url: `/api/podcast?p=${hash}&s=${member.token}` })).json().studentData;

describe('the same queued item delivered twice', () => {
  it('an evaluation sent twice at once, then again, is stored once', async () => {
    const member = await createMember(db());
    const podcast = await createPodcast(db());
    await createPodcastPlay(db(), podcast.id, member.id);
    const item = { s: member.token, c: null, p: podcast.hash, a: EVALUATION };
    const answers = await Promise.all([post('/api/save-eval', item), post('/api/save-eval', item)]);
    expect(answers.map((r) => r.json())).toEqual([{ status: true }, { status: true }]);
    expect((await post('/api/save-eval', item)).json()).toEqual({ status: true });
    const rows = await db()
      .selectFrom('evaluations')
      .selectAll()
      .where('podcast_id', '=', podcast.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ member_id: member.id, comments: 'Answered on the train' });
  });

  it('an attendance confirmation sent twice at once, then again later, keeps the first confirmation', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    await viewClass(cls.hash, member);
    const item = { s: member.token, c: cls.hash, attended: true };
    const answers = await Promise.all([post('/api/save-affidavit', item), post('/api/save-affidavit', item)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const first = await db().selectFrom('gradebook').selectAll().where('class_id', '=', cls.id).execute();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ attended: 1, member_id: member.id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await post('/api/save-affidavit', item)).statusCode).toBe(200);
    const again = await db().selectFrom('gradebook').selectAll().where('class_id', '=', cls.id).execute();
    expect(again).toEqual(first);
  });

  it('a changed attendance answer is still recorded as a new confirmation (the old browser’s behaviour)', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    await viewClass(cls.hash, member);
    await post('/api/save-affidavit', { s: member.token, c: cls.hash, attended: true });
    const before = await db()
      .selectFrom('gradebook')
      .selectAll()
      .where('class_id', '=', cls.id)
      .executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await post('/api/save-affidavit', { s: member.token, c: cls.hash, attended: false });
    const after = await db()
      .selectFrom('gradebook')
      .selectAll()
      .where('class_id', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(after.attended).toBe(0);
    expect(after.ended_at! > before.ended_at!).toBe(true);
  });

  it('a playback position sent twice at once is one saved position', async () => {
    const member = await createMember(db());
    const podcast = await createPodcast(db());
    const item = { s: member.token, m: `podcast:${podcast.hash}`, positionSec: 95.5, durationSec: 600 };
    const answers = await Promise.all([post('/api/media-position', item), post('/api/media-position', item)]);
    expect(answers.map((r) => r.json())).toEqual([{ status: true }, { status: true }]);
    const rows = await db()
      .selectFrom('media_positions')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      media: `podcast:${podcast.hash}`,
      position_sec: 95.5,
      duration_sec: 600,
    });
  });

  it('a play log delivered again (its answer lost), before and after the evaluation and the exam, changes no credit', async () => {
    const member = await createMember(db());
    const podcast = await createPodcast(db());
    await createExam(db(), { podcastId: podcast.id });
    // The queue sends the play, then the evaluation queued after it; a lost answer sends the play again.
    const plays = await Promise.all([logPlay(podcast.hash, member), logPlay(podcast.hash, member)]);
    expect(plays.map((r) => r.json())).toEqual([{ status: true }, { status: true }]);
    const item = { s: member.token, c: null, p: podcast.hash, a: EVALUATION };
    expect((await post('/api/save-eval', item)).json()).toEqual({ status: true });
    expect((await logPlay(podcast.hash, member)).json()).toEqual({ status: true });
    const graded = await post('/api/grade-exam', {
      s: member.token,
      p: podcast.hash,
      a: answers(5, 5),
      tzOffsetMin: TZ_OFFSET,
    });
    expect(graded.statusCode).toBe(200);
    const credited = await podcastRecord(podcast.hash, member);
    expect(credited).toMatchObject({ evalTaken: true, examTaken: true, classViewCount: 3 });
    expect(credited.credits).toBeGreaterThan(0);
    const gradebook = () =>
      db().selectFrom('gradebook').selectAll().where('podcast_id', '=', podcast.id).execute();
    const creditRows = await gradebook();
    expect(creditRows).toHaveLength(1);

    expect((await logPlay(podcast.hash, member)).json()).toEqual({ status: true });
    expect(await podcastRecord(podcast.hash, member)).toEqual({ ...credited, classViewCount: 4 });
    const evaluations = await db()
      .selectFrom('evaluations')
      .select('comments')
      .where('podcast_id', '=', podcast.id)
      .execute();
    expect(evaluations).toEqual([{ comments: 'Answered on the train' }]);
    expect(await gradebook()).toEqual(creditRows);
  });
});
