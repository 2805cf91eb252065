import { ClassType, CeType } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, nowIso } from '../src/lib/ids.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createClass, createMember, DEFAULT_PASSWORD, type TTestMember } from './factories.ts';
import { hasNginx, NGINX, startNginx, type TNginx } from './nginx.ts';
import { freePort, startServerProcess, type TServerProcess } from './server-process.ts';
import { startSmtpServer, type TTestSmtpServer } from './smtp-server.ts';

/*
 * The README's recipe, run (issue 21): two server processes on their own ports against one
 * database, Debian's nginx in front (a generated config in a temp folder, daemon off), and
 * TRUST_PROXY=loopback. What lives in the database must behave as with one process: a session
 * made on one works on the other, failed logins count across both under the client's forwarded
 * address, a queued mail is sent once, and a burst through nginx is answered 200 or a fast 503.
 * Skipped where nginx is not installed (CI installs it: .ci/run).
 */

if (!hasNginx)
  console.warn(`nginx.test.ts skipped: ${NGINX} is not installed (Debian: apt-get install nginx)`);

describe.skipIf(!hasNginx)('two server processes behind nginx, one database', () => {
  let t: TTestApp;
  let smtp: TTestSmtpServer;
  let servers: TServerProcess[] = [];
  let nginx: TNginx | null = null;
  let proxy = '';
  let member: TTestMember;
  let liveHash = '';

  beforeAll(async () => {
    // The test's own app makes the database (fresh, migrated) and its rows; it serves nothing.
    t = await buildTestApp();
    const db = t.app.deps.database.db;
    member = await createMember(db);
    const live = await createClass(db, {
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      capacity: 100,
      zoom_code: '123',
      release_at: nowIso(new Date(Date.now() - 10 * 60_000)),
      duration_min: 90,
    });
    liveHash = live.hash;
    smtp = await startSmtpServer();
    const { database, mediaDir } = t.config;
    const databaseUrl = database.dialect === 'sqlite' ? `sqlite:${database.file}` : database.connectionString;
    const [a, b, front] = [await freePort(), await freePort(), await freePort()];
    servers = await Promise.all(
      [a, b].map((port) =>
        startServerProcess({
          entry: 'source',
          port,
          env: {
            DATABASE_URL: databaseUrl,
            MEDIA_DIR: mediaDir,
            SMTP_URL: smtp.url,
            TRUST_PROXY: 'loopback',
            DATABASE_POOL_SIZE: '4',
            SHED_MAX_IN_FLIGHT: '32',
          },
        }),
      ),
    );
    nginx = await startNginx(front!, [a!, b!]);
    proxy = nginx.url;
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await smtp?.close();
    await t?.close();
  });

  const login = (base: string, u: string, p: string, forwardedFor?: string) =>
    fetch(`${base}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: JSON.stringify({ u, p }),
    });

  it('accepts a session made on one process on the other, and through nginx', async () => {
    const res = await login(servers[0]!.url, member.username, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    for (const base of [servers[1]!.url, proxy, proxy]) {
      const seats = await fetch(`${base}/api/seats?s=${token}`);
      expect(seats.status, base).toBe(200);
      const poll = await fetch(`${base}/api/class?c=${liveHash}&tzOffsetMin=300&s=${token}`);
      expect(poll.status, base).toBe(200);
      expect(((await poll.json()) as { studentData: { isReserved: boolean } }).studentData).toBeDefined();
    }
  });

  it('counts failed logins of both processes together, under the forwarded client address', async () => {
    const client = '203.0.113.7';
    const statuses: number[] = [];
    // Round robin: each process sees about half of these.
    for (let i = 0; i < 10; i++) {
      statuses.push((await login(proxy, member.username, 'wrong-password-1', client)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    // The eleventh, with the right password, is refused: the limit (10) counted all ten.
    expect((await login(proxy, member.username, DEFAULT_PASSWORD, client)).status).toBe(429);
    const row = await t.app.deps.database.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', `login:ip:${hashToken(client)}`)
      .executeTakeFirst();
    expect(Number(row?.hits)).toBe(11);
  });

  it('sends a queued mail once, though both processes run the mail worker', async () => {
    const res = await fetch(`${proxy}/api/reset-password-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ m: member.email }),
    });
    expect(res.status).toBe(200);
    await smtp.waitForMail((m) => m.envelopeTo.includes(member.email), 20_000);
    // Both workers look at the outbox every 2 s: give each a look or two more.
    await new Promise((r) => setTimeout(r, 4_500));
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(member.email))).toHaveLength(1);
  });

  it('answers a burst of polls through nginx with 200 or a fast 503, nothing else', async () => {
    const poll = `${proxy}/api/class?c=${liveHash}&tzOffsetMin=300&s=${member.token}`;
    const answers = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const started = performance.now();
        const res = await fetch(poll);
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - started };
      }),
    );
    const statuses = new Set(answers.map((a) => a.status));
    expect(
      [...statuses].every((s) => s === 200 || s === 503),
      [...statuses].join(','),
    ).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
  });
});
