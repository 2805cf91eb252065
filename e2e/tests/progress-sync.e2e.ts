import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { Texts } from '@opence/shared';
import { EVALUATION_RATINGS } from '@opence/shared/schemas';
import { expect, onBothEngines, PHONE, test } from '../fixtures/browser.ts';

/*
 * Progress that syncs (issue 44 part 2), on a 360 px phone as the demo member: the network is cut
 * by the test once the pages are loaded. An episode never played is played for the first time
 * offline and its evaluation answered offline: back online the play arrives, then the evaluation,
 * once each. An evaluation answered offline is sent once when the app is reopened online while the
 * `online` event fires at the same moment; the exam says it needs the internet and keeps the
 * member's place; a playback position paused offline arrives once. What the server kept is read
 * through the API (so the file runs on either engine); what the browser sent, from its responses.
 */

type TEpisode = { hash: string; title: string; mp3: string; podcastShowHash: string };
type TRecord = { classViewCount: number; evalTaken: boolean; examTaken: boolean };

let request: APIRequestContext;
let token: string;

/** What the server keeps of the demo member and an episode (02 §7: plays, evaluation, exam). */
async function answer(hash: string): Promise<{ podcast: { hasExam: boolean }; studentData: TRecord }> {
  const res = await request.get(`/api/podcast?p=${hash}&s=${token}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { podcast: { hasExam: boolean }; studentData: TRecord };
}
const record = async (hash: string) => (await answer(hash)).studentData;

/** Two published demo episodes with an exam that the demo member has never played. */
async function pickEpisodes(): Promise<[TEpisode, TEpisode]> {
  const res = await request.get(`/api/podcasts?s=${token}`);
  const fresh: TEpisode[] = [];
  for (const episode of ((await res.json()) as { data: TEpisode[] }).data) {
    const { podcast, studentData: kept } = await answer(episode.hash);
    if (podcast.hasExam && kept.classViewCount === 0 && !kept.evalTaken && !kept.examTaken)
      fresh.push(episode);
  }
  expect(fresh.length).toBeGreaterThanOrEqual(2);
  return [fresh[0]!, fresh[1]!];
}

const pathOf = (episode: TEpisode) => `/podcast/${episode.podcastShowHash}/${episode.hash}`;

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
/** Played through the API before the tests (the evaluation, exam and position tests). */
let episode: TEpisode;
/** Never played: its first play is offline. */
let fresh: TEpisode;
/** Every answered call to the queued paths the browser made, by path, in order. */
const calls: string[] = [];
const QUEUED_PATHS = ['/api/save-eval', '/api/media-position', '/api/podcast-view'];

test.beforeAll(async ({ newContext, signInAs, apiToken }) => {
  context = await newContext(PHONE);
  context.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (QUEUED_PATHS.includes(path)) calls.push(path);
  });
  page = await context.newPage();
  request = page.request;
  await signInAs(page, 'demo.member', 'demo-pass-1');
  await page.evaluate(() => localStorage.setItem('cookie_accepted', new Date().toISOString()));
  token = await apiToken(request, 'demo.member', 'demo-pass-1');
  [fresh, episode] = await pickEpisodes();
  // A listen, as the player logs one, opens the evaluation (02 §4).
  expect((await request.get(`/api/podcast-view?p=${episode.hash}&s=${token}&log=1`)).ok()).toBe(true);
});
test.afterAll(async () => {
  await context?.close();
});

const RATING_VALUE = { Excellent: 4, Good: 3 } as const;
const ratingRadio = (name: string, label: keyof typeof RATING_VALUE) =>
  page.locator(`input[type="radio"][name="${name}"][value="${RATING_VALUE[label]}"]`);
async function rate(name: string, label: keyof typeof RATING_VALUE) {
  await ratingRadio(name, label).check();
}

const RATINGS = EVALUATION_RATINGS.map((rating) => rating.name);

test(
  'an episode first played offline and its evaluation answered offline arrive once, the play first',
  onBothEngines(),
  async () => {
    // The evaluation screen's script is loaded online once (offline the service worker would give
    // it: another part of issue 44), by the app's own navigation, and the app goes back to the episode.
    await page.goto(pathOf(fresh));
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/eval-podcast/${episode.hash}`);
    await page.getByRole('button', { name: 'Submit Evaluation' }).waitFor();
    await page.goBack();
    const play = page.getByRole('button', { name: `Play ${fresh.title}` }).first();
    await play.waitFor();
    // The episode's audio as a download on the device gives it (the service worker's part, not this
    // file's): the browser reads it without the network; only the play log needs the server.
    const audio = await request.get(fresh.mp3);
    expect(audio.ok()).toBe(true);
    const audioBody = await audio.body();
    await page.route(`**${new URL(fresh.mp3, 'http://x').pathname}`, (route) =>
      route.fulfill({ body: audioBody, contentType: audio.headers()['content-type'] ?? 'audio/wav' }),
    );
    await context.setOffline(true);
    calls.length = 0;
    await play.click();
    await expect.poll(() => page.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByText(Texts.LOGGING_API_FAILURE)).toBeHidden();

    await page.getByRole('link', { name: Texts.TAKE_EXAM }).first().click();
    await expect(page.getByText(Texts.LISTEN_QUEUED_BEFORE_EVALUATION)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('evaluation-on-queued-listen.png') });
    for (const name of RATINGS) await rate(name, 'Good');
    await page.getByRole('button', { name: 'Submit Evaluation' }).click();
    await expect(page.getByText(Texts.SAVED_ON_DEVICE)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('evaluation-after-queued-listen.png') });
    expect(calls).toEqual([]);
    expect(await record(fresh.hash)).toMatchObject({ classViewCount: 0, evalTaken: false });

    await context.setOffline(false);
    await expect(page.getByText(Texts.SENT_FROM_DEVICE)).toBeVisible();
    await page.waitForTimeout(1000);
    expect(calls.filter((c) => c !== '/api/media-position')).toEqual(['/api/podcast-view', '/api/save-eval']);
    expect(await record(fresh.hash)).toMatchObject({ classViewCount: 1, evalTaken: true, examTaken: false });
    await page.goto(`/exam-podcast/${fresh.hash}`);
    await expect(page.locator('fieldset.exam-question').first()).toBeVisible();
    await page.unroute(`**${new URL(fresh.mp3, 'http://x').pathname}`);
  },
);

