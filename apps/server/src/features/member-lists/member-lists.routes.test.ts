import { ClassType, CeType } from '@opence/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createExam,
  createGradebookRow,
  createMember,
  createPodcast,
  type TTestMember,
} from '../../../test/factories.ts';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';

let t: TTestApp;
let db: Kysely<DB>;

const LISTS = ['queue', 'pending', 'completed-webinars', 'completed-podcasts', 'tutorial-history'] as const;
type TList = (typeof LISTS)[number];

type TPaged = {
  status: boolean;
  rowCount: number;
  totalRows: number;
  pageSize: number;
  page: number;
  data: { hash: string }[];
};

async function get<T = TPaged>(path: string, member: TTestMember | null, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...(member ? { s: member.token } : {}), ...query });
  const res = await t.app.inject({ url: `/api/${path}?${params.toString()}` });
  return { statusCode: res.statusCode, body: res.json() as T };
}

const at = (minutesAgo: number) => nowIso(new Date(Date.now() - minutesAgo * 60_000));

async function queueClass(member: TTestMember, classId: string, minutesAgo = 0) {
  await db
    .insertInto('queue_items')
    .values({ id: newId(), member_id: member.id, class_id: classId, created_at: at(minutesAgo) })
    .execute();
}

async function classWithExam(overrides: Parameters<typeof createClass>[1] = {}) {
  const c = await createClass(db, overrides);
  await createExam(db, { classId: c.id });
  return c;
}

/** A class view by the member; returns when it happened. */
async function viewClass(member: TTestMember, classId: string, minutesAgo: number): Promise<string> {
  const viewedAt = at(minutesAgo);
  await db
    .insertInto('class_views')
    .values({ id: newId(), class_id: classId, member_id: member.id, viewed_at: viewedAt })
    .execute();
  return viewedAt;
}

/** Gives a member n rows in every paged list. */
async function fillEveryList(member: TTestMember, n: number) {
  for (let i = 0; i < n; i++) {
    await queueClass(member, (await createClass(db)).id, i);
    await createGradebookRow(
      db,
      member.id,
      { class_id: (await classWithExam()).id },
      { last_viewed_at: at(i) },
    );
    await createCompletion(db, member.id, { class_id: (await createClass(db)).id }, { completed_at: at(i) });
    await createCompletion(
      db,
      member.id,
      { podcast_id: (await createPodcast(db)).id },
      { completed_at: at(i) },
    );
    await viewClass(member, (await createClass(db, { is_tutorial: 1 })).id, i);
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.deps.database.db;
});
afterAll(() => t.close());

describe('every member list', () => {
  it.each([...LISTS, 'completed'])('/api/%s answers 401 without a token or with a bad one', async (path) => {
    expect((await get(path, null)).statusCode).toBe(401);
    const forged = { ...(await createMember(db)), token: 'x'.repeat(43) };
    const res = await get(path, forged);
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: false, msg: 'Sign in to continue.' });
  });

  it.each(LISTS)(
    '/api/%s refuses a page that is not a whole number ≥ 0 with 400 naming page',
    async (path) => {
      const member = await createMember(db);
      for (const page of ['abc', '-1', '1.5']) {
        const res = await get<{ field: string }>(path, member, { page });
        expect(res.statusCode).toBe(400);
        expect(res.body.field).toBe('page');
      }
    },
  );

  describe('paging', () => {
    let pager: TTestMember;
    beforeAll(async () => {
      pager = await createMember(db);
      await fillEveryList(pager, 11);
    });

    it.each(LISTS)(
      '/api/%s pages 0-based with totalRows, and clamps a page beyond the end',
      async (path: TList) => {
        const first = await get(path, pager);
        expect(first.statusCode).toBe(200);
        expect(first.body).toMatchObject({
          status: true,
          page: 0,
          pageSize: 10,
          totalRows: 11,
          rowCount: 10,
        });
        expect(first.body.data).toHaveLength(10);

        const second = await get(path, pager, { page: '1' });
        expect(second.body).toMatchObject({ page: 1, totalRows: 11, rowCount: 1 });
        const hashes = [...first.body.data, ...second.body.data].map((r) => r.hash);
        expect(new Set(hashes).size).toBe(11);

        const beyond = await get(path, pager, { page: '9' });
        expect(beyond.body).toMatchObject({ page: 1, rowCount: 1 });
        expect(beyond.body.data).toEqual(second.body.data);
      },
    );

    it('counts equal the rows of the completed lists', async () => {
      const counts = await get<{ data: [{ cntWebinars: number; cntPodcasts: number }] }>('completed', pager);
      expect(counts.body.data[0]).toEqual({ cntWebinars: 11, cntPodcasts: 11, cntInPerson: 0 });
    });

    it.each(LISTS)('/api/%s shows another member none of these rows', async (path) => {
      const other = await createMember(db);
      const res = await get(path, other);
      expect(res.body).toMatchObject({ status: true, totalRows: 0, rowCount: 0, page: 0, data: [] });
    });
  });
});

