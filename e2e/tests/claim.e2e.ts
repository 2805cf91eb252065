import path from 'node:path';
import type { Page } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, PHONE, test, untilAppTakesOver } from '../fixtures/browser.ts';

/*
 * The in-person claim, finished (issue 36, docs/decisions/1050, 1051), at 360 and 1280 px: the
 * poster's QR link shows a visitor the event, who registers (or signs in) and lands back on the
 * claim; the form is the evaluation's tiles and says what is missing; a second claim says it
 * was claimed; CE Completed files the credit under In-person with its own page. One <main>,
 * axe clean. CLAIM_SHOTS_DIR keeps screenshots of each screen.
 */

const DEMO_TITLE = 'Study Club: Periodontal Maintenance in Practice';

async function shot(page: Page, name: string, width: string) {
  const dir = process.env.CLAIM_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

/** The layout's one main landmark, and no other inside it (axe's landmark rules, issue 36). */
async function expectOneMain(page: Page) {
  expect(await page.locator('main').count()).toBe(1);
  expect(await page.locator('main main, main [role="main"]').count()).toBe(0);
}

const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The registration form, filled the way a new member would (01 §5). */
async function register(page: Page, username: string) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await expect.poll(() => field('Title').locator('option').count()).toBeGreaterThan(1);
  await field('Username').fill(username);
  await field('Password').fill('secret-pass-1');
  await field('Retype password').fill('secret-pass-1');
  await field('Title').selectOption('Dr.');
  await field('First name').fill('Casey');
  await field('Last name').fill('Claimer');
  await field('Position').selectOption('Dentist');
  await field('Gender').selectOption({ label: 'Other' });
  await field('Age range').selectOption('35-44');
  await field('Graduation year').selectOption('2012');
  await field('Office name').fill('Lakeside Dental');
  await field('Office size').selectOption({ index: 1 });
  await field('Address').fill('12 Elm Street');
  await field('City').fill('Albany');
  await field('State').selectOption('NY');
  await field('Zip code').fill('12207');
  await field('Email').fill(`${username}@example.com`);
  await field('Phone').fill('5185550199');
  await field('How did you hear about us?').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** A member registered through the API only (no session in the browser yet). */
async function apiMember(page: Page) {
  const username = uniqueName('cl');
  const res = await page.request.post('/api/register', {
    data: {
      username,
      password: 'secret-pass-1',
      password2: 'secret-pass-1',
      title: 'Dr.',
      firstname: 'Robin',
      lastname: 'Returner',
      jobTitle: 'Dentist',
      officeName: 'Lakeside Dental',
      address: '12 Elm Street',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      country: 'US',
      phone: '5185550199',
      isPhoneMobile: false,
      email: `${username}@example.test`,
      agdNumber: '',
      certYear: 2012,
      gender: 'F',
      ageRange: '35-44',
      officeSize: '1',
      sourceHeard: 'Other',
    },
  });
  const body = (await res.json()) as { status: boolean; msg?: string };
  expect(body.status, JSON.stringify(body)).toBe(true);
  return username;
}

test.describe('the in-person claim', AT_BOTH_WIDTHS, () => {
  test('takes a visitor from the QR link through registration back to the claim, once', async ({
    expectAccessible,
    newContext,
    display,
  }) => {
    test.setTimeout(120_000);
    const width = String(display.viewport.width);
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/claim/DEMO25');
    await untilAppTakesOver(page);
    await page.getByRole('heading', { name: DEMO_TITLE }).waitFor();
    await page.getByRole('heading', { name: 'Sign in or register to claim your CE.' }).waitFor();
    const card = page.locator('.event-card');
    for (const fact of ['Date', 'Place', 'Speaker', 'Credits']) {
      expect(await card.locator('dt', { hasText: fact }).count(), fact).toBe(1);
    }
    expect(await card.textContent()).toContain('Harbor Hotel, Ballroom B, Chicago');
    expect(await card.textContent()).toContain('Maria Alvarez');
    await expectOneMain(page);
    await expectAccessible(page);
    await shot(page, 'claim-visitor-qr', width);

    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/register' && url.searchParams.get('rurl') === '/claim/DEMO25',
    );
    await register(page, uniqueName('qr'));
    await page.getByText('Account created.').waitFor();
    // The registration's own redirect brings the new member back to the event.
    await page.waitForURL('**/claim/DEMO25', { timeout: 15_000 });
    const submit = page.getByRole('button', { name: 'Claim CE' });
    await submit.waitFor();
    await expectOneMain(page);
    await expectAccessible(page);
    await shot(page, 'claim-code-entered', width);

    // No silently greyed-out button: it says what is missing, and pressing it shows where.
    const reason = page.locator('.claim-blocker');
    expect(await reason.textContent()).toBe(
      'To claim your CE, confirm that you attended and answer the 10 evaluation questions left.',
    );
    expect(await submit.isEnabled()).toBe(true);
    expect(await submit.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
    await submit.click();
    await page.getByText('Correct errors and resubmit.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('claim-attended');
    expect(await page.getByText('Answer is required.').count()).toBe(10);
    await expectAccessible(page);

    await page.getByLabel('I attended this event in person.').check();
    const ratings = page.locator('fieldset.rating');
    expect(await ratings.count()).toBe(10);
    for (let i = 0; i < 9; i++) await ratings.nth(i).getByLabel('Excellent').check();
    expect(await reason.textContent()).toBe('To claim your CE, answer the last evaluation question.');
    await ratings.nth(9).getByLabel('Good').check();
    expect(await reason.count()).toBe(0);
    await submit.click();
    await page.getByRole('heading', { name: 'CE claimed' }).waitFor();
    await page.getByText('Your CE is claimed: the certificate is in CE Completed.').waitFor();
    await expectAccessible(page);
    await shot(page, 'claim-claimed', width);

    // The same code again: said to be claimed already, in the words the server uses.
    await page.goto('/claim/demo-25');
    await page.getByRole('heading', { name: 'Already claimed' }).waitFor();
    await page.getByText('You have already claimed this event.').waitFor();
    expect(await page.getByRole('button', { name: 'Claim CE' }).count()).toBe(0);
    await shot(page, 'claim-already', width);

    // CE Completed: under In-person, not Webinars; its title opens the event's own page.
    await page.getByRole('link', { name: 'Go to CE Completed' }).click();
    const tab = page.getByRole('tab', { name: 'In-person (1)' });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Webinars (0)' }).count()).toBe(1);
    const row = page.locator('li.list-row', { hasText: DEMO_TITLE });
    expect(await row.locator('.event-tile').count()).toBe(1);
    expect(await row.textContent()).not.toContain('Exam Completed');
    await expectAccessible(page);
    await row.getByRole('link', { name: DEMO_TITLE }).click();
    await page.waitForURL(/\/in-person\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: DEMO_TITLE }).waitFor();
    const facts = await page.locator('.event-facts').textContent();
    for (const text of [
      'Harbor Hotel, Ballroom B, Chicago',
      'Maria Alvarez',
      '2 CEU (Live, In Person)',
      'Claimed on',
    ]) {
      expect(facts).toContain(text);
    }
    expect(await page.getByText('No class selected.').count()).toBe(0);
    await expectOneMain(page);
    await expectAccessible(page);
    await shot(page, 'in-person-detail', width);
    const pdf = page.getByRole('link', { name: 'View PDF certificate' });
    const res = await page.request.get((await pdf.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    await page.getByRole('button', { name: 'Verification of Participation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'View PDF Certificate' }).waitFor();
    expect(await dialog.textContent()).toContain(DEMO_TITLE);
    await context.close();
  });

  test('keeps the way back through sign-in too', async ({ newContext }) => {
    test.setTimeout(60_000);
    const context = await newContext();
    const page = await context.newPage();
    const username = await apiMember(page);
    // Registering through the API set the session cookie in this browser (0842): a member who
    // registered elsewhere comes here signed out.
    await context.clearCookies();
    await page.goto('/claim/DEMO25');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('rurl') === '/claim/DEMO25',
    );
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/claim/DEMO25');
    await page.getByRole('button', { name: 'Claim CE' }).waitFor();
    await context.close();
  });

  test('shows /claim with its menu entry, a proper code field, and a wrong code beside it; axe clean', async ({
    expectAccessible,
    newContext,
    signInAs,
    display,
  }) => {
    test.setTimeout(60_000);
    const width = String(display.viewport.width);
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, await apiMember(page), 'secret-pass-1');
    await page.goto('/home');
    await untilAppTakesOver(page);
    await page.getByRole('button', { name: width === '360' ? 'Menu' : 'My CE' }).click();
    await page.locator('#site-nav').getByRole('link', { name: 'Claim in-person CE' }).click();
    await page.waitForURL((url) => url.pathname === '/claim');
    const input = page.getByLabel('Event code');
    await input.waitFor();
    const box = (await input.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expectOneMain(page);
    await expectAccessible(page);
    await shot(page, 'claim-empty', width);
    await input.fill('zz-zz-zz');
    await page.getByRole('button', { name: 'Find the event' }).click();
    await page.waitForURL('**/claim/ZZZZZZ');
    await page.getByText('No event has this code. Check the code and try again.').waitFor();
    expect(await page.getByLabel('Event code').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    await context.close();
  });
});

test.describe('an event that has not started', () => {
  test('shows its date and why it cannot be claimed yet, with no form to fill in', async ({
    expectAccessible,
    newContext,
    apiToken,
  }) => {
    test.setTimeout(60_000);
    const context = await newContext(PHONE);
    const page = await context.newPage();
    const token = await apiToken(page.request, 'demo.staff', 'staff-pass-1');
    const date = new Date(Date.now() + 3 * 86_400_000);
    const created = await page.request.post('/api/admin/in-person-events', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: 'Evening Course: Sleep Apnea Screening',
        date: date.toISOString(),
        durationMin: 90,
        place: 'Riverside Dental Society, Hall 1',
        credits: 1.5,
        claimOpensAt: date.toISOString(),
        claimClosesAt: new Date(date.getTime() + 14 * 86_400_000).toISOString(),
      },
    });
    expect(created.status()).toBe(200);
    const { code } = ((await created.json()) as { event: { code: string } }).event;
    const username = await apiMember(page);
    await page.goto('/login?rurl=%2Fclaim%2F' + code);
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`**/claim/${code}`);
    await page.getByRole('heading', { name: 'Not open for claims' }).waitFor();
    const preview = await page.request.get(`/api/claim-event-preview?code=${code}`);
    const { refusal: text } = (await preview.json()) as { refusal: string };
    await page.getByText(text, { exact: true }).waitFor();
    expect(await page.locator('.event-card time').getAttribute('datetime')).toBe(date.toISOString());
    expect(await page.getByRole('button', { name: 'Claim CE' }).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
