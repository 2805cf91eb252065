import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, PHONE, test } from '../fixtures/browser.ts';

/*
 * Issue 44, part 1: the installable app, its service worker, offline states and downloads, at
 * 360 px. The network is cut by the test (context.setOffline). Service workers are blocked in the
 * other journeys (playwright.config.ts); these contexts allow them.
 */

type TEpisode = { hash: string; podcastShowHash: string; title: string; durationSec: number };

const SESSION_CACHE = /^opence-(member|downloads)-/;
const WORKER_FILE = fileURLToPath(new URL('../../apps/web/dist/sw.js', import.meta.url));

let context: BrowserContext;
let page: Page;

test.beforeEach(async ({ newContext }) => {
  context = await newContext(PHONE, { serviceWorkers: 'allow' });
  page = await context.newPage();
});
test.afterEach(async () => {
  await context?.close();
});

/** Waits until the service worker runs this page (it registers once the page has loaded). */
async function untilWorkerControls(p: Page): Promise<void> {
  await expect
    .poll(() => p.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
}

const cacheNames = (p: Page) => p.evaluate(() => caches.keys());

async function shortestHostedEpisode(request: APIRequestContext): Promise<TEpisode> {
  const res = await request.get('/api/podcasts');
  const episodes = ((await res.json()) as { data: (TEpisode & { mp3?: string })[] }).data;
  const [episode] = episodes.sort((a, b) => a.durationSec - b.durationSec);
  return episode!;
}

test('the app can be installed: Chromium finds no installability error, and the manifest has every field', async () => {
  await page.goto('/home');
  await untilWorkerControls(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito, where Chromium never offers an install: that one is the
  // test's browser, not the site; any other error is the site's.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
  expect(errors).toEqual([]);

  const { brand } = (await (await page.request.get('/api/site')).json()) as { brand: string };
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b5394');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: brand, display: 'standalone', start_url: '/home' });
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
    '/webinars',
    '/pending',
    '/podcasts',
  ]);
  expect((await page.request.get('/favicon.ico')).status()).toBe(200);
  expect((await page.request.get('/apple-touch-icon.png')).status()).toBe(200);
});

test('a page never opened says offline that it needs the internet, and links to the downloads', async () => {
  await page.goto('/home');
  await untilWorkerControls(page);
  await context.setOffline(true);
  await page.goto('/blog');
  await expect(page.getByText("You're offline. This page needs the internet.")).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "You're offline" }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your downloads' })).toHaveAttribute('href', '/downloads');
  await context.setOffline(false);
});

test('a downloaded episode plays to its end offline; logout removes the downloads', async ({ signInAs }) => {
  test.setTimeout(120_000);
  const episode = await shortestHostedEpisode(page.request);
  await signInAs(page, 'demo.member', 'demo-pass-1');
  await page.goto('/home');
  await untilWorkerControls(page);

  await page.goto(`/podcast/${episode.podcastShowHash}/${episode.hash}`);
  await page.getByRole('heading', { level: 2, name: episode.title }).waitFor();
  await page.getByRole('button', { name: 'Download for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download for offline' });
  // The size from the file's Content-Length and the space the browser allows, before anything is kept.
  await expect(dialog.getByText(/^Size: [\d.]+ (KB|MB)\.$/)).toBeVisible();
  await expect(dialog.getByText(/^Space free on this device: about/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloaded for offline')).toBeVisible({ timeout: 30_000 });
  expect((await cacheNames(page)).filter((n) => SESSION_CACHE.test(n)).length).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 2, name: episode.title }).waitFor();
  await page
    .getByRole('button', { name: `Play ${episode.title}` })
    .first()
    .click();
  await expect
    .poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(0.3);
  // Faster than life, to its end: the bytes come from the cache, ranges included.
  await page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    audio.playbackRate = 4;
  });
  await expect
    .poll(() => page.evaluate(() => document.querySelector('audio')?.ended ?? false), { timeout: 30_000 })
    .toBe(true);
  const played = await page.evaluate(() => document.querySelector('audio')!.currentTime);
  expect(played).toBeGreaterThan(episode.durationSec - 1);

  // The Downloads page lists it with its size, offline too.
  await page.goto('/downloads');
  const row = page.getByRole('listitem').filter({ hasText: episode.title });
  await expect(row).toContainText(/[\d.]+ (KB|MB)/);
  await expect(row.getByRole('button', { name: `Remove ${episode.title}` })).toBeVisible();

  await context.setOffline(false);
  await page.goto('/home');
  // The account menu reaches the Downloads page; Logout is beside it.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Downloads' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect((await cacheNames(page)).filter((n) => SESSION_CACHE.test(n))).toEqual([]);
});

