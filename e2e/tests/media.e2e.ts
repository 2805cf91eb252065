import type { APIRequestContext, Page } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, test, type TApiToken } from '../fixtures/browser.ts';

/*
 * Media everyone can use (issue 26), against the demo content: the featured episode has a timed
 * transcript, the second drill-down is a self-hosted recording with English captions. The member
 * here is the demo staff account, so the demo member's plays in other journeys are untouched.
 */

const STAFF = { username: 'demo.staff', password: 'staff-pass-1' };
type TMediaRow = {
  m: string;
  kind: string;
  isVideo: boolean;
  captionLangs: string[];
  hasTranscript: boolean;
};

/** The listening speed each width chooses. */
const SPEED = { phone: 1.5, desktop: 1.75 };

/** The demo's transcribed episode and captioned drill-down, from the console's list. */
async function demoMedia(request: APIRequestContext, apiToken: TApiToken) {
  const token = await apiToken(request, STAFF.username, STAFF.password);
  const res = await request.get('/api/admin/media-text', { headers: { authorization: `Bearer ${token}` } });
  const rows = ((await res.json()) as { rows: TMediaRow[] }).rows;
  const episodeKey = rows.find((r) => r.kind === 'podcast' && r.hasTranscript)!.m;
  const videoKey = rows.find((r) => r.kind === 'drilldown' && r.isVideo && r.captionLangs.includes('en'))!.m;
  const episodeHash = episodeKey.split(':')[1]!;
  const episode = (
    (await (await request.get(`/api/podcast?p=${episodeHash}`)).json()) as {
      podcast: { hash: string; title: string; podcastShowHash: string };
    }
  ).podcast;
  // Every demo episode has a transcript of its own (issue 36): the line to tap is this one's third.
  const text = (await (await request.get(`/api/media-text?m=${episodeKey}`)).json()) as {
    transcript: { lines: { text: string }[] };
  };
  return {
    episode,
    thirdLine: text.transcript.lines[2]!.text,
    episodePath: `/podcast/${episode.podcastShowHash}/${episode.hash}`,
    drilldownPath: `/drilldown/${videoKey.split(':')[1]}`,
  };
}

const audioState = (p: Page) =>
  p.evaluate(() => {
    const audio = document.querySelector('audio')!;
    return {
      paused: audio.paused,
      time: audio.currentTime,
      rate: audio.playbackRate,
      src: audio.getAttribute('src'),
    };
  });

async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

async function playEpisode(page: Page, title: string) {
  await page
    .getByRole('button', { name: `Play ${title}` })
    .first()
    .click();
  await until(
    () => audioState(page),
    (a) => !a.paused && !!a.src,
    'the episode to play',
  );
}

test.describe('media', AT_BOTH_WIDTHS, () => {
  test('changes the listening speed, keeps it across pages, and resumes after a reload and on another device', async ({
    expectAccessible,
    apiToken,
    newContext,
    signInAs,
    display,
  }) => {
    const speed = SPEED[display.name];
    const context = await newContext();
    const page = await context.newPage();
    const { episode, episodePath } = await demoMedia(page.request, apiToken);
    await signInAs(page, STAFF.username, STAFF.password);
    await page.goto(episodePath);
    await playEpisode(page, episode.title);

    // Speed: the audio element's playbackRate, announced.
    await page.getByLabel('Listening speed').selectOption(String(speed));
    expect((await audioState(page)).rate).toBe(speed);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Listening speed ${speed}×` })
        .count(),
    ).resolves.toBe(1);
    // Across pages (the app's own navigation): the same player, the same speed.
    // The page's own back link (visible at every width).
    await page.locator('.back-link a').click();
    await page.waitForURL(/\/podcasts$/);
    const afterNavigation = await audioState(page);
    expect(afterNavigation.rate).toBe(speed);
    expect(afterNavigation.paused).toBe(false);

    // Stop at 12 s; the pause saves the position in one call.
    await page.evaluate(() => {
      document.querySelector('audio')!.currentTime = 12;
    });
    const saved = page.waitForResponse((r) => r.url().includes('/api/media-position') && r.status() === 200);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await saved;

    // After a reload: the speed (from the member's preferences) and the position come back.
    await page.goto(episodePath);
    // The episode shows how much was listened (once the saved positions arrive).
    await page
      .getByRole('progressbar', { name: /Listened \d+%/ })
      .first()
      .waitFor();
    await playEpisode(page, episode.title);
    const resumed = await until(
      () => audioState(page),
      (a) => a.time >= 11.5,
      'the resumed position',
    );
    expect(resumed.time).toBeLessThan(16);
    expect(resumed.rate).toBe(speed);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();

    // Another device: a new browser context signed in as the same member.
    const other = await newContext();
    const otherPage = await other.newPage();
    await signInAs(otherPage, STAFF.username, STAFF.password);
    await otherPage.goto(episodePath);
    await playEpisode(otherPage, episode.title);
    const elsewhere = await until(
      () => audioState(otherPage),
      (a) => a.time >= 11.5,
      'the position on another device',
    );
    expect(elsewhere.rate).toBe(speed);
    await expectAccessible(otherPage);
    await other.close();
    await context.close();
  });

  test('opens the transcript of an episode and plays from a tapped line', async ({
    expectAccessible,
    apiToken,
    newContext,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    const { episodePath, thirdLine } = await demoMedia(page.request, apiToken);
    await page.goto(episodePath);
    await page.getByText('Transcript', { exact: true }).click();
    const line = page.getByRole('button', { name: thirdLine });
    await line.click();
    const state = await until(
      () => audioState(page),
      (a) => !!a.src && a.time >= 10.9,
      'the seek to the line',
    );
    expect(state.time).toBeLessThan(15);
    await expectAccessible(page);
    await context.close();
  });

  test('shows a video’s captions (a cue in the track after seeking) and seeks from its transcript', async ({
    expectAccessible,
    apiToken,
    newContext,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    const { drilldownPath } = await demoMedia(page.request, apiToken);
    await page.goto(drilldownPath);
    const captions = page.getByRole('button', { name: 'Captions' });
    await captions.click();
    await expect(captions.getAttribute('aria-pressed')).resolves.toBe('true');
    const cue = () =>
      page.evaluate(() => {
        const video = document.querySelector('video')!;
        const track = video.textTracks[0];
        const active = track?.activeCues?.[0] as VTTCue | undefined;
        return { mode: track?.mode ?? '', text: active?.text ?? '' };
      });
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 7;
    });
    const shown = await until(cue, (c) => c.text.includes('check that every pouch'), 'the cue at 7 s');
    expect(shown.mode).toBe('showing');

    await page.getByText('Transcript', { exact: true }).click();
    await page.getByRole('button', { name: /Place the pouches/ }).click();
    const time = await until(
      () => page.evaluate(() => document.querySelector('video')!.currentTime),
      (t) => t >= 13.4,
      'the video seek',
    );
    expect(time).toBeLessThan(18);
    await expectAccessible(page);

    await page.goto('/accessibility');
    await page.getByRole('heading', { name: 'Accessibility', level: 1 }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
