import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newContext,
  PHONE,
  signInAs,
} from '../fixtures/browser.ts';

/*
 * The CE tracker (issue 23) at 360 and 1280 px: the demo member adds a California dentist
 * licence (the period proposed from the state's rule), uploads a certificate from elsewhere,
 * sees the bars move, and follows a suggested free course to its classroom or reservation.
 */

const SHOTS = process.env.TRACKER_SHOTS_DIR ?? '/work/coord/shots/23';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The aria-valuenow of a bar inside a licence's card. */
async function barValue(page: Page, card: ReturnType<Page['locator']>, label: string): Promise<number> {
  const bar = card.getByRole('progressbar', { name: label, exact: true });
  await bar.waitFor();
  return Number(await bar.getAttribute('aria-valuenow'));
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('CE tracker on a %s', (name, viewport) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser, viewport);
    page = await context.newPage();
    await signInAs(page, 'demo.member', 'demo-pass-1');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('adds a licence, uploads a certificate, sees the bars move and follows a suggestion', async () => {
    const shot = (step: string) =>
      page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}-${step}.png`, fullPage: true });
    await page.goto('/tracker');
    await page.getByRole('heading', { name: 'CE Tracker', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add a license' }).first().click();
    const form = page.getByRole('form', { name: 'Add a license' });
    await form.getByLabel('State', { exact: true }).selectOption('CA');
    await form.getByLabel('License type').selectOption('dentist');
    const number = `CA-${name}-${Date.now()}`;
    await form.getByLabel('License number').fill(number);
    // The period comes from the state's cycle rule.
    await expect.poll(() => form.getByLabel('CE period ends').inputValue()).toMatch(/^\d{4}-12-31$/);
    await form.getByText('Confirm the requirements with your board', { exact: false }).waitFor();
    await shot('1-licence-form');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save license' }).click();

    const card = page.getByRole('article', { name: new RegExp(number) });
    await card.waitFor();
    const totalBefore = await barValue(page, card, 'Total hours');
    const icBefore = await barValue(page, card, 'Infection control');
    await card.getByText(/days until/).waitFor();
    await shot('2-standing');

    await page.getByRole('button', { name: 'Upload a certificate' }).click();
    const upload = page.getByRole('form', { name: 'Upload a certificate' });
    await upload
      .getByLabel(/Certificate file/)
      .setInputFiles({ name: 'cert.pdf', mimeType: 'application/pdf', buffer: PDF });
    await upload.getByLabel('Provider').fill('State Dental Association');
    await upload.getByLabel('Course title').fill(`Infection control update ${name}`);
    await upload.getByLabel('Date completed').fill(new Date().toISOString().slice(0, 10));
    await upload.getByLabel('Hours').fill('3');
    await upload.getByLabel('Format').selectOption('in_person');
    await upload.getByRole('checkbox', { name: 'Infection control', exact: true }).check();
    await shot('3-upload-form');
    await upload.getByRole('button', { name: 'Save certificate' }).click();
    await upload.waitFor({ state: 'detached' });
    await page.getByText(`Infection control update ${name}`).first().waitFor();

    await expect.poll(() => barValue(page, card, 'Total hours')).toBe(Math.min(totalBefore + 3, 50));
    await expect.poll(() => barValue(page, card, 'Infection control')).toBe(Math.min(icBefore + 3, 2));
    await shot('4-bars-moved');
    await expectAccessible(page);

    // The audit pack downloads as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download the audit pack (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ce-audit-CA-\d{4}-12-31\.pdf$/);
    const saved = await download.path();
    expect(readFileSync(saved!).subarray(0, 5).toString()).toBe('%PDF-');
    // And as a ZIP with the transcript and the uploaded certificate of the period.
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download the audit pack with every certificate (ZIP)' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^ce-audit-CA-\d{4}-12-31\.zip$/);
    const names = execFileSync('unzip', ['-Z1', (await zip.path())!])
      .toString()
      .split('\n');
    expect(names).toContain(zip.suggestedFilename().replace(/\.zip$/, '.pdf'));
    expect(
      names.some((n) => n.startsWith('uploaded/') && n.includes(`Infection control update ${name}`)),
    ).toBe(true);

    // One tap from the gap to a classroom or a reservation.
    const suggestion = card.locator('.tracker-gap a').first();
    await suggestion.waitFor();
    const href = await suggestion.getAttribute('href');
    expect(href).toMatch(/^\/(classroom|classroom-reserve|podcast)\//);
    await suggestion.click();
    await page.waitForURL((url) => url.pathname === href);
    await shot('5-suggestion-followed');
  });

  it('shows the deadline reminders setting on the profile, on by default', async () => {
    await page.goto('/account?tab=profile');
    const reminders = page.getByRole('checkbox', {
      name: 'Mail me 90, 30 and 7 days before a CE deadline with what is still missing',
    });
    await reminders.waitFor();
    expect(await reminders.isChecked()).toBe(true);
    await reminders.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}-6-profile-reminders.png` });
  });
});