/** The demo's on-demand class whose recording the site hosts (with captions), from the run's database. */
function hostedClass(databaseFile: string): { hash: string; title: string; videoUrl: string } {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select hash, title, video_url as videoUrl from classes
          where video_url like '/media/%' and youtube_url is null and type_id not in (20, 100)
          order by release_at desc limit 1`,
      )
      .get() as { hash: string; title: string; videoUrl: string };
  } finally {
    db.close();
  }
}

/** Whether the session's downloads cache holds an address. */
const isDownloaded = (p: Page, url: string) =>
  p.evaluate(async (address) => {
    const names = (await caches.keys()).filter((n) => n.startsWith('opence-downloads-'));
    for (const name of names) if (await (await caches.open(name)).match(address)) return true;
    return false;
  }, url);

test('a downloaded class opens offline: its recording plays with captions, its evaluation shows its questions; Remove deletes it', async ({
  signInAs,
  server,
}) => {
  test.setTimeout(120_000);
  const cls = hostedClass(server.databaseFile);
  await signInAs(page, 'demo.member', 'demo-pass-1');
  await page.goto('/home');
  await untilWorkerControls(page);

  await page.goto(`/classroom/${cls.hash}`);
  await page.getByRole('heading', { level: 1, name: cls.title }).waitFor();
  // The member has started the class (a view logged online), then takes it along.
  await page.getByRole('button', { name: 'View Class' }).click();
  await page.locator('video').waitFor();
  await page.getByRole('button', { name: 'Download for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download for offline' });
  await expect(dialog.getByText(/^Size: [\d.]+ (KB|MB)\.$/)).toBeVisible();
  await expect(dialog.getByText(/^Space free on this device: about/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloaded for offline')).toBeVisible({ timeout: 30_000 });
  expect(await isDownloaded(page, cls.videoUrl)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: cls.title }).waitFor();
  await page.getByRole('button', { name: 'View Class' }).click();
  await page.locator('video').waitFor();
  await page.evaluate(() => {
    const video = document.querySelector('video')!;
    video.muted = true;
    return video.play();
  });
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(0.3);
  // Its captions (the track's cues) and transcript came from the download too.
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.textTracks[0]?.cues?.length ?? 0), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await expect(page.locator('details.media-transcript summary')).toBeVisible();

  await page.goto(`/eval/${cls.hash}`);
  await page.getByRole('heading', { level: 1, name: 'Evaluation' }).waitFor();
  await expect(
    page.getByRole('group', { name: 'The course met its stated learning objectives.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Evaluation' })).toBeVisible();

  await page.goto('/downloads');
  const row = page.getByRole('listitem').filter({ hasText: cls.title });
  await expect(row).toContainText(/[\d.]+ (KB|MB)/);
  await row.getByRole('button', { name: `Remove ${cls.title}` }).click();
  await expect(row).toHaveCount(0);
  expect(await isDownloaded(page, cls.videoUrl)).toBe(false);
  await context.setOffline(false);
});

test('a downloaded drill-down plays offline, and its download can be removed', async ({
  signInAs,
  server,
}) => {
  test.setTimeout(120_000);
  const db = new Database(server.databaseFile, { readonly: true, fileMustExist: true });
  const drilldown = db
    .prepare(
      `select slug, title, video_url as videoUrl from drilldowns where video_url like '/media/%' limit 1`,
    )
    .get() as { slug: string; title: string; videoUrl: string };
  db.close();
  await signInAs(page, 'demo.member', 'demo-pass-1');
  await page.goto('/home');
  await untilWorkerControls(page);

  await page.goto(`/drilldown/${drilldown.slug}`);
  await page.getByRole('heading', { level: 1, name: drilldown.title }).waitFor();
  await page.getByRole('button', { name: 'Download for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download for offline' });
  await expect(dialog.getByText(/^Size: [\d.]+ (KB|MB)\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloaded for offline')).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: drilldown.title }).waitFor();
  await page.evaluate(() => {
    const video = document.querySelector('video')!;
    video.muted = true;
    return video.play();
  });
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(0.3);

  await page.goto('/downloads');
  const row = page.getByRole('listitem').filter({ hasText: drilldown.title });
  await expect(row).toContainText(/[\d.]+ (KB|MB)/);
  await row.getByRole('button', { name: `Remove ${drilldown.title}` }).click();
  await expect(row).toHaveCount(0);
  expect(await isDownloaded(page, drilldown.videoUrl)).toBe(false);
  await context.setOffline(false);
});

test('a new build is found and applied only when the member taps Reload, keeping what was typed until then', async () => {
  test.setTimeout(90_000);
  const original = readFileSync(WORKER_FILE);
  try {
    await page.goto('/login');
    await untilWorkerControls(page);
    const email = page.getByLabel(/email/i).first();
    await email.fill('typed.before@example.com');
    await page.evaluate(() => Object.assign(window, { __samePage: true }));

    // A new build: the worker's file changes on the server; the browser checks for it.
    appendFileSync(WORKER_FILE, `\n// a new build ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    const prompt = page.getByRole('status').filter({ hasText: 'A new version of OpenCE is ready' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // It waits for the member: the page is the same, the text still there.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    await expect(email).toHaveValue('typed.before@example.com');
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting))),
    ).toBe(true);

    // Reload: the waiting worker takes over, then the page reloads into it.
    await Promise.all([
      page.waitForEvent('load', { timeout: 30_000 }),
      prompt.getByRole('button', { name: 'Reload' }).click(),
    ]);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage ?? false)).toBe(false);
    await untilWorkerControls(page);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
    });
    expect(state).toEqual({ waiting: false, active: 'activated' });
    await expect(prompt).toHaveCount(0);
  } finally {
    writeFileSync(WORKER_FILE, original);
  }
});
