import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createPodcast, createStaff, type TTestMember } from '../../../test/factories.ts';

/* The console's exam editor (02 §3): the exam of a class or podcast episode, through the API. */

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/admin/${url}`,
    headers: { authorization: `Bearer ${staff.token}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
});
afterAll(() => t.close());

describe('exams', () => {
  const exam = {
    minScore: 70,
    questions: [
      { question: 'Which?', options: ['A', 'B', 'C', '', '', ''], correctOption: 2 },
      { question: 'Why?', options: ['Because', 'No'], correctOption: '1' },
    ],
  };

  it('saves and reads back the questions of a class exam, replacing them on the next save', async () => {
    const cls = await createClass(db());
    const saved = await call('PUT', `classes/${cls.id}/exam`, exam);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().exam.questions[0]).toEqual({
      question: 'Which?',
      options: ['A', 'B', 'C', '', '', ''],
      correctOption: 2,
    });
    await call('PUT', `classes/${cls.id}/exam`, { ...exam, questions: [exam.questions[1]] });
    const read = await call('GET', `classes/${cls.id}/exam`);
    expect(read.json().exam.questions).toHaveLength(1);
    expect(read.json().exam.minScore).toBe(70);
  });

  // Issue 28, decision 0908: staff set a pool (the questions) and how many an attempt draws.
  it('saves and reads back the questions per attempt; empty means all of them', async () => {
    const cls = await createClass(db());
    const saved = await call('PUT', `classes/${cls.id}/exam`, { ...exam, drawCount: '1' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().exam.drawCount).toBe(1);
    const row = await db()
      .selectFrom('exams')
      .select('draw_count')
      .where('class_id', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(row.draw_count).toBe(1);
    const cleared = await call('PUT', `classes/${cls.id}/exam`, { ...exam, drawCount: '' });
    expect(cleared.json().exam.drawCount).toBeNull();
  });

  it.each([
    [{ minScore: 101 }, 'minScore'],
    [{ drawCount: 3 }, 'drawCount'],
    [{ drawCount: 0 }, 'drawCount'],
    [{ drawCount: 1.5 }, 'drawCount'],
    [{ questions: [] }, 'questions'],
    [
      { questions: [{ question: 'Q', options: ['A', 'B', ''], correctOption: 3 }] },
      'questions.0.correctOption',
    ],
    [{ questions: [{ question: 'Q', options: ['A', '', 'C'], correctOption: 1 }] }, 'questions.0.options'],
    [{ questions: [{ question: '', options: ['A', 'B'], correctOption: 1 }] }, 'questions.0.question'],
    [
      { questions: [{ question: 'Q', options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], correctOption: 1 }] },
      'questions.0.options',
    ],
  ])('refuses %o naming %s, leaving the exam as it was', async (change, field) => {
    const podcast = await createPodcast(db());
    await call('PUT', `podcasts/${podcast.id}/exam`, exam);
    const res = await call('PUT', `podcasts/${podcast.id}/exam`, { ...exam, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect((await call('GET', `podcasts/${podcast.id}/exam`)).json().exam.questions).toHaveLength(2);
  });
});
