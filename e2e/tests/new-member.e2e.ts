import Database from 'better-sqlite3';
import type { BrowserContext, Page } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, PHONE, storeSession, test, untilAppTakesOver } from '../fixtures/browser.ts';

/*
 * What a new member trips over (issue 22), at 360 and 1280 px against the demo content: no dead
 * end on a class without a recording, a menu that closes on every navigation, confirmations after
 * the actions that matter, seats left, feedback where the eye is, a compact cookie notice, real
 * checkboxes and a real 404.
 */

/** The demo class that ended and waits for its recording (seed: ARCHIVE_COURSE). */
const ARCHIVE_TITLE = 'Ergonomics for Clinicians: Protecting Your Back and Hands';

type TWebinar = { hash: string; title: string; release_at: string; waiting: number };

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

/** Upcoming live webinars, soonest first, with their seat counts; full ones or those with free seats. */
function webinars(databaseFile: string, kind: 'full' | 'open'): TWebinar[] {
  const seated = `(select count(*) from seats s where s.class_id = c.id and s.is_waiting = 0)`;
  return readDb<TWebinar>(
    databaseFile,
    `select c.hash, c.title, c.release_at,
            (select count(*) from seats s where s.class_id = c.id and s.is_waiting = 1) as waiting
       from classes c
      where c.type_id = 20 and c.is_published = 1 and c.release_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 hour')
        and ${kind === 'full' ? `c.capacity is not null and ${seated} >= c.capacity` : 'c.capacity is null'}
      order by c.release_at`,
  );
}

let unique = 0;
/** A fresh member registered through the API, signed in the way the login page does it. */
async function signInNewMember(page: Page, timeZone = 'America/Chicago'): Promise<{ token: string }> {
  const u = `${Date.now().toString(36)}${(unique++).toString(36)}`;
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
  const body = (await res.json()) as { status: boolean; token: string; errorMsg?: string };
  expect(body.status, `register: ${JSON.stringify(body)}`).toBe(true);
  await page.goto('/home');
  await storeSession(page, { token: body.token, name: 'Nina Newcomer', timeZone });
  return { token: body.token };
}

test.describe('a class without a recording (item 1)', AT_BOTH_WIDTHS, () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ newContext }) => {
    context = await newContext();
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  test('offers a class without a recording as Coming soon, with no exam area (item 1)', async ({
    expectAccessible,
  }) => {
    await signInNewMember(page);
    await page.goto('/ondemand');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: ARCHIVE_TITLE }) });
    await row.getByText('Coming soon', { exact: true }).waitFor();
    // Classes with a recording carry no such badge.
    const rows = page.locator('.list-rows > li');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const withBadge = await rows.filter({ hasText: 'Coming soon' }).count();
    expect(withBadge).toBeLessThan(await rows.count());

    await row.getByRole('link', { name: ARCHIVE_TITLE }).click();
    await page.getByRole('heading', { name: 'Video Upcoming' }).waitFor();
    await untilAppTakesOver(page);
    await page.locator('.lesson').getByText('Coming soon', { exact: true }).waitFor();
    await page.getByText('The exam opens once the recording is published.').waitFor();
    expect(await page.getByRole('link', { name: 'Take Exam' }).count()).toBe(0);
    expect(await page.locator('.exam-area').count()).toBe(0);
    await expectAccessible(page);
  });
});

test.describe('the phone menu (item 2)', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ newContext }) => {
    context = await newContext(PHONE);
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  const menuButton = () => page.locator('.menu-button');
  const nav = () => page.locator('#site-nav');
  const expectClosed = async () => {
    await expect.poll(() => menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(await nav().getByRole('link', { name: 'Support' }).isVisible()).toBe(false);
  };
  const openMenu = async () => {
    await menuButton().click();
    await expect.poll(() => menuButton().getAttribute('aria-expanded')).toBe('true');
  };

  test('closes after every navigation from it, and stays closed on the way back', async () => {
    await page.goto('/home');
    await untilAppTakesOver(page);
    // The cookie notice is left in place: the open menu lies over it.
    const targets: [string, RegExp, () => ReturnType<Page['locator']>][] = [
      ['Login', /\/login/, () => nav().getByRole('link', { name: 'Login' })],
      ['Home', /\/home/, () => nav().getByRole('link', { name: 'Home' })],
      ['Support', /\/support/, () => nav().getByRole('link', { name: 'Support' })],
      ['Privacy', /\/privacy/, () => nav().getByRole('link', { name: 'Privacy' })],
      ['Terms', /\/terms/, () => nav().getByRole('link', { name: 'Terms' })],
      ['On-Demand', /\/ondemand/, () => nav().getByRole('link', { name: 'On-Demand' })],
      ['logo', /\/home/, () => page.locator('.site-header .brand')],
    ];
    for (const [, url, link] of targets) {
      await openMenu();
      await link().click();
      await page.waitForURL(url);
      await expectClosed();
    }
    // Login from the menu on /home, then back to /home: the menu does not re-open by itself.
    await page.goto('/home');
    await untilAppTakesOver(page);
    await openMenu();
    await nav().getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/login/);
    await page.goBack();
    await page.waitForURL(/\/home/);
    await expectClosed();
  });

  test('closes on Escape and gives the focus back to its button', async () => {
    await page.goto('/webinars');
    await untilAppTakesOver(page);
    await openMenu();
    await page.keyboard.press('Escape');
    await expectClosed();
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('menu-button');
  });
});

