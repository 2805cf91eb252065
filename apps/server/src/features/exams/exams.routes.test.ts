import {
  CeType,
  ClassType,
  failedExamMessage,
  localDayFromOffset,
  localDayInZone,
  Texts,
} from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createExam,
  createGradebookRow,
  createMember,
  createPodcast,
  createPodcastPlay,
  createSponsorVideo,
  createSurvey,
  type TTestMember,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

let t: TTestApp;
const db = () => t.app.deps.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The browser's offset in the zone the suite runs in (TZ=America/New_York). */
const TZ_OFFSET = new Date().getTimezoneOffset();

const EVALUATION = {
  courseObjectives: 4,
  courseUseful: 4,
  courseAppropriate: 3,
  courseLogical: 3,
  instructorCommunication: 4,
  instructorPreparedness: 4,
  instructorEffectiveness: 2,
  sitePresentation: 4,
  siteNavigation: 1,
  siteComparison: 4,
  comments: 'Clear and practical.',
  otherTopics: '',
};

/** A class with an exam of n questions whose correct option is 1. */
async function classWithExam(n = 5, minScore = 70, overrides: Parameters<typeof createClass>[1] = {}) {
  const cls = await createClass(db(), overrides);
  const { exam, questions } = await createExam(db(), { classId: cls.id }, { minScore, questions: n });
  return { cls, exam, questions };
}

/** Answers with the first `correct` right (option 1) and the rest wrong (option 2). */
const answers = (n: number, correct: number) => Array.from({ length: n }, (_, i) => (i < correct ? 1 : 2));

/** A member who viewed the class and saved the evaluation: ready for the exam. */
async function readyForExam(classId: string, overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(db(), overrides);
  await createGradebookRow(db(), member.id, { class_id: classId }, { eval_taken_at: nowIso() });
  return member;
}

/** When the member's gradebook row on a class recorded a step. */
async function gradebookStep(classId: string, step: 'sponsor_answered_at' | 'survey_done_at') {
  const row = await db()
    .selectFrom('gradebook')
    .select(step)
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  return row[step];
}

const grade = (member: TTestMember, c: string, a: number[], tzOffsetMin = TZ_OFFSET) =>
  post('/api/grade-exam', { s: member.token, c, a, tzOffsetMin });