test(
  'the evaluation keeps what was typed across a reload, and answered offline is saved on the device',
  onBothEngines(),
  async () => {
    await page.goto(`/eval-podcast/${episode.hash}`);
    await page.getByRole('heading', { name: 'Evaluation' }).waitFor();
    await rate('courseObjectives', 'Excellent');
    await page.getByLabel(/^Comments/).fill('Heard on the ferry, no signal');
    await page.reload();
    await expect(ratingRadio('courseObjectives', 'Excellent')).toBeChecked();
    await expect(page.getByLabel(/^Comments/)).toHaveValue('Heard on the ferry, no signal');

    await context.setOffline(true);
    for (const name of RATINGS.slice(1)) await rate(name, 'Good');
    await page.getByRole('button', { name: 'Submit Evaluation' }).click();
    await expect(page.getByText(Texts.SAVED_ON_DEVICE)).toBeVisible();
    await expect(page.getByText(Texts.PODCAST_EXAM_NEEDS_INTERNET)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('evaluation-saved-offline.png') });
    expect((await record(episode.hash)).evalTaken).toBe(false);
  },
);

test(
  'reopened online while the online event fires, the evaluation is sent once',
  onBothEngines(),
  async () => {
    await page.close();
    await context.setOffline(false);
    calls.length = 0;
    page = await context.newPage();
    // The `online` event in the same moment as the app's start, and again while it sends.
    await page.addInitScript(() => {
      for (const ms of [0, 20, 50, 100, 200, 400, 800])
        setTimeout(() => window.dispatchEvent(new Event('online')), ms);
    });
    await page.goto('/podcasts');
    await expect(page.getByText(Texts.SENT_FROM_DEVICE)).toBeVisible();
    await page.waitForTimeout(1500);
    expect((await record(episode.hash)).evalTaken).toBe(true);
    expect(calls.filter((c) => c === '/api/save-eval')).toHaveLength(1);
    await page.screenshot({ path: test.info().outputPath('sent-notice.png') });
  },
);

test(
  'the exam offline says it needs the internet, keeps the answers chosen and submits only online',
  onBothEngines(),
  async () => {
    await page.goto(`/exam-podcast/${episode.hash}`);
    const questions = page.locator('fieldset.exam-question');
    await questions.first().waitFor();
    await context.setOffline(true);
    await expect(page.getByText(Texts.EXAM_NEEDS_INTERNET)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Exam' })).toBeDisabled();
    await questions.nth(0).getByRole('radio').nth(1).check();
    await questions.nth(1).getByRole('radio').nth(0).check();
    await page.screenshot({ path: test.info().outputPath('exam-offline.png') });
    await context.setOffline(false);
    await expect(page.getByText(Texts.EXAM_NEEDS_INTERNET)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Submit Exam' })).toBeEnabled();
    await expect(questions.nth(0).getByRole('radio').nth(1)).toBeChecked();
    await expect(questions.nth(1).getByRole('radio').nth(0)).toBeChecked();
    // The demo's exams are pools: a reload is a new attempt with other questions (decision 1044),
    // so the answers kept for the questions before are not put on the new ones.
    await page.reload();
    await questions.first().waitFor();
    await expect(page.getByText(Texts.EXAM_ANSWERS_RESTORED)).toBeHidden();
    await expect(page.locator('fieldset.exam-question input:checked')).toHaveCount(0);
  },
);

test(
  'a playback position paused offline arrives once when the network returns',
  onBothEngines(),
  async () => {
    await page.goto(pathOf(episode));
    await page
      .getByRole('button', { name: `Play ${episode.title}` })
      .first()
      .click();
    await expect.poll(() => page.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true);
    await page.evaluate(() => {
      document.querySelector('audio')!.currentTime = 12;
    });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('audio')!.currentTime))
      .toBeGreaterThanOrEqual(12);
    // A position the seek saved online may still be on its way: its answer is not the offline one's.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    calls.length = 0;
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.waitForTimeout(500);
    expect(calls).toHaveLength(0);

    const arrived = page.waitForResponse(
      (r) => r.url().endsWith('/api/media-position') && r.status() === 200,
    );
    await context.setOffline(false);
    await arrived;
    await page.waitForTimeout(1000);
    expect(calls).toEqual(['/api/media-position']);
    const kept = await request.get(`/api/media-positions?m=podcast:${episode.hash}&s=${token}`);
    const [position] = ((await kept.json()) as { positions: { positionSec: number }[] }).positions;
    expect(position!.positionSec).toBeGreaterThanOrEqual(11.5);
    expect(position!.positionSec).toBeLessThan(20);
  },
);
