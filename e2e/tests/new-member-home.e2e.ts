import Database from 'better-sqlite3';
import type { BrowserContext, Page, ViewportSize } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, storeSession, test } from '../fixtures/browser.ts';

/*
 * What a new member trips over (issue 22), items 7, 8 and 9, at 360 and 1280 px against the demo
 * content: the signed-in home starts with the member (decision 1005), a save's message lies by its
 * button in view (1006), and the learning flow shows where the member is and what comes next (1007).
 */

/** Reads the worker's database (read-only): what the demo content holds right now. */
function readDb<T>(databaseFile: string, sql: string): T[] {
  const db = new Database(databaseFile, {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

type TRow = { hash: string; title: string };

/** An on-demand class with a recording and an exam (one a member can take through). */
const takeableClass = (databaseFile: string) =>
  readDb<TRow>(
    databaseFile,
    `select c.hash, c.title from classes c
      where c.type_id in (30, 40, 50) and c.is_published = 1 and c.is_tutorial = 0
        and (c.video_url is not null or c.youtube_url is not null)
        and exists (select 1 from exams e where e.class_id = c.id)
      order by c.release_at desc limit 1`,
  )[0]!;

/** A webinar later today or this week without a seat limit (so a seat, not a waitlist place). */
const openWebinar = (databaseFile: string) =>
  readDb<TRow>(
    databaseFile,
    `select c.hash, c.title from classes c
      where c.type_id = 20 and c.is_published = 1 and c.capacity is null
        and c.release_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 hour')
      order by c.release_at limit 1`,
  )[0]!;

let unique = 0;
/** A fresh member registered through the API, signed in the way the login page does it. */
async function signInNewMember(page: Page): Promise<string> {
  const u = `${Date.now().toString(36)}${(unique++).toString(36)}h`;
  const res = await page.request.post('/api/register', {
    data: {
      s: null,
      jobTitle: 'Dentist',
      title: 'Dr.',
      firstname: 'Nina',
      lastname: 'Newcomer',
      officeName: 'Newcomer Dental',
      address: '1 Main Street',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      country: 'US',
      phone: '5185550100',
      isPhoneMobile: 'checked',
      email: `nina.${u}@example.test`,
      agdNumber: '',
      certYear: 2010,
      gender: 'F',
      ageRange: '35-44',
      officeSize: '1',
      sourceHeard: 'Other',
      username: `nina${u}`,
      password: 'secret1',
      password2: 'secret1',
    },
  });
  const body = (await res.json()) as { status: boolean; token: string };
  expect(body.status, `register: ${JSON.stringify(body)}`).toBe(true);
  await page.goto('/terms');
  await storeSession(page, { token: body.token, name: 'Nina Newcomer', timeZone: 'America/Chicago' });
  return body.token;
}

/** The box of an element relative to the viewport, and the viewport's height. */
const boxInView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: window.innerHeight };
  });

