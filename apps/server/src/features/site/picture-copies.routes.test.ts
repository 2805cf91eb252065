import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pictureAt, pictureSrcSet } from '@opence/shared';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';

let t: TTestApp;

/** A picture of the given size, as a staff upload could be. */
const picture = (width: number, height: number, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

beforeAll(async () => {
  t = await buildTestApp();
  const { storage } = t.app.deps;
  await storage.put('uploads/2026/11/wide.png', await picture(1600, 900, 'png'), 'image/png');
  await storage.put('uploads/2026/11/small.jpg', await picture(200, 100, 'jpeg'), 'image/jpeg');
  await storage.put('uploads/old files/a, b.png', await picture(800, 450, 'png'), 'image/png');
  await storage.put('uploads/2026/11/featured.jpg', await picture(2400, 1350, 'jpeg'), 'image/jpeg');
  await storage.put('uploads/2026/11/broken.jpg', 'not a picture at all', 'image/jpeg');
  await storage.put('uploads/2026/11/notes.pdf', '%PDF-1.4', 'application/pdf');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('smaller copies of stored pictures (decision 0813)', () => {
  it('makes a copy at the width asked, as WebP, once, and leaves the stored file as it was', async () => {
    const url = pictureAt('/media/uploads/2026/11/wide.png', 320);
    expect(url).toBe('/media/_w/320/uploads/2026/11/wide.png');
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const size = await sharp(first.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 320, 180]);

    const kept = await t.app.deps.storage.get('_w/320/uploads/2026/11/wide.png.webp');
    expect(kept?.equals(first.rawPayload)).toBe(true);
    expect((await get(url)).rawPayload.equals(first.rawPayload)).toBe(true);

    const original = await get('/media/uploads/2026/11/wide.png');
    expect(original.statusCode).toBe(200);
    expect((await sharp(original.rawPayload).metadata()).width).toBe(1600);
  });

  it('serves every copy a srcset names, a stored name with spaces and commas included (0814)', async () => {
    const candidates = pictureSrcSet('/media/uploads/old files/a, b.png')!.split(', ');
    expect(candidates).toHaveLength(3);
    const widths = [];
    for (const candidate of candidates) {
      const res = await get(candidate.split(' ')[0]!);
      expect(res.statusCode, candidate).toBe(200);
      widths.push((await sharp(res.rawPayload).metadata()).width);
    }
    expect(widths).toEqual([320, 640, 800]);
  });

  it('makes a copy once when many visitors ask for it at the same moment', async () => {
    const put = vi.spyOn(t.app.deps.storage, 'put');
    try {
      const url = pictureAt('/media/uploads/2026/11/featured.jpg', 640);
      const answers = await Promise.all(Array.from({ length: 12 }, () => get(url)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
      expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
      expect(
        put.mock.calls.filter(([key]) => key === '_w/640/uploads/2026/11/featured.jpg.webp'),
      ).toHaveLength(1);
    } finally {
      put.mockRestore();
    }
  });

  it('never makes a picture wider than it is', async () => {
    const res = await get(pictureAt('/media/uploads/2026/11/small.jpg', 640));
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(200);
  });

  it('refuses other widths and files that are not pictures, with a clear message', async () => {
    for (const url of ['/media/_w/500/uploads/2026/11/wide.png', '/media/_w/0/uploads/2026/11/wide.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg, url).toContain('320, 640, 1280');
    }
    const pdf = await get('/media/_w/320/uploads/2026/11/notes.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().msg).toContain('not a picture');
  });

  it('answers 404 for a missing picture, a broken one and a path out of the media, storing nothing', async () => {
    for (const url of [
      '/media/_w/320/uploads/2026/11/missing.png',
      '/media/_w/320/uploads/2026/11/broken.jpg',
      '/media/_w/320/../../etc/passwd.png',
      '/media/_w/320/%2e%2e/%2e%2e/secret.png',
      // A copy of a copy, straight or through '..'.
      '/media/_w/320/_w/320/uploads/2026/11/wide.png.webp',
      '/media/_w/320/uploads/../_w/320/uploads/2026/11/wide.png.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect(await t.app.deps.storage.get('_w/320/uploads/2026/11/broken.jpg.webp')).toBeNull();
    expect(await t.app.deps.storage.get('_w/320/uploads/2026/11/missing.png.webp')).toBeNull();
    expect(await t.app.deps.storage.get('_w/320/_w/320/uploads/2026/11/wide.png.webp.webp')).toBeNull();
  });
});
