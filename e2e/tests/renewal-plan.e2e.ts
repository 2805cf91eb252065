import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, ViewportSize } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, shotPath, test } from '../fixtures/browser.ts';

/*
 * The renewal plan (issue 41) at 360 and 1280 px: from the demo member's California dentist
 * card to its plan (dated by week, each item saying what it counts toward, the shortfall in the
 * board's words), booked with the keyboard in one press, then its calendar file downloaded and
 * read: one event per planned session.
 */

const SHOTS = process.env.TRACKER_SHOTS_DIR;

test.describe('renewal plan', AT_BOTH_WIDTHS, () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let name: string;
  let viewport: ViewportSize;
  const shot = (step: string) =>
    page.screenshot({ path: shotPath(SHOTS, `${name}-${viewport.width}-plan-${step}.png`), fullPage: true });
  test.beforeAll(async ({ newContext, signInAs, display }) => {
    ({ name, viewport } = display);
    context = await newContext();
    page = await context.newPage();
    await signInAs(page, 'demo.member', 'demo-pass-1');
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('builds a plan from a licence, books it in one press, and gives one calendar file', async ({
    expectAccessible,
  }) => {
    await page.goto('/tracker');
    const ca = page.getByRole('article', { name: /CA · Dentist/ }).first();
    await ca.getByRole('link', { name: 'Plan my renewal' }).click();
    await page.getByRole('heading', { name: 'Renewal plan: CA · Dentist', level: 1 }).waitFor();
    const weeks = page.getByRole('heading', { level: 2, name: /^Week of / });
    await weeks.first().waitFor();
    const items = page.locator('.plan-item');
    const planned = await items.count();
    expect(planned).toBeGreaterThan(0);
    // Every item says what it counts toward; the demo's catalogue cannot meet every Californian rule, and says which.
    await expect(items.first()).toContainText('Counts toward:');
    const shortfalls = page.getByRole('region', { name: /No plan here meets every rule/ });
    await expect(shortfalls).toContainText('CPR / BLS needs an in-person course');
    await shot('1-plan');
    await page.screenshot({ path: shotPath(SHOTS, `${name}-${viewport.width}-plan-0-first-screen.png`) });
    await expectAccessible(page);

    // One press of the keyboard reserves every live seat; the result is said, and read, where the button was.
    const book = page.getByRole('button', { name: 'Book the plan' });
    await book.focus();
    await page.keyboard.press('Enter');
    const status = page.locator('#plan-book-status');
    await expect(status).toContainText(/Every live seat in the plan is yours\.|seats reserved/);
    await expect.poll(() => status.evaluate((el) => el === document.activeElement)).toBe(true);
    const live = page.locator('.plan-item', { hasText: 'Live webinar' });
    const liveCount = await live.count();
    expect(liveCount).toBeGreaterThan(0);
    await expect(page.locator('.plan-item', { hasText: 'Reserved' })).toHaveCount(liveCount);
    await shot('2-booked');
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the calendar file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^renewal-plan-\d{4}-\d{2}-\d{2}\.ics$/);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(await items.count());
    // Nothing on the page moved sideways at this width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