test.describe('seat confirmations (item 3)', AT_BOTH_WIDTHS, () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ newContext }) => {
    context = await newContext();
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  test('confirms a reserved seat with its time in the member’s zone, then its release', async ({
    expectAccessible,
    server,
  }) => {
    await signInNewMember(page, 'America/Chicago');
    const webinar = webinars(server.databaseFile, 'open')[0]!;
    await page.goto(`/reserve/${webinar.hash}`);
    await untilAppTakesOver(page);
    await page.getByRole('button', { name: 'Reserve Seat' }).click();
    await page.waitForURL(`**/live/${webinar.hash}`);
    const confirmation = page.locator('.seat-confirmation');
    await confirmation.getByRole('heading', { name: 'Your seat is reserved' }).waitFor();
    const start = new Date(webinar.release_at);
    const hour = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: '2-digit',
    }).format(start);
    await expect.poll(() => confirmation.textContent()).toContain(hour);
    expect(await confirmation.textContent()).toMatch(/C[SD]T/);
    expect(await confirmation.getAttribute('role')).toBe('status');
    // The calendar actions right under it.
    await page.getByRole('link', { name: 'Add Event to Calendar' }).waitFor();
    await page.getByRole('link', { name: /Add to Google Calendar/ }).waitFor();
    await expectAccessible(page);

    // Release it from Reserved Seats: /webinars says so.
    await page.goto('/seats');
    await page.getByRole('link', { name: `Cancel: ${webinar.title}` }).click();
    await page.waitForURL('**/cancel-seat/*');
    await page.getByRole('button', { name: 'I Cannot Attend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Release My Seat' }).click();
    await page.waitForURL('**/webinars');
    const message = page.getByRole('status').filter({ hasText: 'Your seat is released.' });
    await message.waitFor();
    expect(await message.isVisible()).toBe(true);
    await expectAccessible(page);
  });

  test('tells a member joining the waitlist their number', async ({ expectAccessible, server }) => {
    await signInNewMember(page, 'America/Chicago');
    const full = webinars(server.databaseFile, 'full')[0];
    expect(full, 'the demo content has a full webinar').toBeDefined();
    await page.goto(`/reserve/${full!.hash}`);
    await untilAppTakesOver(page);
    await page.getByRole('button', { name: 'Reserve Seat' }).click();
    await page.waitForURL(`**/live/${full!.hash}`);
    await page.getByRole('heading', { name: 'On Waitlist' }).waitFor();
    await page.getByText(`You are number ${full!.waiting + 1} on the waitlist`).waitFor();
    expect(await page.locator('.seat-confirmation').count()).toBe(0);
    await expectAccessible(page);
  });
});

test.describe('seats left (item 4)', AT_BOTH_WIDTHS, () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ newContext }) => {
    context = await newContext();
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  test('says Full — join the waitlist on the list and the pre-live page of a full class', async ({
    expectAccessible,
    server,
  }) => {
    const full = webinars(server.databaseFile, 'full')[0]!;
    await page.goto('/webinars');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: full.title }) });
    await row.getByText('Full — join the waitlist').waitFor();
    await page.goto(`/reserve/${full.hash}`);
    await page.getByText('Full — join the waitlist').waitFor();
    await page.getByRole('button', { name: 'Reserve Seat' }).waitFor();
    // A class without a seat limit says nothing of seats.
    const open = webinars(server.databaseFile, 'open')[0]!;
    await page.goto(`/reserve/${open.hash}`);
    await page.getByRole('button', { name: 'Reserve Seat' }).waitFor();
    expect(await page.getByText(/seats? left|Full — join/).count()).toBe(0);
    await expectAccessible(page);
  });
});

test.describe('the sponsor’s question (item 6)', AT_BOTH_WIDTHS, () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ newContext }) => {
    context = await newContext();
    page = await context.newPage();
  });
  test.afterAll(() => context.close());

  test('comes after the booking confirmation, with Yes and No of equal weight', async ({ server }) => {
    const [asked] = readDb<{ hash: string }>(
      server.databaseFile,
      `select hash from classes where type_id = 20 and is_published = 1 and capacity is null
          and privacy_title is not null and release_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 hour')
        order by release_at limit 1`,
    );
    expect(asked, 'a demo webinar with a sponsor question').toBeDefined();
    await signInNewMember(page);
    await page.goto(`/live/${asked!.hash}`);
    await page.locator('.seat-confirmation').waitFor();
    const card = page.locator('.privacy-card');
    await card.waitFor();
    const yes = card.getByRole('button', { name: 'Yes', exact: true });
    const no = card.getByRole('button', { name: 'No', exact: true });
    expect(await yes.getAttribute('class')).toBe(await no.getAttribute('class'));
    // The confirmation is above the question.
    const confirmationY = (await page.locator('.seat-confirmation').boundingBox())!.y;
    expect((await card.boundingBox())!.y).toBeGreaterThan(confirmationY);
  });
});

test.describe('checkboxes (item 12)', AT_BOTH_WIDTHS, () => {
  test('draws the account forms’ checkboxes as 20 px boxes beside a full-width label', async ({
    newContext,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/register');
    const box = page.locator('.check input[type="checkbox"]').first();
    await box.waitFor();
    const size = (await box.boundingBox())!;
    expect(Math.round(size.width)).toBe(20);
    expect(Math.round(size.height)).toBe(20);
    const label = (await page.locator('.check label').first().boundingBox())!;
    const row = (await page.locator('.check').first().boundingBox())!;
    expect(label.width).toBeGreaterThan(row.width - 40);
    await context.close();
  });
});
