import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ClassType } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createDrilldown, createPodcast } from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * Issue 37 row 12: robots.txt put `Allow: /` before `Disallow: /admin` (a first-match parser
 * allowed /admin), and there was no sitemap.xml, no security.txt, and /favicon.ico was a 404.
 */

let t: TTestApp;
let webDist: string;
const db = () => t.app.deps.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  // The icon is drawn from the app's own favicon.svg, as the built app's folder holds it.
  webDist = mkdtempSync(path.join(tmpdir(), 'opence-web-'));
  copyFileSync(
    new URL('../../../../web/public/favicon.svg', import.meta.url),
    path.join(webDist, 'favicon.svg'),
  );
  t = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://ce.example.org' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** What a first-match robots.txt parser decides for a path (the kind the tester used). */
function firstMatchAllows(robots: string, pathname: string): boolean {
  for (const line of robots.split('\n')) {
    const [field, value = ''] = line.split(':').map((part) => part.trim());
    if (!value || !pathname.startsWith(value)) continue;
    if (field === 'Allow') return true;
    if (field === 'Disallow') return false;
  }
  return true;
}

describe('what the site publishes about itself', () => {
  it('robots.txt has no conflicting rules: first-match and longest-match parsers both keep out of /admin', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toMatch(/^Allow:/m);
    for (const p of ['/admin', '/admin/members', '/api/profile', '/account'])
      expect(firstMatchAllows(res.body, p), p).toBe(false);
    for (const p of ['/', '/ondemand', '/podcasts', '/blog'])
      expect(firstMatchAllows(res.body, p), p).toBe(true);
    expect(res.body).toContain('Sitemap: https://ce.example.org/sitemap.xml');
  });

  it('sitemap.xml lists every public page and every published class, episode and drill-down, and follows new content', async () => {
    const onDemand = await createClass(db(), { type_id: ClassType.PRODUCED });
    const webinar = await createClass(db(), {
      type_id: ClassType.LIVE,
      release_at: nowIso(new Date(Date.now() + 86_400_000)),
    });
    const hidden = await createClass(db(), { is_published: 0 });
    const episode = await createPodcast(db());
    const drilldown = await createDrilldown(db());
    const first = await get('/sitemap.xml');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...first.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/', '/webinars', '/ondemand', '/podcasts', '/blog', '/terms', '/privacy']) {
      expect(locs).toContain(`https://ce.example.org${page === '/' ? '/' : page}`);
    }
    expect(locs).toContain(`https://ce.example.org/on-demand-dental-ce-course/${onDemand.slug}`);
    expect(locs).toContain(`https://ce.example.org/reserve/${webinar.hash}`);
    expect(locs).toContain(`https://ce.example.org/podcast/${episode.showHash}/${episode.hash}`);
    expect(locs).toContain(`https://ce.example.org/drilldown/${drilldown.slug}`);
    expect(first.body).not.toContain(hidden.slug);
    expect(first.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    // A class published a moment later is in the next one.
    const later = await createClass(db(), { type_id: ClassType.PRODUCED });
    expect((await get('/sitemap.xml')).body).toContain(later.slug);
  });

  it('security.txt names the contact from the settings and an expiry under a year away', async () => {
    // An app of its own: the setting is saved before its settings are first read (kept 5 s).
    const fresh = await buildTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://ce.example.org' });
    try {
      await fresh.app.deps.database.db
        .insertInto('settings')
        .values({ key: 'securityContact', value: 'security@ce.example.org', updated_at: nowIso() })
        .execute();
      const res = await fresh.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/^Contact: mailto:security@ce\.example\.org$/m);
      expect(res.body).toContain('Canonical: https://ce.example.org/.well-known/security.txt');
      const expires = Date.parse(/^Expires: (.+)$/m.exec(res.body)![1]!);
      expect(expires).toBeGreaterThan(Date.now() + 30 * 86_400_000);
      expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
    } finally {
      await fresh.close();
    }
  });

  it('/favicon.ico is an icon of 16, 32 and 48 pixels', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const bytes = res.rawPayload;
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [];
    for (let i = 0; i < 3; i++) {
      const length = bytes.readUInt32LE(6 + 16 * i + 8);
      const offset = bytes.readUInt32LE(6 + 16 * i + 12);
      sizes.push((await sharp(bytes.subarray(offset, offset + length)).metadata()).width);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });
});

/*
 * Issue 44: nothing could be installed: no web app manifest (404) and no icon set. The manifest
 * names the brand the staff set, so the server makes it.
 */
describe('the installable app', () => {
  beforeAll(async () => {
    await db()
      .insertInto('settings')
      .values({ key: 'brand', value: 'Smile Academy Online', updated_at: nowIso() })
      .execute();
  });

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
