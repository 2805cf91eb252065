import { CeType, ClassType, localDayFromOffset, localDayInZone, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createExam,
  createGradebookRow,
  createMember,
  createSeat,
  createSpeaker,
  setSetting,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

let t: TTestApp;
const db = () => t.app.deps.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const classOf = async (c: string, token?: string, extra = '') =>
  (await get(`/api/class?c=${c}${token ? `&s=${token}` : ''}${extra}`)).json();

type TOnDemandFlags = { comingSoon: boolean; recordingMin: number | null | undefined };

/** comingSoon and recordingMin of every on-demand row, by class hash, through all pages. */
async function onDemandFlags(): Promise<Map<string, TOnDemandFlags>> {
  const flags = new Map<string, TOnDemandFlags>();
  for (let page = 0; ; page++) {
    const body = (await get(`/api/ondemand?page=${page}`)).json() as {
      page: number;
      data: ({ hash: string } & TOnDemandFlags)[];
    };
    for (const r of body.data) flags.set(r.hash, { comingSoon: r.comingSoon, recordingMin: r.recordingMin });
    if (body.page < page || body.data.length === 0 || flags.size >= 500) return flags;
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  await setSetting(db(), 'learningPlatformUrl', 'https://learn.example.test/');
});
afterAll(() => t.close());

describe('GET /api/class', () => {
  it('gives a visitor the class and a studentData without personal fields', async () => {
    const speaker = await createSpeaker(db(), 'Dr. Ada Molar');
    const cls = await createClass(db(), {
      speaker_id: speaker.id,
      course_number: 'OCE-2026-001',
      agd_code: '690',
      agd_category: 'Implants',
      learning_objectives: 'Plan the case\nPlace the implant',
      review_date: '2026-01-10',
      expiry_date: '2029-01-10',
    });
    await createExam(db(), { classId: cls.id });
    const res = await get(`/api/class?c=${cls.hash}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.canShowExam).toBe(true);
    expect(body.classObj).toMatchObject({
      classId: cls.id,
      className: cls.title,
      hash: cls.hash,
      classHash: cls.hash,
      typeId: ClassType.PRODUCED,
      speakerName: 'Dr. Ada Molar',
      credits: 1,
      creditName: 'Self-Study',
      courseNumber: 'OCE-2026-001',
      agdCode: '690',
      reviewDate: '2026-01-10',
      expiryDate: '2029-01-10',
      learningObjectives: ['Plan the case', 'Place the implant'],
      hasExam: true,
      examTaken: false,
      certUrl: null,
      releaseDateUTC: cls.release_at,
    });
    expect(body.studentData).toMatchObject({
      status: false,
      examsLeftToday: 10,
      attendeeId: 0,
      gradebookId: 0,
      classViewCount: 0,
      agdNumber: null,
      queueId: 0,
      examTaken: false,
    });
  });

  it('finds a class by its slug as well as its hash', async () => {
    const cls = await createClass(db());
    expect((await classOf(cls.slug)).classObj.hash).toBe(cls.hash);
  });

  it('answers 404 for an unknown or unpublished class and 400 without c', async () => {
    const hidden = await createClass(db(), { is_published: 0 });
    expect((await get(`/api/class?c=${hidden.hash}`)).statusCode).toBe(404);
    expect((await get('/api/class?c=no-such-class')).json()).toEqual({
      status: false,
      msg: Texts.NO_CLASS_SELECTED,
    });
    const missing = await get('/api/class');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('c');
  });

  it('treats an invalid token as a visitor', async () => {
    const cls = await createClass(db());
    expect((await classOf(cls.hash, 'x'.repeat(43))).studentData.status).toBe(false);
  });

  it('shows the member’s own record: views, evaluation, AGD number', async () => {
    const member = await createMember(db(), { agd_number: '123456' });
    const cls = await createClass(db());
    await createGradebookRow(
      db(),
      member.id,
      { class_id: cls.id },
      { view_count: 3, eval_taken_at: nowIso() },
    );
    const { studentData } = await classOf(cls.hash, member.token);
    expect(studentData).toMatchObject({
      status: true,
      ceTypeId: CeType.SELF_STUDY,
      classViewCount: 3,
      evalTaken: true,
      agdNumber: '123456',
      hideAgdReminder: false,
      examTaken: false,
    });
    const other = await createMember(db());
    expect((await classOf(cls.hash, other.token)).studentData).toMatchObject({
      status: true,
      classViewCount: 0,
      evalTaken: false,
      gradebookId: 0,
      agdNumber: null,
    });
  });

  it('shows the completed exam with date, score, credits and certUrl', async () => {
    const member = await createMember(db());
    const cls = await createClass(db(), { credits: 2 });
    await createExam(db(), { classId: cls.id });
    await createCompletion(
      db(),
      member.id,
      { class_id: cls.id },
      {
        credits: 2,
        score: 80,
        certificate_number: 'TEST-CERT-0001',
        completed_at: '2026-03-03T03:30:00.000Z',
      },
    );
    const body = await classOf(cls.hash, member.token);
    expect(body.classObj.examTaken).toBe(true);
    expect(body.classObj.certUrl).toBe('http://localhost:3000/api/certificate/TEST-CERT-0001.pdf');
    expect(body.studentData).toMatchObject({
      examTaken: true,
      examDate: '2026-03-03T03:30:00.000Z',
      examDateLocal: '2026-03-03',
      examScore: 80,
      credits: 2,
    });
  });

  it('reports exams left today in the member’s own day and hides the exam at the limit', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    await createExam(db(), { classId: cls.id });
    const offset = new Date().getTimezoneOffset();
    const today = localDayFromOffset(new Date(), offset);
    await db()
      .insertInto('exam_day_counts')
      .values({ member_id: member.id, local_day: today, submitted: 7 })
      .execute();
    expect((await classOf(cls.hash, member.token, `&tzOffsetMin=${offset}`)).studentData.examsLeftToday).toBe(
      3,
    );
    await db()
      .updateTable('exam_day_counts')
      .set({ submitted: 10 })
      .where('member_id', '=', member.id)
      .execute();
    const full = await classOf(cls.hash, member.token, `&tzOffsetMin=${offset}`);
    expect(full.studentData.examsLeftToday).toBe(0);
    expect(full.canShowExam).toBe(false);
  });

  it('counts the day in the profile’s time zone when the browser sends no offset', async () => {
    const member = await createMember(db(), { time_zone: 'Pacific/Kiritimati' });
    const cls = await createClass(db());
    const day = localDayInZone(new Date(), 'Pacific/Kiritimati');
    await db()
      .insertInto('exam_day_counts')
      .values({ member_id: member.id, local_day: day, submitted: 4 })
      .execute();
    expect((await classOf(cls.hash, member.token)).studentData.examsLeftToday).toBe(6);
  });

  it('shows a live class’s exam only once it opens, whatever the daily limit', async () => {
    const member = await createMember(db());
    const startsSoon = await createClass(db(), {
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: nowIso(new Date(Date.now() + 3_600_000)),
    });
    const ended = await createClass(db(), {
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: nowIso(new Date(Date.now() - 3 * 3_600_000)),
      duration_min: 60,
      exam_delay_min: 30,
    });
    await createExam(db(), { classId: startsSoon.id });
    await createExam(db(), { classId: ended.id });
    await db()
      .insertInto('exam_day_counts')
      .values({ member_id: member.id, local_day: localDayInZone(new Date(), null), submitted: 10 })
      .execute();
    expect((await classOf(startsSoon.hash, member.token)).canShowExam).toBe(false);
    expect((await classOf(ended.hash, member.token)).canShowExam).toBe(true);
  });

  it('offers no exam on a class without a recording, except to a member who attended it', async () => {
    const archive = await createClass(db(), {
      type_id: ClassType.ARCHIVE,
      ce_type_id: CeType.LIVE,
      release_at: nowIso(new Date(Date.now() - 3 * 86_400_000)),
      youtube_url: null,
    });
    const noVideo = await createClass(db(), { youtube_url: null, video_url: null });
    await createExam(db(), { classId: archive.id });
    await createExam(db(), { classId: noVideo.id });
    const newcomer = await createMember(db());
    const attendee = await createMember(db());
    await createSeat(db(), archive.id, attendee.id, {
      started_at: nowIso(new Date(Date.now() - 3 * 86_400_000)),
    });
    expect((await classOf(archive.hash)).canShowExam).toBe(false);
    expect((await classOf(archive.hash, newcomer.token)).canShowExam).toBe(false);
    expect((await classOf(noVideo.hash, newcomer.token)).canShowExam).toBe(false);
    expect((await classOf(archive.hash, attendee.token)).canShowExam).toBe(true);
    // The way the exam area would have led refuses too: server and page agree.
    const refused = await post('/api/save-affidavit', {
      c: archive.hash,
      s: newcomer.token,
      attended: false,
    });
    expect(refused.statusCode).toBe(403);
    // The on-demand list marks it, a class with a recording not.
    const withVideo = await createClass(db(), { duration_min: 45 });
    const pdf = await createClass(db(), {
      type_id: ClassType.PDF,
      youtube_url: null,
      pdf_url: '/media/x.pdf',
    });
    const flags = await onDemandFlags();
    expect(flags.get(archive.hash)).toEqual({ comingSoon: true, recordingMin: null });
    expect(flags.get(noVideo.hash)).toEqual({ comingSoon: true, recordingMin: null });
    // The list's play mark and length (decision 1030): only a recording to play has one.
    expect(flags.get(withVideo.hash)).toEqual({ comingSoon: false, recordingMin: 45 });
    expect(flags.get(pdf.hash)).toEqual({ comingSoon: false, recordingMin: null });
  });

  it('gives the meeting code only to a member holding a seat', async () => {
    const live = await createClass(db(), { type_id: ClassType.LIVE, zoom_code: '123456789' });
    const holder = await createMember(db());
    const waiting = await createMember(db());
    await createSeat(db(), live.id, holder.id);
    await createSeat(db(), live.id, waiting.id, { is_waiting: 1 });
    const held = await classOf(live.hash, holder.token);
    expect(held.classObj.zoomCode).toBe('123456789');
    expect(held.studentData).toMatchObject({ isReserved: true, isWaiting: false });
    expect(typeof held.studentData.attendeeId).toBe('string');
    const onWaitlist = await classOf(live.hash, waiting.token);
    expect(onWaitlist.classObj.zoomCode).toBeNull();
    expect(onWaitlist.studentData).toMatchObject({ isReserved: false, isWaiting: true });
    expect((await classOf(live.hash)).classObj.zoomCode).toBeNull();
  });

  it('shows premium enrollment for a year with the learning platform link', async () => {
    const member = await createMember(db());
    const course = await createClass(db(), {
      type_id: ClassType.PREMIUM,
      price: 99,
      price_list: 199,
      learnworlds_class_id: 'implant-mastery',
    });
    const before = await classOf(course.hash, member.token);
    expect(before.classObj.learningPlatformUrl).toBe('https://learn.example.test/course/implant-mastery');
    expect(before.studentData).toMatchObject({ isEnrolled: false, validUntil: null });
    await createGradebookRow(
      db(),
      member.id,
      { class_id: course.id },
      { view_count: 0, created_at: '2026-02-03T10:00:00.000Z' },
    );
    expect((await classOf(course.hash, member.token)).studentData).toMatchObject({
      isEnrolled: true,
      validUntil: '2027-02-03T10:00:00.000Z',
    });
  });
});

describe('GET /api/class-view', () => {
  it('logs each view, puts the class into CE in Progress and returns the gradebook id', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    const first = await get(`/api/class-view?c=${cls.hash}&s=${member.token}`);
    expect(first.statusCode).toBe(200);
    const { gradebookId } = first.json();
    expect(first.json()).toEqual({ status: true, gradebookId: expect.any(String) });
    const second = await get(`/api/class-view?c=${cls.slug}&s=${member.token}`);
    expect(second.json().gradebookId).toBe(gradebookId);
    const { studentData } = await classOf(cls.hash, member.token);
    expect(studentData).toMatchObject({ classViewCount: 2, gradebookId, ceTypeId: CeType.SELF_STUDY });
    const views = await db().selectFrom('class_views').selectAll().where('class_id', '=', cls.id).execute();
    expect(views).toHaveLength(2);
    expect(views.every((v) => v.member_id === member.id)).toBe(true);
  });

  it('holds under concurrent views: one gradebook row, every view counted', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    const results = await Promise.all(
      Array.from({ length: 8 }, () => get(`/api/class-view?c=${cls.hash}&s=${member.token}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const rows = await db().selectFrom('gradebook').selectAll().where('class_id', '=', cls.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.view_count).toBe(8);
  });

  it('logs a PDF class view and gives a live recording self-study credit', async () => {
    const member = await createMember(db());
    const pdf = await createClass(db(), {
      type_id: ClassType.PDF,
      youtube_url: null,
      pdf_url: '/media/classes/a.pdf',
    });
    expect((await get(`/api/class-view?c=${pdf.hash}&s=${member.token}`)).statusCode).toBe(200);
    const live = await createClass(db(), { type_id: ClassType.LIVE, ce_type_id: CeType.LIVE });
    await get(`/api/class-view?c=${live.hash}&s=${member.token}`);
    expect((await classOf(live.hash, member.token)).studentData.ceTypeId).toBe(CeType.SELF_STUDY);
  });

  it('refuses a class with nothing to view', async () => {
    const member = await createMember(db());
    const archive = await createClass(db(), { type_id: ClassType.ARCHIVE, youtube_url: null });
    const noVideo = await createClass(db(), { youtube_url: null });
    const upcoming = await get(`/api/class-view?c=${archive.hash}&s=${member.token}`);
    expect(upcoming.statusCode).toBe(409);
    expect(upcoming.json().msg).toBe(Texts.VIDEO_UPCOMING);
    const unavailable = await get(`/api/class-view?c=${noVideo.hash}&s=${member.token}`);
    expect(unavailable.statusCode).toBe(404);
    expect(unavailable.json().msg).toBe(Texts.VIDEO_UNAVAILABLE);
  });

  it('needs a signed-in member', async () => {
    const cls = await createClass(db());
    const res = await get(`/api/class-view?c=${cls.hash}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(Texts.NOT_SIGNED_IN);
  });
});

describe('POST /api/save-affidavit', () => {
  it('refuses before a view with the spec’s text', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    const res = await post('/api/save-affidavit', { c: cls.hash, s: member.token, attended: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(Texts.VIEW_CLASS_FIRST);
  });

  it('records the confirmation on the gradebook (studentEnded)', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    await get(`/api/class-view?c=${cls.hash}&s=${member.token}`);
    const res = await post('/api/save-affidavit', { c: cls.hash, s: member.token, attended: 'true' });
    expect(res.json()).toEqual({ status: true });
    const row = await db()
      .selectFrom('gradebook')
      .selectAll()
      .where('class_id', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attended: 1, member_id: member.id });
    expect(row.ended_at).not.toBeNull();
    expect((await classOf(cls.hash, member.token)).studentData.studentEnded).toBe(row.ended_at);
  });

  it('gives live credit only to a seat holder who started during the session and attended', async () => {
    const release = new Date(Date.now() - 2 * 3_600_000);
    const live = await createClass(db(), {
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: nowIso(release),
      duration_min: 60,
    });
    const startedAt = nowIso(new Date(release.getTime() + 5 * 60_000));
    const attendee = await createMember(db());
    const absentee = await createMember(db());
    for (const m of [attendee, absentee]) {
      await createSeat(db(), live.id, m.id, { started_at: startedAt });
      await createGradebookRow(
        db(),
        m.id,
        { class_id: live.id },
        { view_count: 0, started_at: startedAt, ce_type_id: CeType.LIVE },
      );
    }
    await post('/api/save-affidavit', { c: live.hash, s: attendee.token, attended: true });
    await post('/api/save-affidavit', { c: live.hash, s: absentee.token, attended: false });
    expect((await classOf(live.hash, attendee.token)).studentData.ceTypeId).toBe(CeType.LIVE);
    expect((await classOf(live.hash, absentee.token)).studentData.ceTypeId).toBe(CeType.SELF_STUDY);
  });

  it('refuses once the exam is passed, and validates attended', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    await createGradebookRow(db(), member.id, { class_id: cls.id });
    const bad = await post('/api/save-affidavit', { c: cls.hash, s: member.token, attended: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('attended');
    await createCompletion(db(), member.id, { class_id: cls.id });
    const done = await post('/api/save-affidavit', { c: cls.hash, s: member.token, attended: true });
    expect(done.statusCode).toBe(409);
    expect(done.json().msg).toBe(Texts.EXAM_COMPLETED_RETURN_CLASSROOM);
  });
});

describe('queue-add and remove-queue', () => {
  it('adds a class to Watch Later once and removes it', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    const added = await post('/api/queue-add', { c: cls.hash, s: member.token });
    expect(added.json()).toEqual({ status: true, queueId: expect.any(String) });
    const again = await post('/api/queue-add', { c: cls.hash, s: member.token });
    expect(again.json().queueId).toBe(added.json().queueId);
    expect((await classOf(cls.hash, member.token)).studentData.queueId).toBe(added.json().queueId);
    const other = await createMember(db());
    expect((await classOf(cls.hash, other.token)).studentData.queueId).toBe(0);

    const removed = await get(`/api/remove-queue?c=${cls.hash}&s=${member.token}`);
    expect(removed.json()).toEqual({ status: true, classObj: { status: true, hash: cls.hash } });
    expect((await classOf(cls.hash, member.token)).studentData.queueId).toBe(0);
  });

  it('needs a member and a class', async () => {
    const cls = await createClass(db());
    expect((await post('/api/queue-add', { c: cls.hash })).statusCode).toBe(401);
    expect((await get(`/api/remove-queue?c=${cls.hash}`)).statusCode).toBe(401);
    const member = await createMember(db());
    expect((await post('/api/queue-add', { c: 'nope', s: member.token })).statusCode).toBe(404);
    expect((await post('/api/queue-add', { s: member.token })).json().field).toBe('c');
  });
});
