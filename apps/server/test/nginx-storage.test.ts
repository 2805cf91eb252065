import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed/demo-content.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createMember, createStaff, setCertificateProvider, type TTestMember } from './factories.ts';
import { hasNginx, NGINX, startNginx, type TNginx } from './nginx.ts';
import { startS3Server, type TTestS3Server } from './s3-server.ts';
import { freePort, startServerProcess, type TServerProcess } from './server-process.ts';

/*
 * Issue 39's target: two hosts behind nginx share every file. Two server processes, each with a
 * MEDIA_DIR of its own that stays empty, one database and one S3-compatible bucket (s3rver):
 * what one host stored the other serves, and when host A dies (kill -9) mid-download the
 * client's retry through nginx is answered by B, and no upload answered 200 is lost.
 * Skipped where nginx is not installed (CI installs it: .ci/run).
 */

if (!hasNginx) console.warn(`nginx-storage.test.ts skipped: ${NGINX} is not installed`);

const today = new Date().toISOString().slice(0, 10);
const yearsFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A PDF of `size` bytes: the header the type sniffer reads, then padding. */
const pdfOf = (size: number, mark: string) => {
  const head = Buffer.from(`%PDF-1.4\n% ${mark}\n`);
  return Buffer.concat([head, Buffer.alloc(size - head.length - 6, 0x20), Buffer.from('\n%%EOF')]);
};

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----nginx-storage-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.skipIf(!hasNginx)('two hosts behind nginx, one database, one bucket', () => {
  let t: TTestApp;
  let s3: TTestS3Server;
  let hosts: TServerProcess[] = [];
  let nginx: TNginx | null = null;
  let dir = '';
  let proxy = '';
  let member: TTestMember;
  let staff: TTestMember;

  const api = (base: string, who: TTestMember, method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${who.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const uploadFile = (base: string, who: TTestMember, url: string, filename: string, bytes: Buffer) => {
    const form = multipart(filename, bytes);
    return fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': form.type },
      body: form.body,
    });
  };

  const newCertificate = async (base: string, title: string): Promise<string> => {
    const res = await api(base, member, 'POST', '/api/tracker/certificates', {
      provider: 'State Dental Association',
      title,
      completedOn: today,
      hours: 2,
      delivery: 'in_person',
      topics: ['infection_control'],
      approval: 'AGD PACE',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { certificate: { id: string } }).certificate.id;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    // The test's own app makes the database and rows, on the same bucket; it serves nothing.
    t = await buildTestApp(s3.env);
    const db = t.app.deps.database.db;
    await seedReferenceData(db);
    await setCertificateProvider(db);
    member = await createMember(db);
    staff = await createStaff(db);
    const { database } = t.config;
    const databaseUrl = database.dialect === 'sqlite' ? `sqlite:${database.file}` : database.connectionString;
    dir = mkdtempSync(path.join(tmpdir(), 'opence-nginx-storage-'));
    const [a, b, front] = [await freePort(), await freePort(), await freePort()];
    hosts = await Promise.all(
      [a, b].map((port, i) =>
        startServerProcess({
          entry: 'source',
          port,
          env: {
            DATABASE_URL: databaseUrl,
            // Each host's own folder: if anything were kept there, the other host would miss it.
            MEDIA_DIR: path.join(dir, `host-${i}`, 'media'),
            TRUST_PROXY: 'loopback',
            DATABASE_POOL_SIZE: '4',
            ...s3.env,
          },
        }),
      ),
    );
    nginx = await startNginx(front!, [a!, b!], '12m');
    proxy = nginx.url;
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const host of hosts) if (host.child.exitCode === null) host.child.kill('SIGTERM');
    await Promise.all(hosts.map((h) => h.exited));
    await t?.close();
    await s3?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves through B the certificate uploaded through A, and builds B’s audit pack with it', async () => {
    const [hostA, hostB] = [hosts[0]!.url, hosts[1]!.url];
    const licence = await api(hostA, member, 'POST', '/api/tracker/licences', {
      state: 'CA',
      licenceType: 'dentist',
      licenceNumber: 'D-12345',
      periodStart: yearsFrom(-300),
      periodEnd: yearsFrom(400),
    });
    expect(licence.status, await licence.clone().text()).toBe(200);
    const licenceId = ((await licence.json()) as { licence: { id: string } }).licence.id;
    const id = await newCertificate(hostA, 'Infection Control Update');
    const pdf = pdfOf(4096, 'uploaded through A');
    const up = await uploadFile(hostA, member, `/api/tracker/certificate-file?id=${id}`, 'cert.pdf', pdf);
    expect(up.status, await up.clone().text()).toBe(200);

    const file = await api(hostB, member, 'GET', `/api/tracker/certificate-file?id=${id}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    const pack = await api(hostB, member, 'GET', `/api/tracker/audit-pack-zip?id=${licenceId}`);
    expect(pack.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await pack.arrayBuffer()));
    const uploaded = Object.entries(entries).find(([name]) => name.startsWith('uploaded/'));
    expect(uploaded?.[0]).toBe(`uploaded/${today} Infection Control Update.pdf`);
    expect(Buffer.from(uploaded![1]).equals(pdf)).toBe(true);
  });

  it('serves through B the class picture uploaded through A, and its 320-pixel copy', async () => {
    const [hostA, hostB] = [hosts[0]!.url, hosts[1]!.url];
    const photo = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 20, g: 120, b: 160 } },
    })
      .png()
      .toBuffer();
    const up = await uploadFile(hostA, staff, '/api/admin/uploads?kind=image', 'Class cover.png', photo);
    expect(up.status, await up.clone().text()).toBe(200);
    const { url } = (await up.json()) as { url: string };

    const full = await fetch(`${hostB}${url}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await full.arrayBuffer()).equals(photo)).toBe(true);
    const copy = await fetch(`${hostB}${url.replace('/media/', '/media/_w/320/')}`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/webp');
    const facts = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
    expect([facts.format, facts.width, facts.height]).toEqual(['webp', 320, 160]);
    // Made once, by B, and kept in the bucket: A now serves the same copy without making it.
    expect(await t.app.deps.storage.stat(`_w/320/${url.slice('/media/'.length)}.webp`)).not.toBeNull();
    expect((await fetch(`${hostA}${url.replace('/media/', '/media/_w/320/')}`)).status).toBe(200);
  });

  it('answers the retry on B when A is killed mid-download, and loses no upload answered 200', async () => {
    const big = randomBytes(32 * 1024 * 1024);
    await t.app.deps.storage.put('uploads/2026/11/long-lecture.mp4', big, 'video/mp4');
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => newCertificate(proxy, `Course ${i}`)));

    // Four downloads through nginx (round robin: two on each host), each read a little, then held.
    const downloads = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await fetch(`${proxy}/media/uploads/2026/11/long-lecture.mp4`);
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        const chunks: Buffer[] = [];
        const first = await reader.read();
        chunks.push(Buffer.from(first.value!));
        return { reader, chunks };
      }),
    );
    // Uploads in flight while A dies.
    const uploads = ids.map((id, i) => {
      const pdf = pdfOf(2 * 1024 * 1024, `upload ${i}`);
      return uploadFile(proxy, member, `/api/tracker/certificate-file?id=${id}`, `c${i}.pdf`, pdf).then(
        (res) => ({ id, pdf, status: res.status }),
        () => ({ id, pdf, status: 0 }),
      );
    });
    hosts[0]!.child.kill('SIGKILL');
    await hosts[0]!.exited;

    let cut = 0;
    for (const { reader, chunks } of downloads) {
      try {
        for (let part = await reader.read(); !part.done; part = await reader.read()) {
          chunks.push(Buffer.from(part.value));
        }
      } catch {
        // The connection from the dead host was cut: the client retries below.
      }
      let got = Buffer.concat(chunks);
      if (got.length < big.length) {
        cut++;
        // The client's retry asks for the rest; nginx finds A gone and asks B.
        const rest = await fetch(`${proxy}/media/uploads/2026/11/long-lecture.mp4`, {
          headers: { range: `bytes=${got.length}-` },
        });
        expect(rest.status).toBe(206);
        got = Buffer.concat([got, Buffer.from(await rest.arrayBuffer())]);
      }
      expect(got.equals(big)).toBe(true);
    }
    // Host A was really in the middle of sending.
    expect(cut).toBeGreaterThan(0);

    const answered = await Promise.all(uploads);
    const kept = answered.filter((u) => u.status === 200);
    expect(kept.length, JSON.stringify(answered.map((u) => u.status))).toBeGreaterThan(0);
    for (const { id, pdf } of kept) {
      const file = await api(proxy, member, 'GET', `/api/tracker/certificate-file?id=${id}`);
      expect(file.status, id).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf), id).toBe(true);
    }
    // Everything after the kill goes to B.
    const after = await Promise.all(Array.from({ length: 6 }, () => fetch(`${proxy}/api/health`)));
    expect(after.map((r) => r.status)).toEqual(Array(6).fill(200));
  }, 120_000);
});