test.describe('a new member (items 7, 8, 9)', AT_BOTH_WIDTHS, () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let cls: TRow;
  let webinar: TRow;
  let viewport: ViewportSize;
  let name: string;

  test.beforeAll(async ({ newContext, display, server }) => {
    ({ name, viewport } = display);
    context = await newContext();
    page = await context.newPage();
    token = await signInNewMember(page);
    cls = takeableClass(server.databaseFile);
    webinar = openWebinar(server.databaseFile);
    // A class in progress (viewed) and a reserved seat, as the member's own clicks would leave them.
    const viewed = await page.request.get(`/api/class-view?c=${cls.hash}&s=${token}`);
    expect(viewed.ok(), await viewed.text()).toBe(true);
    const seat = await page.request.get(`/api/reserve-seat?c=${webinar.hash}&s=${token}`);
    expect(seat.ok(), await seat.text()).toBe(true);
  });
  test.afterAll(() => context.close());

  test('starts home with the member: class to continue, next webinar, exams pending, credits, tracker (item 9)', async ({
    expectAccessible,
    newContext,
  }) => {
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Nina' }).waitFor();
    const card = (name: string) =>
      page.locator('.member-home-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await card('Continue your class').getByText(cls.title).waitFor();
    const cont = card('Continue your class').getByRole('link', { name: `Continue: ${cls.title}` });
    expect(await cont.getAttribute('href')).toBe(`/classroom/${cls.hash}`);
    await card('Your next webinar').getByText(webinar.title).waitFor();
    await card('Your next webinar')
      .getByText(/^Starts /)
      .waitFor();
    await card('Exams pending').getByText('1 class is waiting for its exam.').waitFor();
    await card('Credits this year')
      .getByText(/^No CE credits earned in \d{4} yet\.$/)
      .waitFor();
    expect(await card('Credits this year').locator('.member-home-figure').textContent()).toBe('0');
    const tracker = card('License renewal').getByRole('link', { name: 'Open the CE tracker' });
    expect(await tracker.getAttribute('href')).toBe('/tracker');
    // Then the catalogue as before, below the member's part.
    const member = await page.locator('.member-home').boundingBox();
    const hero = await page.getByRole('heading', { name: 'Find your next course' }).boundingBox();
    expect(hero!.y).toBeGreaterThan(member!.y + member!.height - 1);
    await page.getByRole('heading', { name: 'Free Live Dental CE Webinars' }).waitFor();
    await expectAccessible(page);

    // Loading holds the loaded cards' place: the catalogue does not move when they come.
    const heroTop = () =>
      page.locator('.hero').evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    const loadedTop = await heroTop();
    await page.route('**/api/member-home*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await page.locator('.member-home .skeleton').first().waitFor();
    expect(await heroTop()).toBe(loadedTop);
    await card('Continue your class').waitFor();
    expect(await heroTop()).toBe(loadedTop);
    await page.unroute('**/api/member-home*');

    // A visitor's home is the one it was: no member part.
    const visitor = await newContext(viewport);
    const visitorPage = await visitor.newPage();
    const asked: string[] = [];
    visitorPage.on('request', (request) => asked.push(request.url()));
    await visitorPage.goto('/home');
    await visitorPage.getByRole('heading', { level: 1, name: 'Free Online Dental CE' }).waitFor();
    await visitorPage.waitForLoadState('networkidle');
    expect(await visitorPage.locator('.member-home').count()).toBe(0);
    // Neither the member part's code nor its call is fetched for a visitor (decision 1005).
    expect(asked.filter((url) => /member-home/.test(url))).toEqual([]);
    await visitor.close();
  });

  test('shows where the member is in the learning flow and what comes next (item 7)', async ({
    expectAccessible,
  }) => {
    await page.goto(`/classroom/${cls.hash}`);
    const stepper = page.getByRole('group', { name: 'Your steps to the certificate' });
    await stepper.waitFor({ state: 'attached' });
    expect(await stepper.locator('[aria-current="step"]').textContent()).toContain('View');
    await page.getByText('Next: confirm you viewed the class, then the evaluation.').waitFor();

    await page.goto(`/affidavit/${cls.hash}`);
    await page.getByRole('button', { name: 'Proceed to Exam' }).waitFor();
    const current = stepper.locator('[aria-current="step"]');
    expect(await current.textContent()).toContain('Attest');
    expect(await stepper.locator('.is-done').allTextContents()).toEqual(['✓View (done)']);
    await page.getByText(/^Next: the evaluation/).waitFor();
    if (name === 'phone') {
      // One line and a bar on a phone; the row is there for screen readers only.
      expect(await page.locator('.stepper-compact-text').textContent()).toBe('Step 2 of 7 · Attest');
      expect(await page.locator('.stepper-compact').isVisible()).toBe(true);
      expect((await page.locator('.stepper-steps').boundingBox())!.width).toBeLessThanOrEqual(1);
    } else {
      expect(await page.locator('.stepper-compact').isVisible()).toBe(false);
      const marks = page.locator('.stepper-step');
      expect(await marks.count()).toBe(7);
      const first = (await marks.first().boundingBox())!;
      const last = (await marks.last().boundingBox())!;
      expect(Math.abs(first.y - last.y)).toBeLessThan(2);
    }

    await page.getByRole('button', { name: 'Proceed to Exam' }).click();
    await page.waitForURL(`**/eval/${cls.hash}`);
    await page.getByRole('button', { name: 'Submit Evaluation' }).waitFor();
    expect(await current.textContent()).toContain('Evaluate');
    expect(await stepper.locator('.is-done').count()).toBe(2);
    await page.getByText(/^Next: the sponsor’s message and survey where the class has them/).waitFor();
    await expectAccessible(page);
  });

  test('puts the profile’s message beside Save, in view on the screen (item 8)', async () => {
    await page.goto('/account?tab=profile');
    const save = page.getByRole('button', { name: 'Save profile' });
    await save.waitFor();
    await page.getByLabel('City').fill('Troy');
    await save.click();
    const message = page.locator('.save-status').getByText('Profile updated.');
    await message.waitFor();
    const box = await boxInView(page, '.save-status');
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    const button = (await save.boundingBox())!;
    const status = (await page.locator('.save-status').boundingBox())!;
    // Beside the button: on its row, or right under it.
    expect(status.y - (button.y + button.height)).toBeLessThan(60);
    expect(await page.locator('.save-status').getAttribute('aria-live')).toBe('polite');

    // The two-factor card: a wrong code under Turn on (below the QR code) is told right there.
    await page.goto('/account?tab=password');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByLabel('Current password').fill('secret1');
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await card.getByLabel('Code from the app').fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.locator('.save-status').getByText('That code is not right', { exact: false }).waitFor();
    const wrong = await boxInView(page, '.two-factor > .save-status');
    expect(wrong.top).toBeGreaterThanOrEqual(0);
    expect(wrong.bottom).toBeLessThanOrEqual(wrong.height);
  });
});
