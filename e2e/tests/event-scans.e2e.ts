import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import {
  AT_1280,
  onBothEngines,
  DESKTOP,
  expect,
  PHONE,
  test,
  type TNewContext,
} from '../fixtures/browser.ts';

/*
 * In-person scan-in and scan-out (issue 42): staff open the demo's SCAN42 door screen (1280 px);
 * a member opens the entry code's address on a phone (360 px), is scanned in, scans again (nothing
 * changes), scans out and sees the evidence (below the minimum); staff remove the early scan-out
 * and add the real one with reasons; the member's verify page shows the evidence with the
 * corrections. SCAN_SHOTS_DIR keeps screenshots of each screen.
 */

const TITLE = 'Study Club: Caries Risk Assessment in Practice';
const contexts: BrowserContext[] = [];
test.afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function open(newContext: TNewContext, viewport: typeof DESKTOP): Promise<Page> {
  const context = await newContext(viewport);
  contexts.push(context);
  return context.newPage();
}

/** The screen at 360 and at 1280 px (the page's own width restored after). */
async function shot(page: Page, name: string) {
  const dir = process.env.SCAN_SHOTS_DIR;
  const own = page.viewportSize();
  if (!dir || !own) return;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: own.height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(own);
}

/** A new member, registered through the API, so the journey shares nothing with other files. */
async function newMember(page: Page): Promise<string> {
  const username = `scan${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await page.request.post('/api/register', {
    data: {
      username,
      password: 'secret-pass-1',
      password2: 'secret-pass-1',
      title: 'Dr.',
      firstname: 'Sam',
      lastname: 'Scanner',
      jobTitle: 'Dentist',
      officeName: 'Harbor Dental',
      address: '1 Main Street',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      country: 'US',
      phone: '6175550199',
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
  expect(((await res.json()) as { status: boolean }).status).toBe(true);
  return username;
}

/** The local datetime-local value of a moment some minutes from now. */
function localInput(minutesFromNow: number): string {
  const d = new Date(Date.now() + minutesFromNow * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test.describe('in-person scan-in and scan-out', onBothEngines(AT_1280), () => {
  test('a member scans in and out on a phone and sees the evidence; staff see the door screen and correct a scan', async ({
    newContext,
    signInAs,
    expectAccessible,
  }) => {
    test.setTimeout(150_000);
    const staff = await open(newContext, DESKTOP);
    await signInAs(staff, 'demo.staff', 'staff-pass-1');
    await staff.goto('/admin/events');
    await staff.getByRole('link', { name: TITLE }).click();
    await staff.getByRole('heading', { name: 'Scan-in and scan-out' }).waitFor();
    // The demo's corrections, with their reasons, in the evidence.
    await staff.getByText('Left by the side door during the break-out', { exact: false }).first().waitFor();
    await staff.getByText('Scanned the exit code by mistake', { exact: false }).first().waitFor();
    const eventUrl = staff.url();
    await staff.getByRole('link', { name: 'Open the door screen' }).click();
    await staff.getByRole('heading', { name: new RegExp(`Door screen: ${TITLE}`) }).waitFor();
    const codes = staff.locator('.door-code-text');
    await expect(codes).toHaveCount(2);
    expect(await staff.locator('.door-code-qr svg').count()).toBe(2);
    await expectAccessible(staff);
    await shot(staff, 'door-screen');
    const [entry, exit] = (await codes.allTextContents()).map((c) => c.replace(/-/g, ''));
    expect(entry).toMatch(/^SCAN42E/);
    expect(exit).toMatch(/^SCAN42X/);

    const phone = await open(newContext, PHONE);
    const username = await newMember(phone);
    // A visitor first: the QR's page asks to sign in and keeps the way back.
    await phone.goto(`/scan/${entry}`);
    await phone.getByRole('heading', { name: 'Sign in to record your scan' }).waitFor();
    await signInAs(phone, username, 'secret-pass-1');
    await phone.goto(`/scan/${entry}`);
    await phone.getByRole('heading', { name: 'You are scanned in' }).waitFor();
    await expect(phone.locator('.scan-time')).toContainText('Entry recorded at');
    await expectAccessible(phone);
    await shot(phone, 'scanned-in');
    await phone.goto(`/scan/${entry}`);
    await expect(phone.locator('.scan-time')).toContainText('You were already scanned in at');
    await expect(phone.locator('.scan-time')).toContainText('Nothing changed.');
    await phone.goto(`/scan/${exit}`);
    await phone.getByRole('heading', { name: 'You are scanned out' }).waitFor();
    await phone.getByText('No in-person credit yet').waitFor();
    await expect(phone.locator('.evidence-reason')).toContainText('the event asks at least 90');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(phone);
    await shot(phone, 'scanned-out');
    // A code that is not the door's is refused in words.
    await phone.goto('/scan/SCAN42E22222');
    await phone.getByText('door code', { exact: false }).first().waitFor();

    // Staff remove the early exit and add the real one, each with a reason.
    await staff.goto(eventUrl);
    const card = staff.locator('.event-scan-attendee', { hasText: `${username}@example.test` });
    await card.getByText('Correct a scan').click();
    await card.getByLabel('Scan to remove').selectOption({ index: 2 });
    await card
      .getByLabel('Reason (logged and shown with the evidence)')
      .nth(1)
      .fill('Scanned out by mistake at the break.');
    await card.getByRole('button', { name: 'Remove scan' }).click();
    await card.getByText('Scanned out by mistake at the break.', { exact: false }).first().waitFor();
    await card.getByLabel('Time of the scan').fill(localInput(120));
    await card
      .getByLabel('Reason (logged and shown with the evidence)')
      .first()
      .fill('Left at the end; the desk saw him go.');
    await card.getByRole('button', { name: 'Add scan' }).click();
    await card.getByText(/Credit · /).waitFor();
    await expectAccessible(staff);
    await shot(staff, 'event-scans');
    const number = ((await card.getByText(/Credit · /).textContent()) ?? '').replace(/^Credit · /, '').trim();

    // The member's public verify page shows the evidence with the corrections.
    await phone.goto(`/verify/${number}`);
    await phone.getByRole('heading', { name: 'Presence at the event' }).waitFor();
    await phone.getByText('In-person credit', { exact: true }).waitFor();
    await expect(phone.locator('.evidence')).toContainText('Left at the end; the desk saw him go.');
    await expect(phone.locator('.evidence')).toContainText('Scanned out by mistake at the break.');
    await expectAccessible(phone);
    await shot(phone, 'verify-evidence');
  });
});
