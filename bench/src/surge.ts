import { ClassType } from '@opence/shared';
import { sql, type Kysely } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TDatabase } from '../../apps/server/src/db/database.ts';
import type { DB } from '../../apps/server/src/db/types.ts';
import { SURGE, type TFixtures } from './generate.ts';
import type { TCpuMeter } from './cpu.ts';
import { runLoad } from './load.ts';
import { livePollPath, probe, type TMeasurement } from './scenarios.ts';

/*
 * The live-webinar surge (02 §4: the live page refreshes class data every 15 s): 30,000
 * attendees polling /api/class make 2,000 req/s for the surge's duration, while 3,000 members
 * reserve seats on one class of capacity 1,000 in the first 10 s.
 */

const POLL_RATE = SURGE.attendees / 15;
const POLL_CONNECTIONS = 200;
const RESERVE_CONNECTIONS = 100;
const RESERVE_SECONDS = 10;
const SURGE_TARGET = { maxP99Ms: 50 };
/**
 * The surge meets a server that has been serving, as a webinar's start meets a running site
 * (decision 0824): before it is measured, the server answers the same calls at half the surge's
 * rates for this long, unmeasured. A server just started compiles its hot code while the first
 * requests queue (the first 2–3 s of a cold surge: bench/RESULTS.md, "Issue 21, session 6").
 */
const WARM_UP_SECONDS = 4;
/** Idle after the warm-up: its backlog drains and the poll's 2 s class cache expires. */
const SETTLE_MS = 3_000;

/**
 * Puts the surge class 20 minutes ahead with no seats, and the live class in progress. Both are
 * made live again: on a reused database the server's job has archived them once they ended.
 * On PostgreSQL the reset then vacuums what it and the run before left (decision 1118): a real
 * site never deletes a class's 3,600 seats, nor meets a surge 17 s after the last one, and the
 * dead seat rows and class-row versions of each run, left to autovacuum's minute, were in the
 * next run's index scans (2,000–2,400 buffers to count the surge class's seats, 300 now and then
 * to read its row by its hash, against 50 and 3 when vacuumed).
 */
export async function resetLiveClasses(database: TDatabase, fx: TFixtures): Promise<void> {
  const { db } = database;
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  await db.deleteFrom('seats').where('class_id', '=', fx.surge.classId).execute();
  await db
    .updateTable('classes')
    .set({ type_id: ClassType.LIVE, release_at: at(20), capacity: SURGE.capacity })
    .where('id', '=', fx.surge.classId)
    .execute();
  await db
    .updateTable('classes')
    .set({ type_id: ClassType.LIVE, release_at: at(-10) })
    .where('id', '=', fx.liveClassId)
    .execute();
  if (database.dialect === 'postgres') await sql`vacuum (analyze) seats, classes`.execute(db);
}

/** Reservation paths of the surge's members, in order, each member once per pass. */
function reservationPaths(fx: TFixtures) {
  let next = 0;
  const reservers = fx.surge.reserverTokens;
  return () => `/api/reserve-seat?c=${fx.surge.classHash}&s=${reservers[next++ % reservers.length]}`;
}

/**
 * The warm-up: polls and reservations of the surge class at half the surge's rates, not
 * measured; then the class is reset (its seats deleted) and the server left idle.
 */
async function warmUp(
  baseUrl: string,
  fx: TFixtures,
  database: TDatabase,
  pollPath: () => string,
  reserve: boolean,
) {
  await Promise.all([
    runLoad({
      url: baseUrl,
      connections: POLL_CONNECTIONS,
      overallRate: POLL_RATE / 2,
      seconds: WARM_UP_SECONDS,
      path: pollPath,
    }),
    reserve
      ? runLoad({
          url: baseUrl,
          connections: RESERVE_CONNECTIONS,
          overallRate: fx.surge.reserverTokens.length / RESERVE_SECONDS / 2,
          seconds: WARM_UP_SECONDS,
          path: reservationPaths(fx),
        })
      : null,
  ]);
  await resetLiveClasses(database, fx);
  await sleep(SETTLE_MS);
}

type TReservations = { answered: number; refused: Map<string, number> };

