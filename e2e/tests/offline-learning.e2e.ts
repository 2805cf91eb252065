import type { APIRequestContext, Page } from '@playwright/test';
import { Texts } from '@opence/shared';
import { EVALUATION_RATINGS } from '@opence/shared/schemas';
import { expect, onBothEngines, PHONE, test } from '../fixtures/browser.ts';
import { answerDemoExam } from '../fixtures/exam.ts';

/*
 * Issue 44's "Done when", on a 360 px phone, on both engines: the demo member downloads a podcast
 * episode and an on-demand class, goes into airplane mode (context.setOffline), listens to the
 * episode to its end from the download, answers its evaluation, watches the class from its
 * download; back online the listen and the evaluation are sent once each, the exam is passed, and
 * the episode's credit is there once. The service worker, the downloads and the queue are the
 * site's own; what the server kept is read through the API.
 */

type TEpisode = { hash: string; title: string; mp3: string; podcastShowHash: string; durationSec: number };
type TRecord = { classViewCount: number; evalTaken: boolean; examTaken: boolean };

const RATINGS = EVALUATION_RATINGS.map((rating) => rating.name);
const QUEUED = ['/api/podcast-view', '/api/save-eval'];

async function podcastRecord(request: APIRequestContext, token: string, hash: string) {
  const res = await request.get(`/api/podcast?p=${hash}&s=${token}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { podcast: { hasExam: boolean }; studentData: TRecord };
}

/** The shortest hosted episode with an exam the member has never played. */
async function freshHostedEpisode(request: APIRequestContext, token: string): Promise<TEpisode> {
  const episodes = ((await (await request.get(`/api/podcasts?s=${token}`)).json()) as { data: TEpisode[] })
    .data;
  const fresh: TEpisode[] = [];
  for (const episode of episodes.filter((e) => e.mp3?.startsWith('/media/'))) {
    const { podcast, studentData } = await podcastRecord(request, token, episode.hash);
    if (podcast.hasExam && studentData.classViewCount === 0 && !studentData.evalTaken) fresh.push(episode);
  }
  expect(fresh.length, 'a hosted demo episode the member never played').toBeGreaterThan(0);
  return fresh.sort((a, b) => a.durationSec - b.durationSec)[0]!;
}

/** An on-demand class whose recording the site hosts (the demo's class in progress). */
async function hostedClass(request: APIRequestContext): Promise<{ hash: string; title: string }> {
  for (let page = 0; page < 10; page++) {
    const rows = (
      (await (await request.get(`/api/ondemand?page=${page}`)).json()) as { data: { hash: string }[] }
    ).data;
    if (rows.length === 0) break;
    for (const row of rows) {
      const { classObj } = (await (await request.get(`/api/class?c=${row.hash}`)).json()) as {
        classObj: { hash: string; title: string; videoUrl: string | null; youtubeUrl: string | null };
      };
      if (classObj.videoUrl?.startsWith('/media/') && !classObj.youtubeUrl) return classObj;
    }
  }
  throw new Error('no on-demand class with a hosted recording in the demo');
}

async function untilWorkerControls(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
}

async function download(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Download for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download for offline' });
  await expect(dialog.getByText(/^Size: [\d.]+ (KB|MB)\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByText('Downloaded for offline')).toBeVisible({ timeout: 30_000 });
}

const mediaTime = (page: Page, tag: 'audio' | 'video') =>
  page.evaluate((t) => document.querySelector(t)?.currentTime ?? 0, tag);

test(
  'a member downloads an episode and a class, listens and answers the evaluation offline, and gets credit once back online',
  onBothEngines(),
  async ({ newContext, signInAs, apiToken }) => {
    test.setTimeout(180_000);
    const context = await newContext(PHONE, { serviceWorkers: 'allow' });
    const calls: string[] = [];
    context.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (QUEUED.includes(path)) calls.push(path);
    });
    const page = await context.newPage();
    try {
      await signInAs(page, 'demo.member', 'demo-pass-1');
      await page.evaluate(() => localStorage.setItem('cookie_accepted', new Date().toISOString()));
      const token = await apiToken(page.request, 'demo.member', 'demo-pass-1');
      const episode = await freshHostedEpisode(page.request, token);
      const lesson = await hostedClass(page.request);
      await page.goto('/home');
      await untilWorkerControls(page);

      // Online: both taken along.
      const episodePath = `/podcast/${episode.podcastShowHash}/${episode.hash}`;
      await page.goto(episodePath);
      await page.getByRole('heading', { level: 2, name: episode.title }).waitFor();
      await download(page);
      await page.goto(`/classroom/${lesson.hash}`);
      await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
      await page.getByRole('button', { name: 'View Class' }).click();
      await page.locator('video').waitFor();
      await download(page);

      // Airplane mode: the episode from its download, to its end.
      await context.setOffline(true);
      calls.length = 0;
      await page.goto(episodePath);
      await page.getByRole('heading', { level: 2, name: episode.title }).waitFor();
      await page
        .getByRole('button', { name: `Play ${episode.title}` })
        .first()
        .click();
      await expect.poll(() => mediaTime(page, 'audio'), { timeout: 15_000 }).toBeGreaterThan(0.3);
      await page.evaluate(() => {
        document.querySelector('audio')!.playbackRate = 4;
      });
      await expect
        .poll(() => page.evaluate(() => document.querySelector('audio')?.ended ?? false), { timeout: 30_000 })
        .toBe(true);
      await expect(page.getByText(Texts.LOGGING_API_FAILURE)).toBeHidden();

      // Its evaluation, answered offline: kept on the device.
      await page.getByRole('link', { name: Texts.TAKE_EXAM }).first().click();
      await expect(page.getByText(Texts.LISTEN_QUEUED_BEFORE_EVALUATION)).toBeVisible();
      for (const name of RATINGS)
        await page.locator(`input[type="radio"][name="${name}"][value="4"]`).check();
      await page.getByRole('button', { name: 'Submit Evaluation' }).click();
      await expect(page.getByText(Texts.SAVED_ON_DEVICE)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('evaluation-saved-offline-360.png') });

      // The class from its download, offline too.
      await page.goto(`/classroom/${lesson.hash}`);
      await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
      await page.getByRole('button', { name: 'View Class' }).click();
      await page.locator('video').waitFor();
      await page.evaluate(() => {
        const video = document.querySelector('video')!;
        video.muted = true;
        return video.play();
      });
      await expect.poll(() => mediaTime(page, 'video'), { timeout: 15_000 }).toBeGreaterThan(0.3);
      expect(calls).toEqual([]);
      // The server has nothing yet (the test's own requests do not go through the phone's network).
      expect((await podcastRecord(page.request, token, episode.hash)).studentData).toMatchObject({
        classViewCount: 0,
        evalTaken: false,
      });

      // Back online: the listen, then the evaluation, each once, sent by the page or by the
      // service worker's Background Sync, whichever the browser wakes first.
      await context.setOffline(false);
      await expect
        .poll(async () => (await podcastRecord(page.request, token, episode.hash)).studentData.evalTaken, {
          timeout: 30_000,
        })
        .toBe(true);
      await page.waitForTimeout(1500);
      expect((await podcastRecord(page.request, token, episode.hash)).studentData).toMatchObject({
        classViewCount: 1,
        evalTaken: true,
        examTaken: false,
      });
      expect(calls.filter((c) => c === '/api/save-eval').length).toBeLessThanOrEqual(1);

      // The exam online; the credit is there once.
      await page.goto(`/exam-podcast/${episode.hash}`);
      await answerDemoExam(page, 'right');
      const graded = page.waitForResponse((r) => r.url().endsWith('/api/grade-exam'));
      await page.getByRole('button', { name: 'Submit Exam' }).click();
      expect(((await (await graded).json()) as { passed: boolean }).passed).toBe(true);
      expect((await podcastRecord(page.request, token, episode.hash)).studentData.examTaken).toBe(true);
      await page.goto('/completed?tab=podcasts');
      await expect(page.getByRole('link', { name: episode.title })).toHaveCount(1);
    } finally {
      await context.close();
    }
  },
);
