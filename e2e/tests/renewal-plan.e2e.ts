import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, ViewportSize } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, shotPath, test } from '../fixtures/browser.ts';

/*
 * The renewal plan (issue 41) at 360 and 1280 px, as its "Done when" reads: the demo member adds
 * a Florida dental hygienist licence beside the demo's California dentist one, and for each opens
 * the plan from the licence's card (dated by week, each item saying what it counts toward), books
 * it with one key press, and downloads its calendar file (one event per planned session). The
 * Texas licence, two days from its deadline, shows the shortfall named in the board's words.
 */

const SHOTS = process.env.TRACKER_SHOTS_DIR;

test.describe('renewal plan', AT_BOTH_WIDTHS, () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let name: string;
  let viewport: ViewportSize;
  let fl: string;
  const shot = (step: string, fullPage = true) =>
    page.screenshot({ path: shotPath(SHOTS, `${name}-${viewport.width}-plan-${step}.png`), fullPage });
  test.beforeAll(async ({ newContext, signInAs, display }) => {
    ({ name, viewport } = display);
    fl = `RDH-FL-${name}-${Date.now()}`;
    context = await newContext();
    page = await context.newPage();
    await signInAs(page, 'demo.member', 'demo-pass-1');
  });
  test.afterAll(async () => {
    await context?.close();
  });

  /** Opens a licence's plan from its card on /tracker. */
  async function openPlan(card: RegExp, heading: string) {
    await page.goto('/tracker');
    await page
      .getByRole('article', { name: card })
      .first()
      .getByRole('link', { name: 'Plan my renewal' })
      .click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page
      .getByRole('heading', { level: 2, name: /^Week of / })
      .first()
      .waitFor();
  }

  /** Books the plan with the keyboard, then downloads and reads its calendar file. */
  async function bookAndDownload(step: string) {
    const book = page.getByRole('button', { name: 'Book the plan' });
    await book.focus();
    await page.keyboard.press('Enter');
    const status = page.locator('#plan-book-status');
    await expect(status).toContainText(/Every live seat in the plan is yours\.|There is no live seat/);
    await expect.poll(() => status.evaluate((el) => el === document.activeElement)).toBe(true);
    const live = await page.locator('.plan-item', { hasText: 'Live webinar' }).count();
    await expect(page.locator('.plan-item', { hasText: 'Reserved' })).toHaveCount(live);
    await shot(step);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the calendar file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^renewal-plan-\d{4}-\d{2}-\d{2}\.ics$/);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(await page.locator('.plan-item').count());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test('a California dentist: a complete plan, booked in one press, one calendar file', async ({
    expectAccessible,
  }) => {
    await openPlan(/CA · Dentist/, 'Renewal plan: CA · Dentist');
    await page.getByText('This plan meets every requirement we track for this license.').waitFor();
    const bls = page.locator('.plan-item', { hasText: 'BLS for Healthcare Providers' });
    await expect(bls).toContainText('In person');
    await expect(bls).toContainText('Counts toward: CPR / BLS');
    await shot('0-first-screen', false);
    await shot('1-ca-plan');
    await expectAccessible(page);
    await bookAndDownload('2-ca-booked');
    await expectAccessible(page);
  });

  test('a Florida hygienist added by the member: a complete plan, booked', async ({ expectAccessible }) => {
    await page.goto('/tracker');
    await page.getByRole('button', { name: 'Add a license' }).first().click();
    const form = page.getByRole('form', { name: 'Add a license' });
    await form.getByLabel('State', { exact: true }).selectOption('FL');
    await form.getByLabel('License type').selectOption('dental_hygienist');
    await form.getByLabel('License number').fill(fl);
    await form.getByText(/Your CE period: .* – Feb 2\d, 2028/).waitFor();
    await form.getByRole('button', { name: 'Save license' }).click();
    await form.waitFor({ state: 'detached' });
    await openPlan(new RegExp(fl), 'Renewal plan: FL · Dental hygienist');
    await page.getByText('This plan meets every requirement we track for this license.').waitFor();
    await expect(page.locator('.plan-item', { hasText: 'Preventing Medical Errors' })).toContainText(
      'Counts toward: Prevention of medical errors',
    );
    await shot('3-fl-plan');
    await expectAccessible(page);
    await bookAndDownload('4-fl-booked');
  });

  test('a licence no plan here can complete: the rule named, the best partial plan shown', async ({
    expectAccessible,
  }) => {
    await openPlan(/TX · Dental hygienist/, 'Renewal plan: TX · Dental hygienist');
    const shortfalls = page.getByRole('region', { name: /No plan here meets every rule/ });
    await expect(shortfalls).toContainText('covers Human trafficking prevention.');
    await expect(shortfalls).toContainText('Jurisprudence assessment is not a course we offer');
    expect(await page.locator('.plan-item').count()).toBeGreaterThan(0);
    await shot('5-tx-partial');
    await expectAccessible(page);
  });
});