describe('GET /api/queue (Watch Later)', () => {
  it('lists the member’s queued classes, newest first, in the spec’s fields', async () => {
    const member = await createMember(db);
    const older = await createClass(db, { title: 'Older', credits: 2 });
    const newer = await createClass(db, { title: 'Newer', credits: 0, ce_type_id: CeType.NONE });
    const hidden = await createClass(db, { is_published: 0 });
    await queueClass(member, older.id, 60);
    await queueClass(member, newer.id, 5);
    await queueClass(member, hidden.id, 1);
    await queueClass(await createMember(db), older.id);

    const res = await get<{ data: Record<string, unknown>[]; totalRows: number }>('queue', member);
    expect(res.body.totalRows).toBe(2);
    expect(res.body.data.map((r) => r.className)).toEqual(['Newer', 'Older']);
    expect(res.body.data[1]).toEqual({
      classId: older.hash,
      hash: older.hash,
      className: 'Older',
      sponsorCompanyName: '',
      photo: null,
      releaseDateUTC: older.release_at,
      credits: 2,
      creditName: 'Self-Study',
      speakerName: '',
      queueId: expect.any(String),
    });
    expect(res.body.data[0]).toMatchObject({ credits: 0, creditName: '' });
  });
});

describe('GET /api/pending (CE in Progress)', () => {
  it('lists viewed classes with an exam until the exam is passed', async () => {
    const member = await createMember(db);
    const viewed = await classWithExam({ title: 'Viewed' });
    const passed = await classWithExam({ title: 'Passed' });
    const noExam = await createClass(db, { title: 'No exam' });
    const notViewed = await classWithExam({ title: 'Not viewed' });
    const live = await classWithExam({
      title: 'Live started',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
    });
    const episode = await createPodcast(db);
    await createGradebookRow(db, member.id, { class_id: viewed.id }, { last_viewed_at: at(10) });
    await createGradebookRow(db, member.id, { class_id: passed.id });
    await createCompletion(db, member.id, { class_id: passed.id });
    await createGradebookRow(db, member.id, { class_id: noExam.id });
    await createGradebookRow(
      db,
      member.id,
      { class_id: notViewed.id },
      { view_count: 0, last_viewed_at: null },
    );
    await createGradebookRow(
      db,
      member.id,
      { class_id: live.id },
      { view_count: 0, last_viewed_at: null, started_at: at(1) },
    );
    await createGradebookRow(db, member.id, { podcast_id: episode.id });

    const res = await get<{ data: Record<string, unknown>[]; totalRows: number }>('pending', member);
    expect(res.body.data.map((r) => r.className)).toEqual(['Live started', 'Viewed']);
    expect(res.body.totalRows).toBe(2);
    expect(res.body.data[1]).toEqual({
      hash: viewed.hash,
      className: 'Viewed',
      speakerName: '',
      sponsorCompanyName: '',
      photo: null,
      releaseDate: viewed.release_at,
      credits: 1,
      ceTypeId: CeType.SELF_STUDY,
    });

    // Passing the exam moves the class to CE Completed.
    await createCompletion(db, member.id, { class_id: viewed.id });
    const after = await get<{ data: { hash: string }[] }>('pending', member);
    expect(after.body.data.map((r) => r.hash)).toEqual([live.hash]);
  });
});

