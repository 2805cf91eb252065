import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createExam,
  createGradebookRow,
  createMember,
  type TTestMember,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * Test helpers of the exams API on a real database (SQLite, or PostgreSQL with DATABASE_URL):
 * one app per test file (useExamsApp), classes with exams, members ready for them, the calls.
 */

export let t: TTestApp;
export const db = () => t.app.deps.database.db;
export const get = (url: string) => t.app.inject({ method: 'GET', url });
export const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

/** Builds the file's app before its tests, and closes it after. */
export function useExamsApp() {
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
}

/** The browser's offset in the zone the suite runs in (TZ=America/New_York). */
export const TZ_OFFSET = new Date().getTimezoneOffset();

export const EVALUATION = {
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
export async function classWithExam(n = 5, minScore = 70, overrides: Parameters<typeof createClass>[1] = {}) {
  const cls = await createClass(db(), overrides);
  const { exam, questions } = await createExam(db(), { classId: cls.id }, { minScore, questions: n });
  return { cls, exam, questions };
}

/** Answers with the first `correct` right (option 1) and the rest wrong (option 2). */
export const answers = (n: number, correct: number) =>
  Array.from({ length: n }, (_, i) => (i < correct ? 1 : 2));

/** A member who viewed the class and saved the evaluation: ready for the exam. */
export async function readyForExam(classId: string, overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(db(), overrides);
  await createGradebookRow(db(), member.id, { class_id: classId }, { eval_taken_at: nowIso() });
  return member;
}

export const grade = (member: TTestMember, c: string, a: number[], tzOffsetMin = TZ_OFFSET) =>
  post('/api/grade-exam', { s: member.token, c, a, tzOffsetMin });
