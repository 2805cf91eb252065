import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * Issue 44: nothing could be installed: no web app manifest (404) and no icon set. The manifest
 * names the brand the staff set, so the server makes it.
 */

let t: TTestApp;
let webDist: string;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'opence-web-'));
  copyFileSync(
    new URL('../../../../web/public/favicon.svg', import.meta.url),
    path.join(webDist, 'favicon.svg'),
  );
  t = await buildTestApp({ WEB_DIST: webDist });
  await t.app.deps.database.db
    .insertInto('settings')
    .values({ key: 'brand', value: 'Smile Academy Online', updated_at: nowIso() })
    .execute();
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('serves a manifest named by the brand, standalone, with the three shortcuts of 01 §2', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Smile Academy Online',
      short_name: 'Smile',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5394',
      background_color: '#f4f6f9',
    });
    expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
      ['Webinars', '/webinars'],
      ['CE in Progress', '/pending'],
      ['Podcasts', '/podcasts'],
    ]);
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('serves every icon the manifest and the page name as a PNG of its size', async () => {
    const manifest = (await get('/manifest.webmanifest')).json();
    const icons = [
      ...manifest.icons.map((i: { src: string; sizes: string }) => [i.src, Number(i.sizes.split('x')[0])]),
      ['/apple-touch-icon.png', 180],
    ] as [string, number][];
    for (const [src, size] of icons) {
      const res = await get(src);
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], src).toEqual(['png', size, size]);
    }
  });

  it('fills a maskable icon to its corners with the theme colour, as platforms crop it', async () => {
    for (const src of ['/icons/maskable-512.png', '/apple-touch-icon.png']) {
      const { data, info } = await sharp((await get(src)).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([data[0], data[1], data[2]], src).toEqual([0x0b, 0x53, 0x94]);
      expect(info.channels).toBe(3);
    }
    // The plain icon keeps the drawing's rounded corners: its corner is transparent.
    const { data } = await sharp((await get('/icons/icon-512.png')).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });
});