async function seatCounts(db: Kysely<DB>, classId: string) {
  const rows = await db
    .selectFrom('seats')
    .select(['is_waiting', (eb) => eb.fn.countAll<number>().as('n')])
    .where('class_id', '=', classId)
    .groupBy('is_waiting')
    .execute();
  const count = (waiting: number) => Number(rows.find((r) => Number(r.is_waiting) === waiting)?.n ?? 0);
  return { seated: count(0), waiting: count(1) };
}

export async function runSurge(
  baseUrl: string,
  fx: TFixtures,
  database: TDatabase,
  routes: Set<string>,
  seconds: number,
  meter?: TCpuMeter,
): Promise<TMeasurement[]> {
  const poll = {
    name: `surge: /api/class poll, ${SURGE.attendees.toLocaleString('en')} attendees (${POLL_RATE} req/s)`,
    group: 'surge' as const,
    connections: POLL_CONNECTIONS,
    target: SURGE_TARGET,
  };
  const reserve = {
    name: `surge: /api/reserve-seat, ${fx.surge.reserverTokens.length.toLocaleString('en')} members in ${RESERVE_SECONDS} s on ${SURGE.capacity.toLocaleString('en')} seats`,
    group: 'surge' as const,
    connections: RESERVE_CONNECTIONS,
    target: SURGE_TARGET,
  };
  if (!routes.has('/api/class'))
    return [{ ...poll, status: 'route missing', note: '/api/class is not served yet' }];
  await resetLiveClasses(database, fx);

  const attendees = fx.surge.attendeeTokens;
  const pollPath = () =>
    livePollPath(fx.surge.classHash, attendees[Math.floor(Math.random() * attendees.length)]!);
  const problem = await probe(`${baseUrl}${pollPath()}`);
  if (problem) return [{ ...poll, status: 'failed', note: problem }];
  const hasReserve = routes.has('/api/reserve-seat');
  await warmUp(baseUrl, fx, database, pollPath, hasReserve);

  const endCpu = await meter?.begin();
  const startedAt = performance.now();
  const reservers = fx.surge.reserverTokens;
  const tally: TReservations = { answered: 0, refused: new Map() };
  const reserving = hasReserve
    ? runLoad({
        url: baseUrl,
        connections: reserve.connections,
        amount: reservers.length,
        overallRate: reservers.length / RESERVE_SECONDS,
        // Each member reserves once (a repeat would only return the same seat).
        path: reservationPaths(fx),
        onResponse: (status, body) => {
          const ok = status === 200 && (JSON.parse(body) as { status?: boolean }).status === true;
          if (ok) tally.answered += 1;
          else tally.refused.set(`${status}`, (tally.refused.get(`${status}`) ?? 0) + 1);
        },
      })
    : null;
  const polling = runLoad({
    url: baseUrl,
    connections: POLL_CONNECTIONS,
    overallRate: POLL_RATE,
    seconds,
    path: pollPath,
  });
  const [pollResult, reserveResult] = await Promise.all([polling, reserving]);
  const cpu = endCpu?.();
  const elapsedMs = performance.now() - startedAt;
  const answered = pollResult.requests + (reserveResult?.requests ?? 0);
  // Server (and database) CPU over the whole surge, polls and reservations together: on a
  // shared machine, whether one core could carry the surge at all (issue 21, decision 0820).
  const cpuNote = cpu
    ? `; server + database CPU during the surge ${Math.round(cpu.serverMs)} + ${Math.round(cpu.databaseMs)} ms ` +
      `in ${(elapsedMs / 1000).toFixed(1)} s (${((cpu.serverMs + cpu.databaseMs) / elapsedMs).toFixed(2)} cores), ` +
      `${Math.round(((cpu.serverMs + cpu.databaseMs) * 1000) / Math.max(1, answered))} µs per answered request`
    : '';
  const lateNote = (what: string, r: { generatorLateP99?: number }) =>
    r.generatorLateP99 === undefined
      ? ''
      : `${what} handed over by the generator up to ${r.generatorLateP99} ms late (p99)`;

  const measurements: TMeasurement[] = [
    Object.assign(
      { ...poll, status: 'ok' as const, result: pollResult, note: lateNote('polls', pollResult) + cpuNote },
      cpu ? { surgeCpuUsPerAnswer: ((cpu.serverMs + cpu.databaseMs) * 1000) / Math.max(1, answered) } : {},
    ),
  ];
  if (!reserveResult) {
    measurements.push({ ...reserve, status: 'route missing', note: '/api/reserve-seat is not served yet' });
    return measurements;
  }
  const seats = await seatCounts(database.db, fx.surge.classId);
  const withinCapacity = seats.seated <= SURGE.capacity;
  const everyoneAnswered =
    tally.answered === reservers.length && seats.seated + seats.waiting === reservers.length;
  const refused = [...tally.refused].map(([status, n]) => `${n}× HTTP ${status}`).join(', ');
  measurements.push({
    ...reserve,
    status: 'ok',
    result: reserveResult,
    note:
      `${seats.seated} seated (capacity ${SURGE.capacity}: ${withinCapacity ? 'never exceeded' : 'EXCEEDED'}), ` +
      `${seats.waiting} waitlisted, ${tally.answered}/${reservers.length} answered with status true` +
      (refused ? `; refused: ${refused}` : '') +
      `; ${lateNote('reservations', reserveResult)}`,
    holds: withinCapacity && everyoneAnswered ? undefined : false,
  });
  return measurements;
}

