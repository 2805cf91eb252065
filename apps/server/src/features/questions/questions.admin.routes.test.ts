import { QuestionTexts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, createStaff, type TTestMember } from '../../../test/factories.ts';
import { createWebinar } from './questions.fixtures.ts';

/*
 * The console's side of a webinar's questions (issue 42): staff and the presenter list them by
 * votes, filter, mark answered with a short answer, hide an abusive one (audit log: who, why).
 */

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const adminList = (classId: string, show?: string, token = staff.token) =>
  t.app.inject({
    url: `/api/admin/classes/${classId}/questions`,
    query: show ? { show } : {},
    headers: auth(token),
  });
const answer = (id: string, payload: Record<string, unknown>, token = staff.token) =>
  t.app.inject({ method: 'POST', url: `/api/admin/questions/${id}/answer`, headers: auth(token), payload });
const hide = (id: string, payload: Record<string, unknown>, token = staff.token) =>
  t.app.inject({ method: 'POST', url: `/api/admin/questions/${id}/hide`, headers: auth(token), payload });

async function webinarWithQuestions() {
  const webinar = await createWebinar(db(), { startsInMin: 10 });
  const members = await Promise.all([1, 2, 3].map(() => createMember(db())));
  const ids: string[] = [];
  for (const [i, m] of members.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: auth(m.token),
      payload: { c: webinar.hash, text: `Question ${i + 1}` },
    });
    ids.push(res.json().question.id);
  }
  // Question 3 gets two votes, question 2 one: the order is 3, 2, 1.
  const vote = (m: TTestMember, id: string) =>
    t.app.inject({ method: 'POST', url: '/api/question-vote', headers: auth(m.token), payload: { id } });
  await vote(members[0]!, ids[2]!);
  await vote(members[1]!, ids[2]!);
  await vote(members[0]!, ids[1]!);
  return { webinar, members, ids };
}

describe('the console’s questions of a webinar', () => {
  it('lists them by votes then time, with who asked', async () => {
    const { webinar, members } = await webinarWithQuestions();
    const res = await adminList(webinar.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ title: webinar.title, counts: { open: 3, answered: 0, hidden: 0 } });
    expect(body.questions.map((q: { text: string; votes: number }) => [q.text, q.votes])).toEqual([
      ['Question 3', 2],
      ['Question 2', 1],
      ['Question 1', 0],
    ]);
    expect(body.questions[2].askedBy).toContain(members[0]!.username);
  });

  it('marks answered with a short written answer, filters open and answered, and logs who', async () => {
    const { webinar, ids } = await webinarWithQuestions();
    const res = await answer(ids[2]!, { answer: '  Use a <b>size 2</b> bur.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().question).toMatchObject({
      answer: 'Use a <b>size 2</b> bur.',
      answeredAt: expect.any(String),
    });
    const open = (await adminList(webinar.id, 'open')).json();
    expect(open.questions.map((q: { id: string }) => q.id)).toEqual([ids[1], ids[0]]);
    expect(open.counts).toEqual({ open: 2, answered: 1, hidden: 0 });
    const answered = (await adminList(webinar.id, 'answered')).json();
    expect(answered.questions.map((q: { id: string }) => q.id)).toEqual([ids[2]]);
    // Marked answered without a written answer.
    expect((await answer(ids[1]!, {})).json().question).toMatchObject({
      answer: null,
      answeredAt: expect.any(String),
    });
    const audit = await db().selectFrom('audit_log').selectAll().where('entity_id', '=', ids[2]!).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'question.answer', actor_id: staff.id })]);
  });

  it('hides an abusive question from members, logging who and why', async () => {
    const { webinar, members, ids } = await webinarWithQuestions();
    const res = await hide(ids[0]!, { reason: 'Advertising a product' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().question).toMatchObject({
      hiddenReason: 'Advertising a product',
      hiddenAt: expect.any(String),
    });
    const seen = await t.app.inject({
      url: '/api/questions',
      query: { c: webinar.hash },
      headers: auth(members[1]!.token),
    });
    expect(seen.json().questions.map((q: { id: string }) => q.id)).not.toContain(ids[0]);
    expect((await adminList(webinar.id, 'hidden')).json().questions.map((q: { id: string }) => q.id)).toEqual(
      [ids[0]],
    );
    expect((await adminList(webinar.id)).json().questions).toHaveLength(2);
    const audit = await db().selectFrom('audit_log').selectAll().where('entity_id', '=', ids[0]!).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'question.hide', actor_id: staff.id })]);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ reason: 'Advertising a product' });
    // A hidden question can be neither voted for nor answered.
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/question-vote',
      headers: auth(members[2]!.token),
      payload: { id: ids[0] },
    });
    expect(vote.statusCode).toBe(404);
    expect((await answer(ids[0]!, {})).statusCode).toBe(404);
  });

  it.each([
    ['no reason', {}, QuestionTexts.HIDE_REASON_REQUIRED],
    ['a too short reason', { reason: ' x ' }, QuestionTexts.HIDE_REASON_REQUIRED],
    ['a too long reason', { reason: 'r'.repeat(301) }, QuestionTexts.HIDE_REASON_TOO_LONG],
  ])('refuses hiding with %s, changing nothing', async (_name, payload, msg) => {
    const { ids } = await webinarWithQuestions();
    const res = await hide(ids[0]!, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ reason: msg });
    const row = await db()
      .selectFrom('webinar_questions')
      .select('hidden_at')
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).toBeNull();
  });

  it('refuses a too long answer, changing nothing', async () => {
    const { ids } = await webinarWithQuestions();
    const res = await answer(ids[0]!, { answer: 'a'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ answer: QuestionTexts.ANSWER_TOO_LONG });
    const row = await db()
      .selectFrom('webinar_questions')
      .select('answered_at')
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row.answered_at).toBeNull();
  });

  it('refuses a member: they cannot list with names, mark answered or hide', async () => {
    const { webinar, members, ids } = await webinarWithQuestions();
    const member = members[0]!;
    expect((await adminList(webinar.id, undefined, member.token)).statusCode).toBe(403);
    expect((await answer(ids[1]!, { answer: 'Me!' }, member.token)).statusCode).toBe(403);
    expect((await hide(ids[1]!, { reason: 'I do not like it' }, member.token)).statusCode).toBe(403);
    const rows = await db()
      .selectFrom('webinar_questions')
      .select(['answered_at', 'hidden_at'])
      .where('class_id', '=', webinar.id)
      .execute();
    expect(rows.every((r) => r.answered_at === null && r.hidden_at === null)).toBe(true);
  });

  it('answers 404 for an unknown webinar or question, and a bad filter with 400', async () => {
    expect((await adminList('no-such-class')).statusCode).toBe(404);
    expect((await answer('no-such-question', {})).statusCode).toBe(404);
    expect((await hide('no-such-question', { reason: 'Spam spam' })).statusCode).toBe(404);
    const { webinar } = await webinarWithQuestions();
    expect((await adminList(webinar.id, 'deleted')).statusCode).toBe(400);
  });
});

