import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import { startS3Server, type TTestS3Server } from '../../test/s3-server.ts';

/*
 * /media/ from either storage answers alike (decision 1121): the local folder through
 * @fastify/static as before, the bucket through the app, with the same cache, validators and
 * byte ranges; private files are never reachable there.
 */

const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

type TSubject = { name: string; s3: boolean };

describe.each<TSubject>([
  { name: 'local folder', s3: false },
  { name: 'S3-compatible bucket', s3: true },
])('stored media: $name', ({ s3: onS3 }) => {
  let t: TTestApp;
  let s3: TTestS3Server | null = null;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    s3 = onS3 ? await startS3Server() : null;
    t = await buildTestApp(s3?.env ?? {});
    await t.app.deps.storage.put('uploads/2026/11/talk.wav', AUDIO, 'audio/wav');
    await t.app.deps.privateFiles.put('tracker/m1/cert.pdf', '%PDF-1.4 private', 'application/pdf');
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('serves a stored file with a day of public cache, its type, length and validators', async () => {
    const res = await get('/media/uploads/2026/11/talk.wav');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-type']).toMatch(/^audio\/(wav|wave|x-wav)/);
    expect(Number(res.headers['content-length'])).toBe(AUDIO.length);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBeTruthy();
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    const again = await get('/media/uploads/2026/11/talk.wav', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers a byte range with 206, and a range past the end with 416', async () => {
    const part = await get('/media/uploads/2026/11/talk.wav', { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(part.rawPayload.equals(AUDIO.subarray(100, 200))).toBe(true);
    const tail = await get('/media/uploads/2026/11/talk.wav', { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(AUDIO.subarray(990))).toBe(true);
    const past = await get('/media/uploads/2026/11/talk.wav', { range: 'bytes=5000-6000' });
    expect(past.statusCode).toBe(416);
  });

  it('answers 404 for a missing file and for paths toward the private files', async () => {
    expect((await get('/media/uploads/nothing.wav')).statusCode).toBe(404);
    for (const url of [
      '/media/tracker/m1/cert.pdf',
      '/media/../media-private/tracker/m1/cert.pdf',
      '/media/%2e%2e/private/tracker/m1/cert.pdf',
      '/media/..%2fprivate%2ftracker%2fm1%2fcert.pdf',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('PDF-1.4 private');
    }
  });
});