describe('the order of the learning flow, enforced on the server', () => {
  it('refuses each step out of order with the spec’s text', async () => {
    const video = await createSponsorVideo(db());
    const survey = await createSurvey(db());
    const { cls } = await classWithExam(5, 70, { sponsor_video_id: video.id, survey_id: survey.id });
    const member = await createMember(db());
    const s = member.token;
    const expectRefused = async (res: Awaited<ReturnType<typeof get>>, text: string) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ status: false, msg: text });
    };

    // Nothing before a view.
    await expectRefused(
      await post('/api/save-eval', { s, c: cls.hash, p: null, a: EVALUATION }),
      Texts.VIEW_CLASS_FIRST,
    );
    await expectRefused(await get(`/api/exam?c=${cls.hash}&s=${s}`), Texts.VIEW_CLASS_FIRST);
    await expectRefused(await grade(member, cls.hash, answers(5, 5)), Texts.VIEW_CLASS_FIRST);
    await expectRefused(await get(`/api/sva?c=${cls.hash}&s=${s}`), Texts.VIEW_CLASS_FIRST);

    // Viewed: the evaluation comes before the sponsor video, the survey and the exam.
    await get(`/api/class-view?c=${cls.hash}&s=${s}`);
    await expectRefused(await get(`/api/exam?c=${cls.hash}&s=${s}`), Texts.COMPLETE_EVALUATION_FIRST);
    await expectRefused(await grade(member, cls.hash, answers(5, 5)), Texts.COMPLETE_EVALUATION_FIRST);
    await expectRefused(await get(`/api/sva?c=${cls.hash}&s=${s}`), Texts.COMPLETE_EVALUATION_FIRST);
    await expectRefused(
      await post('/api/save-sva-response', { s, c: cls.hash, v: video.id, e: 2 }),
      Texts.COMPLETE_EVALUATION_FIRST,
    );
    await expectRefused(await get(`/api/survey?c=${cls.hash}&s=${s}`), Texts.COMPLETE_EVALUATION_FIRST);
    const q = survey.questions[0]!;
    await expectRefused(
      await post('/api/save-survey-response', {
        s,
        c: cls.hash,
        sh: survey.hash,
        q: q.hash,
        choices: [q.choices[0]!.hash],
        sessionHash: `${cls.hash}.abc`,
        isLast: false,
      }),
      Texts.COMPLETE_EVALUATION_FIRST,
    );

    // Evaluated: everything opens.
    expect((await post('/api/save-eval', { s, c: cls.hash, p: null, a: EVALUATION })).json()).toEqual({
      status: true,
    });
    expect((await get(`/api/sva?c=${cls.hash}&s=${s}`)).statusCode).toBe(200);
    expect((await get(`/api/survey?c=${cls.hash}&s=${s}`)).statusCode).toBe(200);
    expect((await get(`/api/exam?c=${cls.hash}&s=${s}`)).statusCode).toBe(200);
  });

  it('refuses a podcast exam before a logged play, with the podcast text', async () => {
    const podcast = await createPodcast(db());
    await createExam(db(), { podcastId: podcast.id });
    const member = await createMember(db());
    const s = member.token;
    for (const res of [
      await post('/api/save-eval', { s, c: null, p: podcast.hash, a: EVALUATION }),
      await get(`/api/exam?p=${podcast.hash}&s=${s}`),
      await post('/api/grade-exam', { s, p: podcast.hash, a: answers(5, 5), tzOffsetMin: TZ_OFFSET }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(Texts.LISTEN_PODCAST_FIRST);
    }
    await createPodcastPlay(db(), podcast.id, member.id);
    const early = await get(`/api/exam?p=${podcast.hash}&s=${s}`);
    expect(early.json().msg).toBe(Texts.COMPLETE_EVALUATION_FIRST);
  });

  it('keeps a live class’s exam closed until examDelayMin after its end', async () => {
    const { cls } = await classWithExam(5, 70, {
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: nowIso(new Date(Date.now() - 30 * 60_000)),
      duration_min: 60,
    });
    const member = await readyForExam(cls.id);
    const res = await get(`/api/exam?c=${cls.hash}&s=${member.token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(Texts.EXAM_NOT_AVAILABLE);
  });

  it('answers 404 for a class without an exam, 401 without a token', async () => {
    const cls = await createClass(db());
    const member = await readyForExam(cls.id);
    const res = await get(`/api/exam?c=${cls.hash}&s=${member.token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(Texts.EXAM_NOT_AVAILABLE);
    expect((await get(`/api/exam?c=${cls.hash}`)).statusCode).toBe(401);
    expect((await post('/api/grade-exam', { c: cls.hash, a: [1], tzOffsetMin: 0 })).statusCode).toBe(401);
    expect((await post('/api/save-eval', { c: cls.hash, a: EVALUATION })).statusCode).toBe(401);
  });
});

describe('POST /api/save-eval', () => {
  it('validates every rating and the free-text lengths with the spec’s texts', async () => {
    const cls = await createClass(db());
    const member = await createMember(db());
    const { courseUseful: _left, ...missing } = EVALUATION;
    const noRating = await post('/api/save-eval', { s: member.token, c: cls.hash, a: missing });
    expect(noRating.statusCode).toBe(400);
    expect(noRating.json()).toMatchObject({
      field: 'a.courseUseful',
      msg: `a.courseUseful: ${Texts.ANSWER_REQUIRED}`,
    });
    const outOfScale = await post('/api/save-eval', {
      s: member.token,
      c: cls.hash,
      a: { ...EVALUATION, siteNavigation: 5 },
    });
    expect(outOfScale.json().msg).toBe(`a.siteNavigation: ${Texts.ANSWER_REQUIRED}`);
    const tooLong = await post('/api/save-eval', {
      s: member.token,
      c: cls.hash,
      a: { ...EVALUATION, otherTopics: 'x'.repeat(1025) },
    });
    expect(tooLong.json().msg).toBe(`a.otherTopics: ${Texts.FIELD_TOO_LONG}`);
    const both = await post('/api/save-eval', { s: member.token, c: cls.hash, p: cls.hash, a: EVALUATION });
    expect(both.json()).toMatchObject({ field: 'c', msg: `c: ${Texts.NO_CLASS_SELECTED}` });
    const neither = await post('/api/save-eval', { s: member.token, c: null, p: null, a: EVALUATION });
    expect(neither.statusCode).toBe(400);
  });

  it('stores the evaluation once and marks evalTaken', async () => {
    const cls = await createClass(db());
    const member = await createMember(db());
    await get(`/api/class-view?c=${cls.hash}&s=${member.token}`);
    const form = { ...EVALUATION, comments: 'y'.repeat(1024) };
    const saves = await Promise.all(
      [1, 2, 3].map(() => post('/api/save-eval', { s: member.token, c: cls.hash, a: form })),
    );
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await db().selectFrom('evaluations').selectAll().where('class_id', '=', cls.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      member_id: member.id,
      course_objectives: 4,
      instructor_effectiveness: 2,
      site_navigation: 1,
      comments: 'y'.repeat(1024),
      other_topics: null,
    });
    const cls2 = (await get(`/api/class?c=${cls.hash}&s=${member.token}`)).json();
    expect(cls2.studentData.evalTaken).toBe(true);
  });

  it('evaluates a podcast episode after a play, creating its gradebook row', async () => {
    const podcast = await createPodcast(db());
    const member = await createMember(db());
    await createPodcastPlay(db(), podcast.id, member.id);
    expect(
      (await post('/api/save-eval', { s: member.token, p: podcast.hash, a: EVALUATION })).statusCode,
    ).toBe(200);
    const row = await db()
      .selectFrom('gradebook')
      .selectAll()
      .where('podcast_id', '=', podcast.id)
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.eval_taken_at).not.toBeNull();
  });
});

