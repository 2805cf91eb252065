import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, ViewportSize } from '@playwright/test';
import { AT_BOTH_WIDTHS, expect, shotPath, test } from '../fixtures/browser.ts';

/*
 * Open Badges credentials (issue 40) at 360 and 1280 px: the demo member downloads a certificate's
 * credential from CE Completed (beside the PDF, with LinkedIn's add-certification link), then the
 * verify page is given the file by dropping it: valid; a copy with its credits changed: tampered;
 * the same copy chosen with the file control, by keyboard: tampered again. CREDENTIAL_SHOTS_DIR
 * keeps screenshots of each screen.
 */

const SHOTS = process.env.CREDENTIAL_SHOTS_DIR;

test.describe('Open Badges credential', AT_BOTH_WIDTHS, () => {
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let name: string;
  let viewport: ViewportSize;
  let credentialText: string;
  const shot = (step: string) =>
    page.screenshot({
      path: shotPath(SHOTS, `credentials-${name}-${viewport.width}-${step}.png`),
      fullPage: true,
    });

  test.beforeAll(async ({ newContext, signInAs, display }) => {
    ({ name, viewport } = display);
    context = await newContext(viewport, { acceptDownloads: true });
    page = await context.newPage();
    await signInAs(page, 'demo.member', 'demo-pass-1');
  });
  test.afterAll(async () => {
    await context?.close();
  });

  /** Drops a file on the verify page's zone, as a file dragged from the desktop arrives. */
  async function dropFile(text: string, fileName: string) {
    const dataTransfer = await page.evaluateHandle(
      ([content, file]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([content!], file!, { type: 'application/json' }));
        return transfer;
      },
      [text, fileName],
    );
    await page.getByTestId('credential-drop').dispatchEvent('drop', { dataTransfer });
  }

  test('downloads the credential from CE Completed, beside the PDF', async ({ expectAccessible }) => {
    await page.goto('/completed');
    const row = page.locator('li.list-row').first();
    await row.getByRole('button', { name: 'Verification of Participation' }).click();
    const dialog = page.getByRole('dialog');
    const download = dialog.getByRole('link', { name: 'Download credential (JSON)' });
    await download.waitFor();
    await expect(dialog.getByRole('link', { name: 'View PDF Certificate' })).toBeVisible();
    const linkedIn = new URL(
      (await dialog.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href'))!,
    );
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(linkedIn.searchParams.get('certUrl')).toContain('/verify/');
    expect(linkedIn.searchParams.get('issueYear')).toMatch(/^\d{4}$/);
    await expectAccessible(page);
    await shot('modal');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^credential-[A-Za-z0-9_-]+\.json$/);
    credentialText = readFileSync((await file.path())!, 'utf8');
    const credential = JSON.parse(credentialText) as { type: string[]; name: string };
    expect(credential.type).toContain('OpenBadgeCredential');
    expect(await dialog.textContent()).toContain(credential.name);
  });

  test('the verify page reports the dropped file valid, then a tampered copy not valid', async ({
    expectAccessible,
  }) => {
    await page.goto('/verify');
    await expect(page.getByRole('heading', { name: 'Check a credential file' })).toBeVisible();
    const outcome = page.locator('.credential-outcome');
    await expect(outcome).toHaveAttribute('role', 'status');
    await expect(outcome).toHaveAttribute('aria-live', 'polite');
    await dropFile(credentialText, 'credential.json');
    await expect(outcome).toContainText('Valid: this credential was issued');
    await expect(outcome).toContainText('Holder');
    await expectAccessible(page);
    await shot('valid');

    const tampered = JSON.parse(credentialText) as { credentialSubject: { creditsEarned: number } };
    tampered.credentialSubject.creditsEarned += 10;
    const tamperedText = JSON.stringify(tampered, null, 2);
    await dropFile(tamperedText, 'credential-edited.json');
    await expect(outcome).toContainText('Not valid: this credential was changed');
    await expectAccessible(page);
    await shot('tampered');

    // The file control, reached by keyboard, takes the original again: valid.
    const input = page.getByLabel('Credential file (.json)');
    await input.focus();
    await expect(input).toBeFocused();
    await input.setInputFiles({
      name: 'original.json',
      mimeType: 'application/json',
      buffer: Buffer.from(credentialText),
    });
    await expect(outcome).toContainText('Valid: this credential was issued');

    await input.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('not json'),
    });
    await expect(outcome).toContainText('This file is not a credential');
  });
});

test.describe('revoking a certificate in the console', AT_BOTH_WIDTHS, () => {
  test('refuses a missing reason and an unknown number, keeping what was typed', async ({
    newContext,
    signInAs,
    display,
    expectAccessible,
  }) => {
    const context = await newContext();
    const page = await context.newPage();
    await signInAs(page, 'demo.staff', 'staff-pass-1');
    await page.goto('/admin/credentials');
    await page.getByRole('heading', { level: 1, name: 'Certificates and credentials' }).waitFor();
    const number = page.getByLabel('Certificate number');
    const reason = page.getByLabel('Reason');
    await number.fill('NOSUCHNUMBER1');
    await page.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(reason).toBeFocused();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');

    await reason.fill('Credit hours entered wrongly');
    await page.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'No certificate with this number' }),
    ).toBeVisible();
    await expect(number).toBeFocused();
    await expect(reason).toHaveValue('Credit hours entered wrongly');
    await expect(page.getByRole('button', { name: 'Rotate the signing key' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: shotPath(SHOTS, `credentials-${display.name}-${display.viewport.width}-console.png`),
      fullPage: true,
    });
    await context.close();
  });
});