/** Connections of the reservations-alone scenario (as in decision 0818's profile). */
const ALONE_CONNECTIONS = 50;

/**
 * Reservations alone (issue 21, decisions 0818 and 0822): the surge's 3,000 members reserve the
 * surge class's 1,000 seats as fast as the server answers, on 50 connections, with no polls. It
 * measures one reservation's cost (server and database CPU) and latency without the polls'
 * competition, and checks the capacity and that every member was answered.
 */
export async function runReservationsAlone(
  baseUrl: string,
  fx: TFixtures,
  database: TDatabase,
  routes: Set<string>,
  meter: TCpuMeter,
): Promise<TMeasurement> {
  const reservers = fx.surge.reserverTokens;
  const base = {
    name: `reservations alone: /api/reserve-seat, ${reservers.length.toLocaleString('en')} members on ${SURGE.capacity.toLocaleString('en')} seats`,
    group: 'surge' as const,
    connections: ALONE_CONNECTIONS,
    // A cost, not a target: as fast as answered on 50 connections, a reservation waits for the 49
    // before it (p50 = connections / rate); the latency target is the surge's.
    target: {},
  };
  if (!routes.has('/api/reserve-seat'))
    return { ...base, status: 'route missing', note: '/api/reserve-seat is not served yet' };
  await resetLiveClasses(database, fx);
  const tally: TReservations = { answered: 0, refused: new Map() };
  const end = await meter.begin();
  const result = await runLoad({
    url: baseUrl,
    connections: ALONE_CONNECTIONS,
    amount: reservers.length,
    path: reservationPaths(fx),
    onResponse: (status, body) => {
      const ok = status === 200 && (JSON.parse(body) as { status?: boolean }).status === true;
      if (ok) tally.answered += 1;
      else tally.refused.set(`${status}`, (tally.refused.get(`${status}`) ?? 0) + 1);
    },
  });
  const cpu = end();
  const seats = await seatCounts(database.db, fx.surge.classId);
  const withinCapacity = seats.seated <= SURGE.capacity;
  const everyoneAnswered =
    tally.answered === reservers.length && seats.seated + seats.waiting === reservers.length;
  const refused = [...tally.refused].map(([status, n]) => `${n}× HTTP ${status}`).join(', ');
  return {
    ...base,
    status: 'ok',
    result,
    cpu,
    note:
      `${seats.seated} seated (capacity ${SURGE.capacity}: ${withinCapacity ? 'never exceeded' : 'EXCEEDED'}), ` +
      `${seats.waiting} waitlisted, ${tally.answered}/${reservers.length} answered with status true` +
      (refused ? `; refused: ${refused}` : ''),
    ...(withinCapacity && everyoneAnswered ? {} : { holds: false }),
  };
}
