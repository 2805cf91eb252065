import http from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/build-test-app.ts';
import { createMember } from '../test/factories.ts';
import { freePort, startServerProcess, type TServerProcess } from '../test/server-process.ts';
import { startSmtpServer, type TTestSmtpServer } from '../test/smtp-server.ts';
import { validProfile } from './features/accounts/accounts.fixtures.ts';

/*
 * Graceful shutdown, on the real server process (src/server.ts): SIGTERM while a request is in
 * flight lets that request finish with its answer, refuses new connections, stops the mail
 * worker and the scheduler, and exits 0. The request is held in flight by sending its body in
 * two halves, the second only after the server has logged that it is shutting down.
 */

let t: TTestApp;
let smtp: TTestSmtpServer;
const mediaDir = mkdtempSync(path.join(tmpdir(), 'opence-shutdown-'));

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** The URL the test app's database was made at, for the server process to open. */
function databaseUrl(): string {
  const { database } = t.config;
  return database.dialect === 'sqlite' ? `sqlite:${database.file}` : database.connectionString;
}

/** Resolves when `text` appears in the server's output. */
async function waitForOutput(server: TServerProcess, text: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in the output:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A POST whose body goes out in two parts; the answer resolves once the second was sent. */
function postInTwoParts(url: string, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': bytes.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  // Handled here as well, so an attempt that fails before awaiting it leaves no stray rejection.
  answer.catch(() => undefined);
  request.write(bytes.subarray(0, half));
  return { answer, finish: () => request.end(bytes.subarray(half)) };
}

/** The processes a process has forked (Linux's /proc), by pid. */
function childrenOf(pid: number): string[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
}

const canConnect = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );

describe('SIGTERM', () => {
  // WEB_CONCURRENCY 2: the signal goes to the cluster's primary, which passes it on to its workers.
  it.each([1, 2])(
    'with WEB_CONCURRENCY=%i finishes the request in flight, refuses new ones, stops the workers and exits 0',
    /*
     * One more try. With two workers CI saw the request in flight cut ("socket hang up") in 2 of
     * 5 runs, and a loaded machine here an exit 1: a worker still loading when the signal came
     * died of it and counted as unclean (fixed, and tested below; this test now waits for every
     * worker). A worker also gives up after its 10 s grace, which the test's own steps can
     * outlast on a machine loaded enough. A server that drops the request every time still fails.
     */
    { timeout: 180_000, retry: 1 },
    async (webConcurrency) => {
      const db = t.app.deps.database.db;
      const member = await createMember(db);
      const server = await startServerProcess({
        entry: 'source',
        port: await freePort(),
        env: {
          DATABASE_URL: databaseUrl(),
          MEDIA_DIR: mediaDir,
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'info',
          WEB_CONCURRENCY: String(webConcurrency),
        },
      });
      try {
        // Every worker serving: one still loading when the signal comes dies of it (the test
        // below), which is not what this test is about.
        await waitForOutput(server, webConcurrency === 1 ? 'mail worker started' : 'processes)');
        const profile = postInTwoParts(
          `${server.url}/api/profile`,
          JSON.stringify(
            validProfile({ s: member.token, email: member.email, city: `Shutdown Falls ${webConcurrency}` }),
          ),
        );
        // The server has the request's head and half its body: it is in flight once the server
        // says so. A fixed wait was not enough on a loaded machine: with two workers the primary
        // had not yet handed the connection over, and the closing worker dropped it unread.
        await waitForOutput(server, '"url":"/api/profile"');
        server.child.kill('SIGTERM');
        await waitForOutput(server, 'shutting down');
        // The line is logged just before the listener closes: on a busy machine a connection may
        // still slip in between, so the test waits (briefly) for the refusal instead of racing it.
        await expect.poll(() => canConnect(server.url), { timeout: 5_000, interval: 50 }).toBe(false);

        profile.finish();
        const answer = await profile.answer;
        expect(answer.status, answer.body).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({ status: true });
        expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
      } finally {
        server.child.kill('SIGKILL');
      }

      const saved = await db
        .selectFrom('members')
        .select('city')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(saved.city).toBe(`Shutdown Falls ${webConcurrency}`);
      // Nothing failed on the way out (pino level 50 is error, 60 fatal).
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    },
  );

  it(
    'with WEB_CONCURRENCY=2 while the workers are still loading, stops them and exits 0',
    { timeout: 180_000 },
    async () => {
      const server = await startServerProcess({
        entry: 'source',
        port: await freePort(),
        env: { DATABASE_URL: databaseUrl(), MEDIA_DIR: mediaDir, LOG_LEVEL: 'info', WEB_CONCURRENCY: '2' },
        untilHealthy: false,
      });
      try {
        // The signal goes in as soon as the primary has forked both workers: loading the app's
        // modules takes them seconds, and their handler is installed only once it is loaded.
        await expect
          .poll(() => childrenOf(server.child.pid!).length, { timeout: 30_000, interval: 10 })
          .toBe(2);
        server.child.kill('SIGTERM');
        expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
        expect(server.output()).not.toContain('did not stop cleanly');
      } finally {
        server.child.kill('SIGKILL');
      }
    },
  );
});
