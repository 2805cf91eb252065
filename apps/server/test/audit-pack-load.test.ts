import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed/demo-content.ts';
import { nowIso } from '../src/lib/ids.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createMember, type TTestMember } from './factories.ts';
import { freePort, startServerProcess, type TServerProcess } from './server-process.ts';

/*
 * Issue 37 row 2: one member stored 30 × 10 MiB, and two 325 MB audit-pack ZIPs downloading at
 * once raised another member's calls from 0.07 s to 1.2 s (and a 503). Here two members try the
 * same uploads (the allowance keeps each at 100 MB); then, with the real server as its own
 * process, both download their pack as fast as loopback takes it while a third member calls the
 * API one call after another: their p99 must stay under 100 ms.
 */

const MIB = 1024 * 1024;
const ATTEMPTED_UPLOADS = 30;

let t: TTestApp;
let server: TServerProcess;
let packers: { member: TTestMember; licenceId: string; stored: number }[];
let bystander: TTestMember & { licenceId: string };

const auth = (m: TTestMember) => ({ authorization: `Bearer ${m.token}` });

async function licence(m: TTestMember): Promise<string> {
  const day = (offset: number) => nowIso(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracker/licences',
    headers: auth(m),
    payload: {
      state: 'CA',
      licenceType: 'dentist',
      licenceNumber: 'L-1',
      periodStart: day(-300),
      periodEnd: day(400),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().licence.id as string;
}

/**
 * What the outside tester did: 30 incompressible 10 MiB certificates in 21 s, through the API.
 * The storage limits keep what is stored (and so the pack) within the member's 100 MB.
 */
async function fillPack(m: TTestMember): Promise<number> {
  const bytes = randomBytes(10 * MIB);
  bytes.write('%PDF-1.4\n');
  let stored = 0;
  for (let i = 0; i < ATTEMPTED_UPLOADS; i++) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tracker/certificates',
      headers: auth(m),
      payload: {
        provider: 'Elsewhere',
        title: `Course ${i}`,
        completedOn: nowIso().slice(0, 10),
        hours: 1,
        delivery: 'self_study',
      },
    });
    bytes.writeUInt32BE(i, 16);
    const boundary = '----pack-load';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/tracker/certificate-file?id=${created.json().certificate.id}`,
      headers: { ...auth(m), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect([200, 413, 429], res.body).toContain(res.statusCode);
    if (res.statusCode === 200) stored += bytes.length;
  }
  return stored;
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(t.app.deps.database.db);
  packers = [];
  for (let i = 0; i < 2; i++) {
    const member = await createMember(t.app.deps.database.db);
    const licenceId = await licence(member);
    packers.push({ member, licenceId, stored: await fillPack(member) });
  }
  const third = await createMember(t.app.deps.database.db);
  bystander = Object.assign(third, { licenceId: await licence(third) });
  const { database, mediaDir } = t.config;
  server = await startServerProcess({
    entry: 'source',
    port: await freePort(),
    env: {
      DATABASE_URL: database.dialect === 'sqlite' ? `sqlite:${database.file}` : database.connectionString,
      MEDIA_DIR: mediaDir,
    },
  });
}, 180_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await t?.close();
});

/**
 * Reads a whole download as fast as it comes, in a process of its own (the test's own event loop
 * must time the bystander's calls, not read 90 MiB); its size in bytes.
 */
function download(url: string, m: TTestMember): Promise<number> {
  const code = `
    const res = await fetch(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } });
    if (res.status !== 200) throw new Error('status ' + res.status);
    let size = 0;
    for await (const chunk of res.body) size += chunk.length;
    console.log(size);`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', code, url, m.token], (error, stdout) =>
      error ? reject(error) : resolve(Number(stdout.trim())),
    );
  });
}

/** The bystander's calls, one after another, until `until` settles: each one's time in ms. */
async function bystanderCalls(until: Promise<unknown>): Promise<number[]> {
  let isDone = false;
  void until.finally(() => (isDone = true));
  const urls = [
    `/api/tracker/standing?id=${bystander.licenceId}`,
    '/api/tracker/certificates',
    '/api/member-home',
    '/api/profile',
  ];
  const times: number[] = [];
  for (let i = 0; !isDone; i++) {
    const started = performance.now();
    const res = await fetch(`${server.url}${urls[i % urls.length]}`, { headers: auth(bystander) });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    times.push(performance.now() - started);
  }
  return times;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

describe('audit packs under load', () => {
  it('30 uploads of 10 MiB store no more than the 100 MB allowance', () => {
    for (const packer of packers) {
      expect(packer.stored).toBeGreaterThanOrEqual(90 * MIB);
      expect(packer.stored).toBeLessThanOrEqual(100 * MIB);
    }
  });

  it('two large pack downloads do not push a third member’s p99 past 100 ms', async () => {
    // Warm: the first calls of a process compile its statements and code. Then the bystander
    // alone, before and after, is what this machine gives without packs.
    await bystanderCalls(new Promise((r) => setTimeout(r, 1000)));
    const quietBefore = await bystanderCalls(new Promise((r) => setTimeout(r, 2500)));
    const started = performance.now();
    const packs = Promise.all(
      packers.map((p) => download(`${server.url}/api/tracker/audit-pack-zip?id=${p.licenceId}`, p.member)),
    );
    const times = await bystanderCalls(packs);
    const sizes = await packs;
    const took = performance.now() - started;
    const quietAfter = await bystanderCalls(new Promise((r) => setTimeout(r, 2500)));
    for (const [i, size] of sizes.entries()) expect(size).toBeGreaterThan(packers[i]!.stored);
    const p99 = percentile(times, 99);
    const quietP99 = Math.max(percentile(quietBefore, 99), percentile(quietAfter, 99));
    // 100 ms on a machine of our own; a machine busy with other work already spends part of it
    // (a quiet one answers these calls at p99 under 20 ms): what it spends beyond that is added.
    const bar = 100 + Math.max(0, quietP99 - 20);
    console.log(
      `audit packs: 2 × ${(sizes[0]! / MIB).toFixed(0)} MiB in ${took.toFixed(0)} ms; bystander ${times.length} calls, p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (alone: p99 ${quietP99.toFixed(1)} ms; bar ${bar.toFixed(0)} ms)`,
    );
    expect(times.length).toBeGreaterThanOrEqual(20);
    expect(p99).toBeLessThan(bar);
  }, 120_000);
});
