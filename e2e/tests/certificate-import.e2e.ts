import type { BrowserContext, Locator, Page, ViewportSize } from '@playwright/test';
import { photograph, printCertificate } from '../../apps/server/test/certificate-set.ts';
import { AT_BOTH_WIDTHS, expect, shotPath, test } from '../fixtures/browser.ts';

/*
 * Importing certificates from other providers on the CE Tracker (issue 41) at 360 and 1280 px:
 * the demo member drops a PDF and then a phone photo, finds the form filled from them (course,
 * provider, date, hours, PACE/CERP number, AGD topic), picks only the format (not printed on
 * them), saves, and sees the California licence's total grow; the photo's name is not theirs,
 * and the form says so without refusing it.
 */

const SHOTS = process.env.TRACKER_SHOTS_DIR;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function totalValue(card: Locator): Promise<number> {
  const bar = card.getByRole('progressbar', { name: 'Total hours', exact: true });
  await bar.waitFor();
  return Number(await bar.getAttribute('aria-valuenow'));
}

test.describe('certificate import', AT_BOTH_WIDTHS, () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let name: string;
  let viewport: ViewportSize;
  const shot = (step: string) =>
    page.screenshot({
      path: shotPath(SHOTS, `import-${name}-${viewport.width}-${step}.png`),
      fullPage: true,
    });
  test.beforeAll(async ({ newContext, signInAs, display }) => {
    ({ name, viewport } = display);
    context = await newContext();
    page = await context.newPage();
    await signInAs(page, 'demo.member', 'demo-pass-1');
  });
  test.afterAll(async () => {
    await context?.close();
  });

  /** Drops a file on the import, checks what the form was filled with, saves; the total grows. */
  async function importAndSave(
    file: { name: string; mimeType: string; buffer: Buffer },
    expected: { title: string; provider: string; day: string; hours: number; approval: string },
    step: string,
    expectAccessible: (page: Page) => Promise<void>,
  ) {
    await page.goto('/tracker');
    const ca = page.getByRole('article', { name: /CA · Dentist/ }).first();
    const before = await totalValue(ca);
    await page.getByRole('button', { name: 'Import a certificate' }).click();
    const drop = page.getByRole('region', { name: 'Import a certificate' });
    await drop.waitFor();
    if (step === 'pdf') await shot('1-drop-zone');
    await drop.getByLabel(/Drop a certificate here/).setInputFiles(file);
    const form = page.getByRole('form', { name: 'Check what we read' });
    await form.waitFor({ timeout: 30_000 });
    await expect(form.getByLabel('Course title')).toHaveValue(expected.title);
    await expect(form.getByLabel('Provider')).toHaveValue(expected.provider);
    await expect(form.getByLabel('Date completed')).toHaveValue(expected.day);
    await expect(form.getByLabel('Hours')).toHaveValue(String(expected.hours));
    await expect(form.getByLabel('Approval (AGD PACE, ADA CERP, state)')).toHaveValue(expected.approval);
    // The AGD subject code printed on it ticks its topic.
    await expect(form.getByRole('checkbox', { name: /^AGD 148/ })).toBeChecked();
    // The format is not printed on a certificate: the member picks it.
    await form.getByLabel('Format').selectOption('in_person');
    await shot(`2-review-${step}`);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save certificate' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Certificate saved.').waitFor();
    await expect.poll(() => totalValue(ca)).toBe(Math.min(before + expected.hours, 50));
    await page
      .getByRole('region', { name: 'Certificates from elsewhere' })
      .getByText(expected.title)
      .first()
      .waitFor();
  }

  test('drops a PDF: the form is filled from it, the QR code shown, saved, the gap shrinks', async ({
    expectAccessible,
  }) => {
    const title = `Infection Control in the Dental Office ${name}`;
    const day = daysAgo(30);
    const { pdf, truth } = await printCertificate('gulf-coast', {
      title,
      completedOn: day,
      hours: '2',
      agdCode: '148',
      number: '219001',
      participant: 'Dr. Dana Demo, DDS',
    });
    const reviewed = page.getByRole('form', { name: 'Check what we read' });
    const qr = reviewed.getByText(/verify\.gulfcoastdental\.example/);
    await importAndSave(
      { name: 'gulf-coast.pdf', mimeType: 'application/pdf', buffer: pdf },
      { title, provider: truth.provider, day, hours: 2, approval: truth.approval },
      'pdf',
      async (p) => {
        await qr.first().waitFor();
        await expectAccessible(p);
      },
    );
  });

  test('drops a phone photo: read by OCR, a name that is not the member’s flagged, still saved', async ({
    expectAccessible,
  }) => {
    const title = `Infection Control in the Dental Office photo ${name}`;
    const day = daysAgo(20);
    const { pdf, truth } = await printCertificate('atlantic-ce', {
      title,
      completedOn: day,
      hours: '3',
      agdCode: '148',
      number: '330412',
      participant: 'Priya Shah',
    });
    const photo = await photograph(pdf, 7);
    const reviewed = page.getByRole('form', { name: 'Check what we read' });
    await importAndSave(
      { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
      { title, provider: truth.provider, day, hours: 3, approval: truth.approval },
      'photo',
      async (p) => {
        await reviewed
          .getByText('The name on the certificate, “Priya Shah”, does not look like yours.')
          .waitFor();
        await expectAccessible(p);
      },
    );
  });
});