describe('CE Completed', () => {
  it('answers the counts, the class and podcast rows with certificate URL and AGD status', async () => {
    const member = await createMember(db, { agd_number: '123456', time_zone: 'America/Los_Angeles' });
    const course = await createClass(db, {
      title: 'Completed course',
      description: 'What it covers.',
      agd_code: '250',
      agd_category: 'Implants',
      is_ca_dental_board: 1,
      ca_course_number: 'CA-77',
    });
    const episode = await createPodcast(db, { title: 'Completed episode', description: 'Episode notes.' });
    const attemptExam = await createExam(db, { classId: course.id });
    const attemptId = newId();
    await db
      .insertInto('exam_attempts')
      .values({
        id: attemptId,
        exam_id: attemptExam.exam.id,
        member_id: member.id,
        answers: '[1,1,1,1,1]',
        score: 100,
        local_day: '2026-03-01',
        passed: 1,
        created_at: nowIso(),
      })
      .execute();
    const classDone = await createCompletion(
      db,
      member.id,
      { class_id: course.id },
      {
        exam_attempt_id: attemptId,
        credits: 2,
        agd_code: null,
        agd_submitted_at: '2026-03-09T06:00:00.000Z',
      },
    );
    // 03:00 UTC on 2 March is still 1 March in Los Angeles.
    const podcastDone = await createCompletion(
      db,
      member.id,
      { podcast_id: episode.id },
      { completed_at: '2026-03-02T03:00:00.000Z', credits: 0.5 },
    );

    const counts = await get('completed', member);
    expect(counts.statusCode).toBe(200);
    expect(counts.body).toEqual({
      status: true,
      rowCount: 1,
      data: [{ cntWebinars: 1, cntPodcasts: 1, cntInPerson: 0 }],
      hasAgdNumber: true,
    });

    const webinars = await get<{ data: unknown[] }>('completed-webinars', member);
    expect(webinars.body.data).toEqual([
      {
        classId: course.hash,
        hash: course.hash,
        className: 'Completed course',
        speakerName: '',
        sponsorCompanyName: '',
        photo: null,
        releaseDate: course.release_at,
        credits: 2,
        ceTypeId: CeType.SELF_STUDY,
        examDateLocal: '2026-03-01',
        description: 'What it covers.',
        agdCode: '250',
        agdCategory: 'Implants',
        isCADentalBoard: true,
        courseNumberCADentalBoard: 'CA-77',
        certUrl: `http://localhost:3000/api/certificate/${classDone.certificate_number}.pdf`,
        agdSubmittedAt: '2026-03-09T06:00:00.000Z',
      },
    ]);

    const podcasts = await get<{ data: unknown[] }>('completed-podcasts', member);
    expect(podcasts.body.data).toEqual([
      {
        id: episode.hash,
        hash: episode.hash,
        podcastShowHash: episode.showHash,
        title: 'Completed episode',
        description: 'Episode notes.',
        photo: null,
        certUrl: `http://localhost:3000/api/certificate/${podcastDone.certificate_number}.pdf`,
        examDateLocal: '2026-03-01',
        credits: 0.5,
        ceTypeId: CeType.SELF_STUDY,
        agdSubmittedAt: null,
      },
    ]);
  });

  it('counts nothing for a member without completions and says there is no AGD number', async () => {
    const member = await createMember(db);
    const counts = await get('completed', member);
    expect(counts.body).toEqual({
      status: true,
      rowCount: 1,
      data: [{ cntWebinars: 0, cntPodcasts: 0, cntInPerson: 0 }],
      hasAgdNumber: false,
    });
  });
});

describe('GET /api/tutorial-history (Viewed Tutorials)', () => {
  it('lists the tutorials the member viewed, last viewed first', async () => {
    const member = await createMember(db);
    const byClassView = await createClass(db, { is_tutorial: 1, title: 'By class view' });
    const byGradebook = await createClass(db, { is_tutorial: 1, title: 'By gradebook' });
    const notTutorial = await createClass(db, { title: 'Not a tutorial' });
    const unseen = await createClass(db, { is_tutorial: 1, title: 'Unseen' });
    await viewClass(member, byClassView.id, 90);
    const lastViewedAt = await viewClass(member, byClassView.id, 30);
    await createGradebookRow(db, member.id, { class_id: byGradebook.id }, { last_viewed_at: at(60) });
    await viewClass(member, notTutorial.id, 1);
    await viewClass(await createMember(db), unseen.id, 1);

    const res = await get<{ data: Record<string, unknown>[]; totalRows: number }>('tutorial-history', member);
    expect(res.body.totalRows).toBe(2);
    expect(res.body.data.map((r) => r.className)).toEqual(['By class view', 'By gradebook']);
    expect(res.body.data[0]).toEqual({
      classId: byClassView.hash,
      hash: byClassView.hash,
      className: 'By class view',
      sponsorCompanyName: '',
      photo: null,
      releaseDateUTC: byClassView.release_at,
      credits: 1,
      creditName: 'Self-Study',
      speakerName: '',
      viewedAt: lastViewedAt,
    });
  });
});

describe('OpenAPI', () => {
  it('documents every member list call', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [...LISTS, 'completed']) expect(paths).toContain(`/api/${path}`);
  });
});
