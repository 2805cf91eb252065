import {
  CeType,
  ClassType,
  failedExamMessage,
  localDayFromOffset,
  localDayInZone,
  Texts,
} from '@opence/shared';
import { describe, expect, it } from 'vitest';
import {
  createExam,
  createGradebookRow,
  createMember,
  createPodcast,
  createPodcastPlay,
  type TTestMember,
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
