import { QUESTION_RATE_LIMIT, QuestionTexts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createMember, createStaff, type TTestMember } from '../../../test/factories.ts';
import { createWebinar } from './questions.fixtures.ts';

/*
 * Questions to a webinar (issue 42, docs/decisions/1160–1162) through HTTP on a real database:
 * asking before and during the webinar, the limits, votes, withdrawal, what other members see,
 * the end of the webinar, erasure and the data export.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const ask = (token: string, c: string, text: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/questions', headers: auth(token), payload: { c, text } });
const list = (token: string, c: string) =>
  t.app.inject({ method: 'GET', url: '/api/questions', headers: auth(token), query: { c } });
const vote = (token: string, id: string) =>
  t.app.inject({ method: 'POST', url: '/api/question-vote', headers: auth(token), payload: { id } });
const withdraw = (token: string, id: string) =>
  t.app.inject({ method: 'POST', url: '/api/question-withdraw', headers: auth(token), payload: { id } });
const questionRows = (classId: string) =>
  db().selectFrom('webinar_questions').selectAll().where('class_id', '=', classId).execute();

async function askOk(member: TTestMember, c: string, text = 'How long should a rubber dam stay on?') {
  const res = await ask(member.token, c, text);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().question as { id: string };
}

describe('asking', () => {
  it('takes a signed-in member’s question in advance, kept as plain text, shown as theirs', async () => {
    const webinar = await createWebinar(db(), { startsInMin: 3 * 24 * 60 });
    const m = await createMember(db());
    const res = await ask(
      m.token,
      webinar.hash,
      '  <script>alert(1)</script> Is <2 mm\u202E enough?\r\n\r\n\r\nThanks  ',
    );
    expect(res.statusCode, res.body).toBe(200);
    const text = '<script>alert(1)</script> Is <2 mm enough?\n\nThanks';
    expect(res.json().question).toMatchObject({ text, votes: 0, isMine: true, isAnswered: false });
    const mine = await list(m.token, webinar.hash);
    expect(mine.json()).toMatchObject({ status: true, isOpen: true, questions: [{ text, isMine: true }] });
    expect(mine.headers['content-type']).toMatch(/application\/json/);
  });

  it('takes questions while the webinar runs', async () => {
    const webinar = await createWebinar(db(), { startsInMin: -30 });
    const m = await createMember(db());
    await askOk(m, webinar.hash);
    expect((await list(m.token, webinar.hash)).json().isOpen).toBe(true);
  });

  it('refuses a visitor and a made-up session, and keeps nothing', async () => {
    const webinar = await createWebinar(db());
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/questions',
      payload: { c: webinar.hash, text: 'Anyone there?' },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await ask('x'.repeat(43), webinar.hash, 'Anyone there?')).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/questions?c=${webinar.hash}` })).statusCode).toBe(401);
    expect(await questionRows(webinar.id)).toEqual([]);
  });

  it.each([
    ['empty', '', QuestionTexts.TEXT_REQUIRED],
    ['only blanks and invisible characters', ' \n\u200B\t ', QuestionTexts.TEXT_REQUIRED],
    ['missing', undefined, QuestionTexts.TEXT_REQUIRED],
    ['not text', { html: '<b>' }, QuestionTexts.TEXT_REQUIRED],
    ['501 characters', 'a'.repeat(501), QuestionTexts.TEXT_TOO_LONG],
  ])('refuses a question that is %s with a clear message and keeps nothing', async (_name, text, msg) => {
    const webinar = await createWebinar(db());
    const m = await createMember(db());
    const res = await ask(m.token, webinar.hash, text);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: false, field: 'text', fields: { text: msg } });
    expect(await questionRows(webinar.id)).toEqual([]);
  });

  it('takes exactly 500 characters', async () => {
    const webinar = await createWebinar(db());
    await askOk(await createMember(db()), webinar.hash, 'b'.repeat(500));
  });

  it('refuses a class that is not a live webinar, and an unknown one', async () => {
    const onDemand = await createClass(db());
    const m = await createMember(db());
    for (const c of [onDemand.hash, 'no-such-class']) {
      const res = await ask(m.token, c, 'A question');
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(QuestionTexts.NOT_A_WEBINAR);
    }
    expect(await questionRows(onDemand.id)).toEqual([]);
  });

  it('refuses questions once the webinar has ended, and says so', async () => {
    const webinar = await createWebinar(db(), { startsInMin: -61 });
    const m = await createMember(db());
    const res = await ask(m.token, webinar.hash, 'Too late?');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: false, msg: QuestionTexts.ENDED });
    expect(await questionRows(webinar.id)).toEqual([]);
    expect((await list(m.token, webinar.hash)).json()).toMatchObject({ isOpen: false, questions: [] });
  });

  it('holds the per-member limit under concurrent sends: exactly the limit gets through', async () => {
    const webinar = await createWebinar(db());
    const m = await createMember(db());
    const sends = QUESTION_RATE_LIMIT.hits + 5;
    const responses = await Promise.all(
      Array.from({ length: sends }, (_, i) => ask(m.token, webinar.hash, `Question number ${i}`)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(QUESTION_RATE_LIMIT.hits);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(responses.find((r) => r.statusCode === 429)!.json().msg).toBe(QuestionTexts.TOO_MANY);
    expect(await questionRows(webinar.id)).toHaveLength(QUESTION_RATE_LIMIT.hits);
    // Another member is not held back by the first one's limit.
    await askOk(await createMember(db()), webinar.hash);
  });
});

describe('what members see', () => {
  it('shows others’ questions without the asker’s name, username, e-mail or ids', async () => {
    const webinar = await createWebinar(db());
    const asker = await createMember(db());
    const reader = await createMember(db());
    const q = await askOk(asker, webinar.hash, 'What about fluoride varnish?');
    const res = await list(reader.token, webinar.hash);
    expect(res.json().questions).toEqual([
      expect.objectContaining({
        id: q.id,
        text: 'What about fluoride varnish?',
        isMine: false,
        hasVoted: false,
      }),
    ]);
    const row = await db()
      .selectFrom('members')
      .select(['firstname', 'lastname', 'email', 'username', 'hash', 'id'])
      .where('id', '=', asker.id)
      .executeTakeFirstOrThrow();
    for (const value of [row.lastname!, row.email, row.username, row.hash, row.id]) {
      expect(res.body).not.toContain(value);
    }
  });

  it('orders by votes, then by the earliest asked', async () => {
    const webinar = await createWebinar(db());
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createMember(db())));
    const first = await askOk(a!, webinar.hash, 'first');
    const second = await askOk(b!, webinar.hash, 'second');
    const third = await askOk(c!, webinar.hash, 'third');
    await vote(d!.token, third.id);
    await vote(a!.token, third.id);
    await vote(d!.token, second.id);
    const texts = (await list(d!.token, webinar.hash)).json().questions.map((q: { text: string }) => q.text);
    expect(texts).toEqual(['third', 'second', 'first']);
    expect(first.id).toBeTruthy();
  });
});

describe('voting', () => {
  it('counts one vote per member: a second vote, and concurrent ones, change nothing', async () => {
    const webinar = await createWebinar(db());
    const asker = await createMember(db());
    const voter = await createMember(db());
    const q = await askOk(asker, webinar.hash);
    const first = await vote(voter.token, q.id);
    expect(first.json()).toEqual({ status: true, votes: 1 });
    const again = await Promise.all(Array.from({ length: 8 }, () => vote(voter.token, q.id)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(again.map((r) => r.json().votes)).toEqual(Array(8).fill(1));
    const seen = (await list(voter.token, webinar.hash)).json().questions[0];
    expect(seen).toMatchObject({ votes: 1, hasVoted: true });
    // Many members at once: every vote counted once.
    const others = await Promise.all(Array.from({ length: 10 }, () => createMember(db())));
    await Promise.all(others.flatMap((m) => [vote(m.token, q.id), vote(m.token, q.id)]));
    expect((await list(asker.token, webinar.hash)).json().questions[0]).toMatchObject({
      votes: 11,
      hasVoted: false,
    });
  });

  it('refuses a vote for one’s own question, an unknown question, and after the end', async () => {
    const webinar = await createWebinar(db());
    const asker = await createMember(db());
    const q = await askOk(asker, webinar.hash);
    const own = await vote(asker.token, q.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().msg).toBe(QuestionTexts.OWN_VOTE);
    const unknown = await vote(asker.token, '0190aaaa-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(QuestionTexts.NOT_FOUND);
    await db()
      .updateTable('classes')
      .set({ release_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('id', '=', webinar.id)
      .execute();
    const late = await vote((await createMember(db())).token, q.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(QuestionTexts.ENDED);
    expect(
      await db().selectFrom('question_votes').selectAll().where('question_id', '=', q.id).execute(),
    ).toEqual([]);
  });
});

describe('withdrawing', () => {
  it('lets the asker withdraw their own open question, with its votes', async () => {
    const webinar = await createWebinar(db());
    const asker = await createMember(db());
    const q = await askOk(asker, webinar.hash);
    await vote((await createMember(db())).token, q.id);
    const res = await withdraw(asker.token, q.id);
    expect(res.json()).toEqual({ status: true });
    expect(await questionRows(webinar.id)).toEqual([]);
    expect(
      await db().selectFrom('question_votes').selectAll().where('question_id', '=', q.id).execute(),
    ).toEqual([]);
  });

  it('refuses another member’s question as not found, and keeps it', async () => {
    const webinar = await createWebinar(db());
    const asker = await createMember(db());
    const q = await askOk(asker, webinar.hash);
    const res = await withdraw((await createMember(db())).token, q.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(QuestionTexts.NOT_FOUND);
    expect(await questionRows(webinar.id)).toHaveLength(1);
  });

  it('refuses once the question is answered, and keeps it', async () => {
    const webinar = await createWebinar(db());
    const asker = await createMember(db());
    const staff = await createStaff(db());
    const q = await askOk(asker, webinar.hash);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/questions/${q.id}/answer`,
      headers: auth(staff.token),
      payload: { answer: 'Twenty minutes is typical.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const res = await withdraw(asker.token, q.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(QuestionTexts.ALREADY_ANSWERED);
    expect(await questionRows(webinar.id)).toHaveLength(1);
    expect((await list(asker.token, webinar.hash)).json().questions[0]).toMatchObject({
      isAnswered: true,
      answer: 'Twenty minutes is typical.',
      isMine: true,
    });
  });
});

describe('erasure and the data export', () => {
  it('exports the member’s questions and votes, and erasure deletes both', async () => {
    const webinar = await createWebinar(db());
    const m = await createMember(db());
    const other = await createMember(db());
    const mine = await askOk(m, webinar.hash, 'My own words about implants');
    const theirs = await askOk(other, webinar.hash, 'Another member asks');
    await vote(m.token, theirs.id);
    await vote(other.token, mine.id);

    const exported = await t.app.inject({ url: '/api/my-data', headers: auth(m.token) });
    expect(exported.statusCode).toBe(200);
    const data = exported.json().data;
    expect(data.webinar_questions).toEqual([
      expect.objectContaining({ id: mine.id, text: 'My own words about implants' }),
    ]);
    expect(data.question_votes).toEqual([expect.objectContaining({ question_id: theirs.id })]);

    const staff = await createStaff(db());
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${m.id}/erase`,
      headers: auth(staff.token),
      payload: {},
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await questionRows(webinar.id)).map((q) => q.id)).toEqual([theirs.id]);
    const votes = await db().selectFrom('question_votes').selectAll().execute();
    expect(votes.filter((v) => v.member_id === m.id || v.question_id === mine.id)).toEqual([]);
    const seen = (await list(other.token, webinar.hash)).json().questions;
    expect(seen).toEqual([expect.objectContaining({ id: theirs.id, votes: 0 })]);
  });
});
