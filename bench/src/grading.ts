import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/types.ts';
import type { TFixtures, TGradingItem } from './generate.ts';
import { runLoad } from './load.ts';
import { probe, type TMeasurement } from './scenarios.ts';

/*
 * grade-exam at 200 submissions per second: members whose view and evaluation are done submit
 * the right answers, so every submission passes and writes an attempt, a completion and the
 * gradebook, with the daily exam limit claimed in the same transaction.
 */

const RATE = 200;
const TARGET = { maxP99Ms: 50 };

/**
 * Removes what an earlier run's grading left, so every submission is a first one again. Each
 * deleted attempt is checked against completions.exam_attempt_id, indexed since decision 0807
 * (before, this scanned the million completions per attempt and took minutes).
 */
async function resetGrading(db: Kysely<DB>, fx: TFixtures): Promise<void> {
  const { memberIds, classIds } = fx.grading;
  const exams = db.selectFrom('exams').select('id').where('class_id', 'in', classIds);
  for (let i = 0; i < memberIds.length; i += 500) {
    const members = memberIds.slice(i, i + 500);
    await db
      .deleteFrom('completions')
      .where('member_id', 'in', members)
      .where('class_id', 'in', classIds)
      .execute();
    await db
      .deleteFrom('exam_attempts')
      .where('member_id', 'in', members)
      .where('exam_id', 'in', exams)
      .execute();
    await db.deleteFrom('exam_day_counts').where('member_id', 'in', members).execute();
    await db
      .updateTable('gradebook')
      .set({ completed_at: null })
      .where('member_id', 'in', members)
      .where('class_id', 'in', classIds)
      .execute();
  }
}

const requestBody = (item: TGradingItem) =>
  JSON.stringify({ s: item.token, c: item.classHash, a: item.answers, tzOffsetMin: 300 });

export async function runGrading(
  baseUrl: string,
  fx: TFixtures,
  db: Kysely<DB>,
  routes: Set<string>,
  seconds: number,
): Promise<TMeasurement> {
  const amount = Math.round(RATE * seconds);
  const base = {
    name: `grade-exam at ${RATE}/s (${amount.toLocaleString('en')} submissions)`,
    group: 'grading' as const,
    connections: 50,
    target: TARGET,
  };
  if (!routes.has('/api/grade-exam'))
    return { ...base, status: 'route missing', note: '/api/grade-exam is not served yet' };
  // One member's submissions apart from each other: all first classes, then all second ones…
  const items = [...fx.grading.items].sort((a, b) => a.classHash.localeCompare(b.classHash));
  if (amount > items.length - 1)
    throw new Error(`--grade-seconds allows at most ${Math.floor((items.length - 1) / RATE)} s`);
  await resetGrading(db, fx);

  // The probe is a real submission: the first item, not reused below.
  const init = { method: 'POST', headers: { 'content-type': 'application/json' } };
  const problem = await probe(`${baseUrl}/api/grade-exam`, { ...init, body: requestBody(items[0]!) });
  if (problem) return { ...base, status: 'failed', note: problem };

  let next = 1;
  let passed = 0;
  const result = await runLoad({
    url: baseUrl,
    connections: base.connections,
    amount,
    overallRate: RATE,
    method: 'POST',
    path: '/api/grade-exam',
    body: () => requestBody(items[Math.min(next++, items.length - 1)]!),
    onResponse: (status, body) => {
      if (status === 200 && (JSON.parse(body) as { passed?: boolean }).passed === true) passed += 1;
    },
  });
  return { ...base, status: 'ok', result, note: `${passed}/${result.requests} submissions passed` };
}