describe('sponsor video', () => {
  it('gives the class’s sponsor video and stores the answer, replacing an earlier one', async () => {
    const video = await createSponsorVideo(db());
    const cls = await createClass(db(), { sponsor_video_id: video.id });
    const member = await readyForExam(cls.id);
    const res = await get(`/api/sva?c=${cls.hash}&s=${member.token}`);
    expect(res.json()).toEqual({
      status: true,
      rowCount: 1,
      data: [
        {
          id: video.id,
          youtubeId: 'dQw4w9WgXcQ',
          videoUrl: null,
          companyName: null,
          companyPhoto: null,
          headline: video.headline,
          blurb: video.blurb,
          headlineButtons: video.headline_buttons,
          buttonTextYes: video.button_text_yes,
          buttonTextNo: video.button_text_no,
        },
      ],
    });
    const s = member.token;
    expect((await post('/api/save-sva-response', { s, c: cls.hash, v: video.id, e: 2 })).json()).toEqual({
      status: true,
    });
    expect((await post('/api/save-sva-response', { s, c: cls.hash, v: video.id, e: '3' })).statusCode).toBe(
      200,
    );
    const saved = await db()
      .selectFrom('sponsor_video_answers')
      .selectAll()
      .where('class_id', '=', cls.id)
      .execute();
    expect(saved).toEqual([
      expect.objectContaining({ member_id: member.id, answer: 3, sponsor_video_id: video.id }),
    ]);
    expect(await gradebookStep(cls.id, 'sponsor_answered_at')).not.toBeNull();
  });

  it('refuses another video or an answer code other than 2 and 3', async () => {
    const video = await createSponsorVideo(db());
    const other = await createSponsorVideo(db());
    const cls = await createClass(db(), { sponsor_video_id: video.id });
    const member = await readyForExam(cls.id);
    const wrongVideo = await post('/api/save-sva-response', {
      s: member.token,
      c: cls.hash,
      v: other.id,
      e: 2,
    });
    expect(wrongVideo.statusCode).toBe(400);
    expect(wrongVideo.json().field).toBe('v');
    const wrongCode = await post('/api/save-sva-response', {
      s: member.token,
      c: cls.hash,
      v: video.id,
      e: 4,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().field).toBe('e');
  });

  it('answers rowCount 0 for a class without a sponsor video (or an inactive one)', async () => {
    const inactive = await createSponsorVideo(db(), { is_active: 0 });
    for (const cls of [await createClass(db()), await createClass(db(), { sponsor_video_id: inactive.id })]) {
      const member = await readyForExam(cls.id);
      expect((await get(`/api/sva?c=${cls.hash}&s=${member.token}`)).json()).toEqual({
        status: true,
        rowCount: 0,
        data: [],
      });
    }
  });
});

describe('survey', () => {
  it('gives the survey with a session hash and records answers; the last one completes it', async () => {
    const survey = await createSurvey(db());
    const cls = await createClass(db(), { survey_id: survey.id });
    const member = await readyForExam(cls.id);
    const body = (await get(`/api/survey?c=${cls.hash}&s=${member.token}`)).json();
    expect(body.rowCount).toBe(1);
    const data = body.data[0];
    expect(data.hash).toBe(survey.hash);
    expect(data.sessionHash.startsWith(`${cls.hash}.`)).toBe(true);
    expect(data.questions.map((q: { type: string }) => q.type)).toEqual(['yesno', 'single', 'multi']);
    expect(data.questions[0].buttons).toEqual(
      survey.questions[0]!.choices.map((c) => ({ hash: c.hash, label: c.label })),
    );

    const send = (q: number, choices: string[], isLast = false, withClass = true) =>
      post('/api/save-survey-response', {
        s: member.token,
        ...(withClass ? { c: cls.hash } : {}),
        sh: survey.hash,
        q: survey.questions[q]!.hash,
        choices,
        sessionHash: data.sessionHash,
        isLast,
      });
    const [yes, no] = survey.questions[0]!.choices;
    expect((await send(0, [yes!.hash, no!.hash])).json().field).toBe('choices');
    expect((await send(0, [survey.questions[1]!.choices[0]!.hash])).json().field).toBe('choices');
    expect((await send(0, [])).statusCode).toBe(400);
    expect((await send(0, [no!.hash])).statusCode).toBe(200);
    expect((await send(0, [yes!.hash])).statusCode).toBe(200);
    // Without c the class comes from the session hash the survey was given with.
    expect((await send(1, [survey.questions[1]!.choices[2]!.hash], false, false)).statusCode).toBe(200);
    const multi = survey.questions[2]!.choices.map((c) => c.hash);
    expect((await send(2, [multi[0]!, multi[2]!], true)).statusCode).toBe(200);

    const saved = await db()
      .selectFrom('survey_answers')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(saved).toHaveLength(3);
    const first = saved.find((a) => a.question_id === survey.questions[0]!.id)!;
    expect(JSON.parse(first.choice_hashes)).toEqual([yes!.hash]);
    expect(saved.every((a) => a.class_id === cls.id && a.session_hash === data.sessionHash)).toBe(true);
    expect(await gradebookStep(cls.id, 'survey_done_at')).not.toBeNull();
  });

  it('refuses a survey or question that is not the class’s, and answers rowCount 0 without a survey', async () => {
    const survey = await createSurvey(db());
    const stranger = await createSurvey(db());
    const cls = await createClass(db(), { survey_id: survey.id });
    const member = await readyForExam(cls.id);
    const base = { s: member.token, c: cls.hash, sessionHash: `${cls.hash}.x`, isLast: false };
    const q = stranger.questions[0]!;
    expect(
      (
        await post('/api/save-survey-response', {
          ...base,
          sh: stranger.hash,
          q: q.hash,
          choices: [q.choices[0]!.hash],
        })
      ).json().field,
    ).toBe('sh');
    expect(
      (
        await post('/api/save-survey-response', {
          ...base,
          sh: survey.hash,
          q: q.hash,
          choices: [q.choices[0]!.hash],
        })
      ).json().field,
    ).toBe('q');
    const plain = await createClass(db());
    const plainMember = await readyForExam(plain.id);
    expect((await get(`/api/survey?c=${plain.hash}&s=${plainMember.token}`)).json()).toEqual({
      status: true,
      rowCount: 0,
      data: [],
    });
  });
});

describe('GET /api/exam', () => {
  it('never sends which option is correct', async () => {
    const { cls, questions } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    const res = await get(`/api/exam?c=${cls.hash}&s=${member.token}&tzOffsetMin=${TZ_OFFSET}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/correct/i);
    const body = res.json();
    expect(body.exam.minScore).toBe(70);
    expect(body.exam.questions[0]).toEqual({
      examQId: questions[0]!.id,
      question: 'Question 1?',
      option1: 'Right',
      option2: 'Wrong',
      option3: 'Also wrong',
      option4: null,
      option5: null,
      option6: null,
    });
    expect(body).toMatchObject({
      classId: cls.id,
      podcastId: null,
      hash: cls.hash,
      title: cls.title,
      credits: 1,
      releaseDate: cls.release_at,
      examDelayMin: 0,
      studentData: { evalTaken: true, examTaken: false, examsLeftToday: 10 },
    });
  });
});

describe('POST /api/grade-exam', () => {
  it('fails just below the pass mark and passes exactly at it, once', async () => {
    const { cls } = await classWithExam(10, 70);
    const member = await readyForExam(cls.id);
    const below = await grade(member, cls.hash, answers(10, 6));
    expect(below.statusCode).toBe(200);
    expect(below.json()).toMatchObject({
      status: true,
      passed: false,
      examScore: 60,
      grades: [true, true, true, true, true, true, false, false, false, false],
      msg: failedExamMessage(60, 70),
      certUrl: null,
      examsLeftToday: 9,
    });
    expect(below.body).not.toMatch(/correct_?option/i);

    const at = await grade(member, cls.hash, answers(10, 7));
    expect(at.json()).toMatchObject({
      passed: true,
      examScore: 70,
      msg: Texts.CONGRATULATIONS,
      examsLeftToday: 8,
    });
    const completion = await db()
      .selectFrom('completions')
      .selectAll()
      .where('member_id', '=', member.id)
      .where('class_id', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(completion).toMatchObject({ score: 70, credits: 1, ce_type_id: CeType.SELF_STUDY });
    expect(completion.certificate_number).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(at.json().certUrl).toBe(
      `http://localhost:3000/api/certificate/${completion.certificate_number}.pdf`,
    );
    const attempts = await db()
      .selectFrom('exam_attempts')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(attempts.map((a) => [a.score, a.passed, JSON.parse(a.answers)])).toEqual([
      [60, 0, answers(10, 6)],
      [70, 1, answers(10, 7)],
    ]);
  });

  it('does not let a passed exam be taken or passed again', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    expect((await grade(member, cls.hash, answers(5, 5))).json().passed).toBe(true);
    const again = await grade(member, cls.hash, answers(5, 5));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(Texts.EXAM_COMPLETED_RETURN_CLASSROOM);
    expect((await get(`/api/exam?c=${cls.hash}&s=${member.token}`)).statusCode).toBe(409);
    const completions = await db()
      .selectFrom('completions')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(completions).toHaveLength(1);
  });

  it('creates one completion when two passing submissions race', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    const results = await Promise.all([1, 2, 3, 4].map(() => grade(member, cls.hash, answers(5, 5))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    const completions = await db()
      .selectFrom('completions')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(completions).toHaveLength(1);
    // Refused submissions roll back whole: only the passing one counted toward the day.
    const count = await db()
      .selectFrom('exam_day_counts')
      .select('submitted')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(count.submitted).toBe(1);
  });

  it('asks for every answer', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    const res = await grade(member, cls.hash, answers(4, 4));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: Texts.ANSWER_ALL_QUESTIONS, field: 'a' });
    const outOfRange = await grade(member, cls.hash, [1, 2, 3, 4, 7]);
    expect(outOfRange.json().field).toBe('a.4');
    const noOffset = await post('/api/grade-exam', { s: member.token, c: cls.hash, a: answers(5, 5) });
    expect(noOffset.json().field).toBe('tzOffsetMin');
  });

  it('grades a podcast exam and completes the episode', async () => {
    const podcast = await createPodcast(db(), { credits: 0.5 });
    await createExam(db(), { podcastId: podcast.id }, { questions: 4, minScore: 75 });
    const member = await createMember(db());
    await createPodcastPlay(db(), podcast.id, member.id);
    await post('/api/save-eval', { s: member.token, p: podcast.hash, a: EVALUATION });
    const exam = await get(`/api/exam?p=${podcast.hash}&s=${member.token}`);
    expect(exam.json()).toMatchObject({ podcastId: podcast.id, classId: null, title: podcast.title });
    const res = await post('/api/grade-exam', {
      s: member.token,
      p: podcast.hash,
      a: answers(4, 3),
      tzOffsetMin: 0,
    });
    expect(res.json()).toMatchObject({ passed: true, examScore: 75 });
    const again = await get(`/api/exam?p=${podcast.hash}&s=${member.token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(Texts.EXAM_COMPLETED_RETURN_PODCASTS);
    const completion = await db()
      .selectFrom('completions')
      .selectAll()
      .where('podcast_id', '=', podcast.id)
      .executeTakeFirstOrThrow();
    expect(completion).toMatchObject({ member_id: member.id, credits: 0.5, class_id: null });
  });
});

describe('the exams-per-day limit (10 for home-study credit)', () => {
  it('grades exactly 10 of 20 concurrent submissions and refuses the rest with the limit text', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => grade(member, cls.hash, answers(5, 0))),
    );
    const graded = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(graded).toHaveLength(10);
    expect(graded.every((r) => r.json().passed === false)).toBe(true);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(r.json()).toEqual({ status: false, msg: Texts.EXAM_LIMIT_BANNER });
    }
    expect(graded.map((r) => r.json().examsLeftToday).sort((a: number, b: number) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    const attempts = await db()
      .selectFrom('exam_attempts')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(attempts).toHaveLength(10);
    const { studentData } = (
      await get(`/api/class?c=${cls.hash}&s=${member.token}&tzOffsetMin=${TZ_OFFSET}`)
    ).json();
    expect(studentData.examsLeftToday).toBe(0);
  });

  it('counts the member’s own day: the profile zone’s, not the server’s UTC day', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    await db()
      .updateTable('members')
      .set({ time_zone: 'America/New_York' })
      .where('id', '=', member.id)
      .execute();
    const now = new Date();
    const newYorkDay = localDayInZone(now, 'America/New_York');
    await db()
      .insertInto('exam_day_counts')
      .values({ member_id: member.id, local_day: newYorkDay, submitted: 10 })
      .execute();

    const refused = await grade(member, cls.hash, answers(5, 0));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(Texts.EXAM_LIMIT_BANNER);
    // Issue 28: an offset where it is already another calendar day opens no new day.
    for (const offset of [-840, 720]) {
      const res = await grade(member, cls.hash, answers(5, 0), offset);
      expect(res.statusCode, `tzOffsetMin ${offset}`).toBe(429);
    }
  });

  // Issue 28: 10 at tzOffsetMin 0 and the day was the member's; no offset makes a new one.
  it('refuses the 11th attempt of the day at every offset from -720 to 840', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    for (let i = 0; i < 10; i++) {
      const res = await grade(member, cls.hash, answers(5, 0), 0);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().examsLeftToday).toBe(9 - i);
    }
    // The offset proposed the profile's zone, once.
    const profile = await db()
      .selectFrom('members')
      .select('time_zone')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(profile.time_zone).toBe('UTC');
    for (let offset = -720; offset <= 840; offset += 15) {
      const res = await grade(member, cls.hash, answers(5, 0), offset);
      expect(res.statusCode, `tzOffsetMin ${offset}`).toBe(429);
      expect(res.json()).toEqual({ status: false, msg: Texts.EXAM_LIMIT_BANNER });
    }
    const exam = await get(`/api/exam?c=${cls.hash}&s=${member.token}&tzOffsetMin=-840`);
    expect(exam.json().studentData.examsLeftToday).toBe(0);
    const attempts = await db()
      .selectFrom('exam_attempts')
      .select('local_day')
      .where('member_id', '=', member.id)
      .execute();
    expect(attempts).toHaveLength(10);
    expect(new Set(attempts.map((a) => a.local_day))).toEqual(new Set([localDayInZone(new Date(), 'UTC')]));
  });

  it('keeps a changed profile zone from opening a day that already holds 10 attempts', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    for (let i = 0; i < 10; i++)
      expect((await grade(member, cls.hash, answers(5, 0), 0)).statusCode).toBe(200);
    // Whichever zone is a calendar day ahead of UTC now, or behind it.
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Kolkata', 'America/Los_Angeles']) {
      await db().updateTable('members').set({ time_zone: zone }).where('id', '=', member.id).execute();
      const res = await grade(member, cls.hash, answers(5, 0), 0);
      expect(res.statusCode, zone).toBe(429);
    }
  });

  it('never grades more than 10 of 24 concurrent submissions sent with different offsets', async () => {
    const { cls } = await classWithExam(5);
    const member = await readyForExam(cls.id);
    const offsets = Array.from({ length: 24 }, (_, i) => -720 + i * 60);
    const results = await Promise.all(
      offsets.map((offset) => grade(member, cls.hash, answers(5, 0), offset)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(14);
    const attempts = await db()
      .selectFrom('exam_attempts')
      .select('local_day')
      .where('member_id', '=', member.id)
      .execute();
    expect(attempts).toHaveLength(10);
    expect(new Set(attempts.map((a) => a.local_day)).size).toBe(1);
  });

  it('does not count live-credit exams and keeps members apart', async () => {
    const { cls } = await classWithExam(5, 70, {
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: nowIso(new Date(Date.now() - 3 * 3_600_000)),
      duration_min: 60,
    });
    const attendee = await createMember(db());
    await createGradebookRow(
      db(),
      attendee.id,
      { class_id: cls.id },
      {
        view_count: 0,
        started_at: nowIso(new Date(Date.now() - 3 * 3_600_000)),
        eval_taken_at: nowIso(),
        ce_type_id: CeType.LIVE,
      },
    );
    const day = localDayFromOffset(new Date(), TZ_OFFSET);
    await db()
      .insertInto('exam_day_counts')
      .values({ member_id: attendee.id, local_day: day, submitted: 10 })
      .execute();
    const res = await grade(attendee, cls.hash, answers(5, 5));
    expect(res.json()).toMatchObject({ passed: true, examsLeftToday: 0 });
    const completion = await db()
      .selectFrom('completions')
      .select('ce_type_id')
      .where('member_id', '=', attendee.id)
      .executeTakeFirstOrThrow();
    expect(completion.ce_type_id).toBe(CeType.LIVE);
    const attempt = await db()
      .selectFrom('exam_attempts')
      .select('counts_toward_limit')
      .where('member_id', '=', attendee.id)
      .executeTakeFirstOrThrow();
    expect(attempt.counts_toward_limit).toBe(0);

    // Another member's full day does not touch this one's.
    const { cls: selfStudy } = await classWithExam(5);
    const fresh = await readyForExam(selfStudy.id);
    expect((await grade(fresh, selfStudy.hash, answers(5, 0))).json().examsLeftToday).toBe(9);
  });
});

// Issue 28, decision 0908: a pool, a count per attempt, options shuffled, graded as served.
describe('an exam drawn from a pool', () => {
  type TShown = { examQId: string; question: string } & Record<string, string | null>;
  const shownQuestions = async (member: TTestMember, c: string): Promise<TShown[]> => {
    const res = await get(`/api/exam?c=${c}&s=${member.token}&tzOffsetMin=0`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().exam.questions;
  };
  /** The shown position (1–6) of each question's right option: what a member who knows it picks. */
  const rightAnswers = (questions: TShown[]) =>
    questions.map((q) => [1, 2, 3, 4, 5, 6].find((n) => q[`option${n}`] === 'Right')!);
  const signature = (questions: TShown[]) =>
    questions
      .map((q) => `${q.examQId}:${[1, 2, 3, 4, 5, 6].map((n) => q[`option${n}`]).join('|')}`)
      .join(';');

  async function pooledExam(pool: number, draw: number) {
    const { cls, exam } = await classWithExam(pool);
    await db().updateTable('exams').set({ draw_count: draw }).where('id', '=', exam.id).execute();
    // More options than the factory's three, so orders differ more often.
    await db()
      .updateTable('exam_questions')
      .set({ option4: 'Not this', option5: 'Nor this' })
      .where('exam_id', '=', exam.id)
      .execute();
    return cls;
  }

  it('serves the count of questions, each attempt its own draw and option order, 02 §7 fields only', async () => {
    const cls = await pooledExam(12, 5);
    const member = await readyForExam(cls.id);
    const first = await shownQuestions(member, cls.hash);
    const second = await shownQuestions(member, cls.hash);
    expect(first).toHaveLength(5);
    expect(second).toHaveLength(5);
    expect(signature(first)).not.toBe(signature(second));
    expect(Object.keys(first[0]!).sort()).toEqual(
      ['examQId', 'option1', 'option2', 'option3', 'option4', 'option5', 'option6', 'question'].sort(),
    );
    // Every shown question keeps its five options, only reordered, and the sixth stays empty.
    for (const q of first) {
      expect([1, 2, 3, 4, 5].map((n) => q[`option${n}`]).sort()).toEqual(
        ['Also wrong', 'Nor this', 'Not this', 'Right', 'Wrong'].sort(),
      );
      expect(q.option6).toBeNull();
    }
    const servings = await db()
      .selectFrom('exam_servings')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(servings).toHaveLength(2);
  });

  it('grades the answers against the page last served, not the order the pool is written in', async () => {
    const cls = await pooledExam(12, 5);
    const member = await readyForExam(cls.id);
    const older = await shownQuestions(member, cls.hash);
    const served = await shownQuestions(member, cls.hash);
    // Answered as the first page showed it: graded against the newer page, whatever it gets.
    const fromOlder = await grade(member, cls.hash, rightAnswers(older), 0);
    expect(fromOlder.statusCode, fromOlder.body).toBe(200);
    expect(fromOlder.json().exam.questions.map((q: TShown) => q.examQId)).toEqual(
      served.map((q) => q.examQId),
    );
    const expectedGrades = rightAnswers(older).map((answer, i) => answer === rightAnswers(served)[i]);
    expect(fromOlder.json().grades).toEqual(expectedGrades);

    // A graded page is not graded again (decision 1044): its grades would be the key of the next try.
    const again = await grade(member, cls.hash, rightAnswers(served), 0);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(Texts.EXAM_NEW_PAGE_NEEDED);

    // The next page asks other questions (12 in the pool, 5 a page), answered right wherever shown: 100 %.
    const next = await shownQuestions(member, cls.hash);
    const servedIds = new Set(served.map((q) => q.examQId));
    expect(next.filter((q) => servedIds.has(q.examQId))).toEqual([]);
    const res = await grade(member, cls.hash, rightAnswers(next), 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      passed: true,
      examScore: 100,
      grades: [true, true, true, true, true],
    });
    const attempt = await db()
      .selectFrom('exam_attempts')
      .select(['serving_id', 'score'])
      .where('member_id', '=', member.id)
      .where('passed', '=', 1)
      .executeTakeFirstOrThrow();
    expect(attempt.serving_id).not.toBeNull();
    // Option 1 everywhere (the key as written) is not what is graded right.
    expect([...rightAnswers(served), ...rightAnswers(next)].every((n) => n === 1)).toBe(false);
  });

  it('asks for a reload when no page was served, or a served question is gone', async () => {
    const cls = await pooledExam(6, 3);
    const member = await readyForExam(cls.id);
    const none = await grade(member, cls.hash, [1, 1, 1], 0);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ status: false, msg: Texts.EXAM_RELOAD });
    const shown = await shownQuestions(member, cls.hash);
    await db().deleteFrom('exam_questions').where('id', '=', shown[0]!.examQId).execute();
    const gone = await grade(member, cls.hash, rightAnswers(shown), 0);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().msg).toBe(Texts.EXAM_RELOAD);
  });

  it('grades one served page once, however many submissions of it arrive at once', async () => {
    const cls = await pooledExam(8, 4);
    const member = await readyForExam(cls.id);
    await shownQuestions(member, cls.hash);
    const results = await Promise.all(
      Array.from({ length: 14 }, () =>
        grade(
          member,
          cls.hash,
          [9, 9, 9, 9].map(() => 6),
          0,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(13);
    for (const r of refused) expect(r.json().msg).toBe(Texts.EXAM_NEW_PAGE_NEEDED);
    const attempts = await db()
      .selectFrom('exam_attempts')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(attempts).toHaveLength(1);
  });

  it('draws a set that differs from the one before wherever the pool allows (issue 35)', async () => {
    const cls = await pooledExam(6, 4);
    const member = await readyForExam(cls.id);
    let previous = new Set((await shownQuestions(member, cls.hash)).map((q) => q.examQId));
    for (let i = 0; i < 8; i++) {
      const shown = (await shownQuestions(member, cls.hash)).map((q) => q.examQId);
      // Six questions, four a page: the two not asked last time are always among the next four.
      expect(shown.filter((id) => !previous.has(id))).toHaveLength(2);
      previous = new Set(shown);
    }
  });
});
