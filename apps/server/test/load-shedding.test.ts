import { ClassType, CeType, Texts } from '@opence/shared';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/lib/ids.ts';
import { buildTestApp } from './build-test-app.ts';
import { createClass, createMember, type TTestMember } from './factories.ts';

/*
 * An overloaded server refuses fast (decision 0817): 503 with Retry-After and a JSON body with a
 * text fit to show, instead of queueing. Over a real socket: the refusal is made in the HTTP
 * server's handler, before the app's pipeline (which inject() would enter directly).
 */

type TAnswer = { status: number; ms: number; retryAfter: string | null; type: string | null; body: unknown };

async function startServer(env: Record<string, string>) {
  const t = await buildTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const db = t.app.deps.database.db;
  const member = await createMember(db);
  const live = await createClass(db, {
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    capacity: 100,
    zoom_code: '123',
    release_at: nowIso(new Date(Date.now() - 10 * 60_000)),
    duration_min: 90,
  });
  const get = async (path: string): Promise<TAnswer> => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    const text = await res.text();
    return {
      status: res.status,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
      type: res.headers.get('content-type'),
      body: JSON.parse(text) as unknown,
    };
  };
  return {
    t,
    get,
    member,
    base: `http://127.0.0.1:${port}`,
    poll: (m: TTestMember) => `/api/class?c=${live.hash}&tzOffsetMin=300&s=${m.token}`,
    reserve: (m: TTestMember) => `/api/reserve-seat?c=${live.hash}&s=${m.token}`,
  };
}

/** The status of the first answer that is not a 503, asking again every 100 ms until `ms` pass. */
async function answeredWithin(ask: () => Promise<TAnswer>, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let answer = await ask();
  while (answer.status === 503 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await ask();
  }
  return answer.status;
}

const REFUSAL = { status: false, msg: Texts.SERVER_BUSY };

describe('load shedding: requests in flight', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ SHED_MAX_IN_FLIGHT: '2', SHED_MAX_EVENT_LOOP_DELAY_MS: '0' });
  });
  afterAll(() => server?.t.close());

  it('answers what it can and refuses the rest at once with 503, Retry-After and a text', async () => {
    const url = server.poll(server.member);
    // Two requests held in flight: their bodies are announced and not yet sent.
    const held = [0, 1].map(() => {
      const request = http.request(`${server.base}/api/logout?s=${server.member.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '2' },
      });
      const answered = new Promise<number>((resolve, reject) => {
        request.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        request.on('error', reject);
      });
      request.flushHeaders();
      return { request, answered };
    });
    // Both reach the server before the poll does.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refusal = await server.get(url);
    expect(refusal.status).toBe(503);
    expect(refusal.retryAfter).toBe('1');
    expect(refusal.type).toMatch(/^application\/json/);
    expect(refusal.body).toEqual(REFUSAL);
    expect(refusal.ms).toBeLessThan(1_000);
    expect((await server.get('/api/health')).status).toBe(200);
    // A reservation is refused only beyond twice the limit (decision 0821): answered here.
    expect((await server.get(server.reserve(server.member))).status).toBe(200);
    // So is a poll's answer (decision 1153): its own validation answers, not the shedder.
    const answer = await fetch(`${server.base}/api/live-poll-answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ s: server.member.token }),
    });
    expect(answer.status).toBe(400);

    for (const { request } of held) request.end('{}');
    expect(await Promise.all(held.map((h) => h.answered))).toEqual([200, 200]);
    // Nothing is left counted: one poll at a time is always answered.
    for (let i = 0; i < 5; i++) expect((await server.get(url)).status).toBe(200);
  });
});

describe('load shedding: a delayed event loop', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ SHED_MAX_IN_FLIGHT: '0', SHED_MAX_EVENT_LOOP_DELAY_MS: '150' });
  });
  afterAll(() => server?.t.close());

  it('refuses while the loop is late, never the health check, and serves again once it is not', async () => {
    const url = server.poll(server.member);
    // Starting the app (migrations, the member's password hash) kept the loop busy: it settles.
    expect(await answeredWithin(() => server.get(url), 3_000)).toBe(200);
    // The app runs in this process: blocking this loop is the server's loop falling behind, twice
    // in a row (one long task alone is not a backlog).
    for (let i = 0; i < 2; i++) {
      const blockedUntil = Date.now() + 400;
      while (Date.now() < blockedUntil) {
        /* busy */
      }
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const refusal = await server.get(url);
    expect(refusal.status).toBe(503);
    expect(refusal.retryAfter).toBe('1');
    expect(refusal.body).toEqual(REFUSAL);
    // A reservation is not refused for a late loop (decision 0821): the member gets the seat.
    const reservation = await server.get(server.reserve(server.member));
    expect(reservation.status).toBe(200);
    expect(reservation.body).toMatchObject({ status: true });
    expect((await server.get('/api/health')).status).toBe(200);
    expect(await answeredWithin(() => server.get(url), 3_000)).toBe(200);
  });
});

/**
 * Members polling as fast as they are answered on `connections` connections until stop() is
 * called, which drops every connection with its request unanswered, as a load generator that ends
 * does. Counts the answers by status.
 */
function flood(url: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map<number, number>();
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const status = await new Promise<number>((resolve) => {
        const request = http.get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        request.on('error', () => resolve(0));
      });
      if (!stopped) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const loops = Array.from({ length: connections }, loop);
  return {
    statuses,
    stop: async () => {
      stopped = true;
      agent.destroy();
      await Promise.all(loops);
    },
  };
}

/** Runs this process's loop without a break for `ms`, as a CPU-bound backlog does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

/** Lets every timer and socket callback that is due run once. */
async function yieldToLoop(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('load shedding: letting go once an overload ends', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ SHED_MAX_IN_FLIGHT: '16', SHED_MAX_EVENT_LOOP_DELAY_MS: '40' });
  });
  afterAll(() => server?.t.close());

  // A flood of polls alone overloads a slow or shared machine but not every quiet one (decision
  // 1124), so the overload is made certain: while 200 connections poll, the loop is kept late on
  // purpose, twice in a row, in rounds, as a CPU-bound backlog keeps it; between rounds it runs
  // free for long enough to answer. Timed on a machine CI shares with other test files: up to two
  // more tries, so a neighbour's burst is not read as the server holding on; a server that keeps
  // refusing fails all three.
  it(
    'sheds during the overload and answers normally within one second of its end',
    { retry: 2 },
    async () => {
      const url = server.poll(server.member);
      expect(await answeredWithin(() => server.get(url), 3_000)).toBe(200);
      const load = flood(`${server.base}${url}`, 200);
      for (let round = 0; round < 4; round++) {
        busy(100);
        await yieldToLoop();
        busy(100);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      // The overload is still on when the load stops: the backlog is in the sockets, the loop late.
      busy(100);
      await yieldToLoop();
      busy(100);
      await load.stop();
      const stoppedAt = performance.now();
      expect(load.statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(load.statuses.get(200) ?? 0).toBeGreaterThan(0);
      let answer = await server.get(url);
      while (answer.status === 503 && performance.now() - stoppedAt < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await server.get(url);
      }
      expect(answer.status).toBe(200);
      expect(performance.now() - stoppedAt).toBeLessThan(1_000);
    },
  );
});