describe('the console’s refresh while live', () => {
  it('answers a busy webinar’s list (400 questions, 4,000 votes) in a few milliseconds', async () => {
    const webinar = await createWebinar(db(), { startsInMin: -10 });
    const voters = await Promise.all(Array.from({ length: 10 }, () => createMember(db())));
    const asker = voters[0]!;
    const at = new Date().toISOString();
    const questions = Array.from({ length: 400 }, (_, i) => ({
      id: `0190ffff-0000-7000-8000-${String(i).padStart(12, '0')}`,
      class_id: webinar.id,
      member_id: asker.id,
      text: `A busy question ${i}`,
      asked_at: at,
    }));
    await db().insertInto('webinar_questions').values(questions).execute();
    const votes = questions.flatMap((q) =>
      voters.map((v) => ({ question_id: q.id, member_id: v.id, voted_at: at })),
    );
    for (let i = 0; i < votes.length; i += 500) {
      await db()
        .insertInto('question_votes')
        .values(votes.slice(i, i + 500))
        .execute();
    }
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      const res = await adminList(webinar.id);
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      expect(res.json().isLive).toBe(true);
    }
    const median = times.sort((a, b) => a - b)[10]!;
    // A member's list of the same webinar (the live room's refresh, decision 1161).
    const memberTimes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      const res = await t.app.inject({
        url: '/api/questions',
        query: { c: webinar.hash },
        headers: auth(voters[1]!.token),
      });
      memberTimes.push(performance.now() - started);
      expect(res.json().questions).toHaveLength(400);
    }
    const memberMedian = memberTimes.sort((a, b) => a - b)[10]!;
    console.log(
      `400 questions, 4,000 votes, median of 21: console list ${median.toFixed(1)} ms, member list ${memberMedian.toFixed(1)} ms`,
    );
    // The list refreshes every 10 s per open console tab: even at 100 ms this is 1 % of a core.
    expect(median).toBeLessThan(100);
  });
});
