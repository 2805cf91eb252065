import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, PHONE, test } from '../fixtures/browser.ts';
import { answerDemoExam } from '../fixtures/exam.ts';

/*
 * Podcasts, the sticky player, blog posts and drill-downs (02 §2), against the demo content:
 * two shows of WAV episodes (20–30 s), blog posts and drill-downs.
 */

type TEpisode = {
  hash: string;
  podcastShowHash: string;
  title: string;
  credits: number;
  durationSec: number;
  examTaken: boolean;
};

let context: BrowserContext;
let page: Page;

test.beforeEach(async ({ newContext }) => {
  await context?.close();
  context = await newContext(PHONE);
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
});

/** The page's one <audio> element, as the sticky player drives it. */
const audioState = (p: Page) =>
  p.evaluate(() => {
    const audio = document.querySelector('audio');
    return {
      paused: audio?.paused ?? true,
      time: audio?.currentTime ?? 0,
      src: audio?.getAttribute('src') ?? '',
    };
  });

async function episodes(request: APIRequestContext, token = ''): Promise<TEpisode[]> {
  const res = await request.get(`/api/podcasts?s=${token}`);
  return ((await res.json()) as { data: TEpisode[] }).data;
}

async function openMenuLink(p: Page, name: string) {
  await p.getByRole('button', { name: 'Menu' }).click();
  await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

test.describe('the sticky podcast player', () => {
  test('keeps playing across pages, skips 15 s both ways, toggles with Space and closes', async ({
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    // The longest episode: the scans on the way take a few seconds each.
    const [episode] = (await episodes(page.request)).sort((a, b) => b.durationSec - a.durationSec);
    await page.goto(`/podcast/${episode!.podcastShowHash}/${episode!.hash}`);
    await page.getByRole('heading', { level: 2, name: episode!.title }).waitFor();
    await expectAccessible(page);

    await page
      .getByRole('button', { name: `Play ${episode!.title}` })
      .first()
      .click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.waitFor();
    await expect.poll(async () => (await audioState(page)).time, { timeout: 10_000 }).toBeGreaterThan(0.3);
    expect((await audioState(page)).paused).toBe(false);

    // Three other pages, reached by the site's own links: the audio and the player stay. The
    // checks run before each page's accessibility scan (a few seconds): the episodes are short.
    let lastTime = (await audioState(page)).time;
    const visits: [() => Promise<void>, RegExp][] = [
      [() => page.getByRole('link', { name: '« Dental Podcast Episodes' }).click(), /\/podcasts$/],
      [() => openMenuLink(page, 'Blog'), /\/blog$/],
      [() => openMenuLink(page, 'Drill Downs'), /\/drilldowns$/],
    ];
    for (const [i, [go, url]] of visits.entries()) {
      await go();
      await page.waitForURL(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await player.waitFor();
      await expect
        .poll(async () => (await audioState(page)).time, { timeout: 5000 })
        .toBeGreaterThan(lastTime);
      expect((await audioState(page)).paused).toBe(false);
      lastTime = (await audioState(page)).time;
      // Paused before the last scan, so the episode cannot end before the skips below.
      if (i === visits.length - 1) await player.getByRole('button', { name: 'Pause' }).click();
      await expectAccessible(page);
    }

    // Paused, the skips are exact: back 15 s (not before 0), then forward 15 s.
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    const pausedAt = (await audioState(page)).time;
    await player.getByRole('button', { name: 'Rewind 15 seconds' }).click();
    const rewound = Math.max(0, pausedAt - 15);
    expect((await audioState(page)).time).toBeCloseTo(rewound, 0);
    await player.getByRole('button', { name: 'Forward 15 seconds' }).click();
    expect((await audioState(page)).time).toBeCloseTo(rewound + 15, 0);

    // Space on the focused position slider plays and pauses.
    await player.getByRole('slider', { name: 'Playback position' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);

    await player.getByRole('button', { name: 'Close player' }).click();
    await expect.poll(() => player.count()).toBe(0);
    expect(await audioState(page)).toMatchObject({ paused: true, src: '' });
  });
});

test.describe('podcast exam', () => {
  /** Answers every question right (the demo's question bank) and submits; the score the server gave. */
  async function passExam(p: Page): Promise<number> {
    await answerDemoExam(p, 'right');
    const graded = p.waitForResponse((r) => r.url().endsWith('/api/grade-exam'));
    await p.getByRole('button', { name: 'Submit Exam' }).click();
    const result = (await (await graded).json()) as { passed: boolean; examScore: number };
    expect(result.passed).toBe(true);
    return result.examScore;
  }

  test('unlocks the exam with a play, and the passed episode shows under CE Completed → Podcasts', async ({
    expectAccessible,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'demo.member', 'demo-pass-1');
    const token = (await page.evaluate(() => localStorage.getItem('id_token')))!;
    const episode = (await episodes(page.request, token)).find((e) => e.credits > 0 && !e.examTaken)!;
    const before = await page.request.get(`/api/exam?p=${episode.hash}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await before.json()).msg).toBe('Please listen to podcast before taking exam.');

    await page.goto(`/podcast/${episode.podcastShowHash}/${episode.hash}`);
    const logged = page.waitForResponse((r) => r.url().includes('/api/podcast-view') && r.ok());
    await page
      .getByRole('button', { name: `Play ${episode.title}` })
      .first()
      .click();
    await logged;

    // Take Exam → the evaluation → the exam (the learning flow's pages).
    await page.getByRole('link', { name: 'Take Exam' }).first().click();
    await page.waitForURL(`**/eval-podcast/${episode.hash}`);
    const ratings = page.locator('fieldset.rating');
    await ratings.first().waitFor();
    await expectAccessible(page);
    for (let i = 0; i < (await ratings.count()); i++) {
      await ratings.nth(i).getByLabel('Excellent').check();
    }
    await page.getByRole('button', { name: 'Submit Evaluation' }).click();
    await page.waitForURL(`**/exam-podcast/${episode.hash}`);
    const score = await passExam(page);
    await page.getByText("Congratulations! You've earned CE credit.").first().waitFor();
    await expectAccessible(page);

    // The pass banner opens the post-exam lobby; its featured episode starts on its own.
    await page.getByRole('link', { name: 'Drill Downs and Podcasts' }).click();
    await page.waitForURL(/\/lobby\?/);
    await page
      .getByRole('heading', { level: 1, name: "Congratulations! You've earned CE credit." })
      .waitFor();
    await page.getByText(`${score}%`).waitFor();
    await page.getByRole('heading', { name: 'More 5-Minute Drill Down Videos' }).waitFor();
    await page.getByRole('heading', { name: 'More Podcast Episodes' }).waitFor();
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(false);
    await expectAccessible(page);

    await page.goto(`/podcast/${episode.podcastShowHash}/${episode.hash}`);
    await page
      .getByText(/^Exam Completed on .+\.$/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Verification of Participation' }).first().waitFor();
    await expectAccessible(page);

    await page.goto('/completed?tab=podcasts');
    await page.getByRole('link', { name: episode.title }).waitFor();
    await expectAccessible(page);
  });
});

test.describe('blog posts and drill-downs', () => {
  test('opens a blog post from the blog list', async ({ expectAccessible }) => {
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'Dental Blog' }).waitFor();
    const first = page.locator('.list-row-title a').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.waitForURL(/\/dental-blog\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { name: 'Recent Dental Blog Posts' }).waitFor();
    expect(await page.locator('.blog-post-body').innerHTML()).not.toContain('[[ad]]');
    await expectAccessible(page);
    await page.getByRole('link', { name: '« Dental Blog' }).click();
    await page.waitForURL(/\/blog$/);
  });

  test('opens a drill-down from the drill-down list, and says so when its video cannot load', async ({
    expectAccessible,
  }) => {
    // YouTube unreachable: the player is asked every 300 ms, 40 times, then the page says so.
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.abort());
    await page.goto('/drilldowns');
    await page.getByRole('heading', { level: 1, name: '5-Minute Drill Down Videos' }).waitFor();
    const first = page.locator('.list-row-title a').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.waitForURL(/\/drilldown\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Drill Down', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Recent 5-Minute Drill Downs' }).waitFor();
    expect(await page.getByRole('link', { name: '« Drill Down Videos' }).getAttribute('href')).toBe(
      '/drilldowns',
    );
    await page.getByText('Timed out loading video.').waitFor({ timeout: 20_000 });
    await expectAccessible(page);
  });
});
