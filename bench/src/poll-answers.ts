import type { Kysely } from 'kysely';
import { LIVE_POLL_REFRESH_MS } from '@opence/shared';
import type { DB } from '../../apps/server/src/db/types.ts';
import { newId, newPublicHash, nowIso } from '../../apps/server/src/lib/ids.ts';
import type { TCpuMeter } from './cpu.ts';
import type { TFixtures } from './generate.ts';
import { runLoad } from './load.ts';
import type { TMeasurement } from './scenarios.ts';

/*
 * Poll answers at the surge (issue 42, decision 1151): every attendee of the webinar in progress
 * holds a seat, the presenter opens one poll, and each attendee answers it once within 30 s
 * (POST /api/live-poll-answer, paced evenly). Reported: answers kept in the database against
 * answers sent (none lost, one per attendee), the latency, and server + database CPU per answer.
 */

const ANSWER_SECONDS = 30;
const CONNECTIONS = 100;
const SEATS_PER_INSERT = 500;

/** Seats for the attendees (every member with a session) on the live class, and one open poll. */
async function openPollForAttendees(db: Kysely<DB>, fx: TFixtures): Promise<string> {
  const classId = fx.liveClassId;
  await db.deleteFrom('webinar_polls').where('class_id', '=', classId).execute();
  await db.deleteFrom('seats').where('class_id', '=', classId).execute();
  const members = await db.selectFrom('sessions').select('member_id').distinct().execute();
  const at = nowIso();
  for (let i = 0; i < members.length; i += SEATS_PER_INSERT) {
    await db
      .insertInto('seats')
      .values(
        members.slice(i, i + SEATS_PER_INSERT).map((m) => ({
          id: newId(),
          class_id: classId,
          member_id: m.member_id,
          cancel_code: newPublicHash(),
          created_at: at,
          started_at: at,
        })),
      )
      .execute();
  }
  const pollId = newId();
  await db
    .insertInto('webinar_polls')
    .values({
      id: pollId,
      class_id: classId,
      question: 'Which radiograph interval do you use for low-risk adults?',
      choices: JSON.stringify(['6 months', '12 months', '24–36 months']),
      position: 1,
      opened_at: at,
      created_at: at,
    })
    .execute();
  return pollId;
}

export async function runPollAnswers(
  baseUrl: string,
  fx: TFixtures,
  db: Kysely<DB>,
  routes: Set<string>,
  meter: TCpuMeter,
): Promise<TMeasurement> {
  const tokens = fx.surge.attendeeTokens;
  const base = {
    name: `poll answers: /api/live-poll-answer, ${tokens.length.toLocaleString('en')} attendees answer one poll in ${ANSWER_SECONDS} s`,
    group: 'surge' as const,
    connections: CONNECTIONS,
    target: { maxP99Ms: 50 },
  };
  if (!routes.has('/api/live-poll-answer'))
    return { ...base, status: 'route missing', note: '/api/live-poll-answer is not served yet' };
  const pollId = await openPollForAttendees(db, fx);
  const hash = (
    await db.selectFrom('classes').select('hash').where('id', '=', fx.liveClassId).executeTakeFirstOrThrow()
  ).hash;
  let next = 0;
  const refused = new Map<number, number>();
  let kept = 0;
  const end = await meter.begin();
  const result = await runLoad({
    url: baseUrl,
    connections: CONNECTIONS,
    amount: tokens.length,
    overallRate: tokens.length / ANSWER_SECONDS,
    method: 'POST',
    path: '/api/live-poll-answer',
    body: () => {
      const i = next++;
      return JSON.stringify({ c: hash, s: tokens[i % tokens.length], id: pollId, choice: i % 3 });
    },
    onResponse: (status) => {
      if (status === 200) kept += 1;
      else refused.set(status, (refused.get(status) ?? 0) + 1);
    },
  });
  const cpu = end();
  const stored = await db
    .selectFrom('webinar_poll_answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('poll_id', '=', pollId)
    .executeTakeFirstOrThrow();
  const inDatabase = Number(stored.n);
  const perAnswerUs = ((cpu.serverMs + cpu.databaseMs) * 1000) / Math.max(1, result.requests);
  const refusals = [...refused].map(([status, n]) => `${n}× HTTP ${status}`).join(', ');
  return {
    ...base,
    status: 'ok',
    result,
    cpu,
    note:
      `${inDatabase} answers in the database of ${tokens.length} sent (${kept} answered 200)` +
      (refusals ? `; refused: ${refusals}` : '') +
      `; server + database CPU ${Math.round(perAnswerUs)} µs per answer`,
    ...(inDatabase === tokens.length && kept === tokens.length ? {} : { holds: false }),
  };
}

const WATCH_SECONDS = 10;

/**
 * The room watching for a poll (decision 1154): every attendee asks every 4 s, so at the surge's
 * 30,000 attendees 7,500 requests a second. Measured at the attendees' rate of this scale, one
 * call after the other in the same run: the shared pulse (GET /api/live-poll-pulse, no session,
 * answered from memory) against the member's own call it replaced (GET /api/live-poll, the
 * session, the seat, the poll and the answer). Reported: latency and server + database CPU per
 * request of each, so their ratio is measured on the same machine in the same minute.
 */
export async function runPollWatch(
  baseUrl: string,
  fx: TFixtures,
  db: Kysely<DB>,
  routes: Set<string>,
  meter: TCpuMeter,
): Promise<TMeasurement[]> {
  const tokens = fx.surge.attendeeTokens;
  const rate = tokens.length / (LIVE_POLL_REFRESH_MS / 1000);
  const name = (path: string) =>
    `poll watch: ${path}, ${tokens.length.toLocaleString('en')} attendees every ${LIVE_POLL_REFRESH_MS / 1000} s (${rate} req/s)`;
  const calls = [
    { path: '/api/live-poll-pulse', withToken: false },
    { path: '/api/live-poll', withToken: true },
  ];
  const missing = calls.find((call) => !routes.has(call.path));
  if (missing)
    return [
      {
        name: name(missing.path),
        group: 'surge',
        connections: CONNECTIONS,
        target: { maxP99Ms: 50 },
        status: 'route missing',
        note: `${missing.path} is not served yet`,
      },
    ];
  await openPollForAttendees(db, fx);
  const hash = (
    await db.selectFrom('classes').select('hash').where('id', '=', fx.liveClassId).executeTakeFirstOrThrow()
  ).hash;
  const measured: TMeasurement[] = [];
  for (const call of calls) {
    let next = 0;
    const end = await meter.begin();
    const result = await runLoad({
      url: baseUrl,
      connections: CONNECTIONS,
      overallRate: rate,
      seconds: WATCH_SECONDS,
      path: () =>
        call.withToken
          ? `${call.path}?c=${hash}&s=${tokens[next++ % tokens.length]}`
          : `${call.path}?c=${hash}`,
    });
    const cpu = end();
    const perRequestUs = ((cpu.serverMs + cpu.databaseMs) * 1000) / Math.max(1, result.requests);
    measured.push({
      name: name(call.path),
      group: 'surge',
      connections: CONNECTIONS,
      target: { maxP99Ms: 50 },
      status: 'ok',
      result,
      cpu,
      note: `server + database CPU ${Math.round(perRequestUs)} µs per request`,
    });
  }
  return measured;
}
