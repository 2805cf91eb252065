import { CeType, ClassType, Texts } from '@opence/shared';
import { describe, expect, it } from 'vitest';
import {
  createClass,
  createExam,
  createMember,
  createPodcast,
  createPodcastPlay,
  createSponsorVideo,
  createSurvey,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';
import {
  answers,
  classWithExam,
  db,
  EVALUATION,
  get,
  grade,
  post,
  readyForExam,
  TZ_OFFSET,
  useExamsApp,
} from './exams.fixtures.ts';

useExamsApp();

/** When the member's gradebook row on a class recorded a step. */
async function gradebookStep(classId: string, step: 'sponsor_answered_at' | 'survey_done_at') {
  const row = await db()
    .selectFrom('gradebook')
    .select(step)
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  return row[step];
}

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
