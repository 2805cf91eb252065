import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page, ViewportSize } from '@playwright/test';
import { validRegistration } from '../../apps/server/src/features/accounts/accounts.fixtures.ts';
import {
  AT_BOTH_WIDTHS,
  onBothEngines,
  expect,
  shotPath,
  storeSession,
  test,
  untilAppTakesOver,
} from '../fixtures/browser.ts';

/*
 * Offices (issue 43) at 360 and 1280 px, as its test reads: a manager creates an office and invites
 * a colleague by e-mail; the colleague opens the mailed link and joins with their choices (deadlines
 * and hours); the manager's board shows the colleague's licence from the CE tracker, at risk, and
 * the manager assigns a course; the colleague sees it on their home and marks it done; the board
 * shows it done, and the roster's CSV names them.
 */

const SHOTS = process.env.OFFICE_SHOTS_DIR;
/** A fresh member registered through the API (the accounts tests' valid body); their e-mail and session token. */
async function register(request: APIRequestContext, firstname: string, jobTitle: string) {
  const body = validRegistration({ s: null, firstname, lastname: 'Office', jobTitle });
  const res = await request.post('/api/register', { data: body });
  const answer = (await res.json()) as { status: boolean; token: string };
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  return { email: body.email as string, token: answer.token, name: `${firstname} Office` };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('an office', onBothEngines(AT_BOTH_WIDTHS), () => {
  test.describe.configure({ mode: 'serial' });
  let managerContext: BrowserContext;
  let colleagueContext: BrowserContext;
  let manager: Page;
  let colleague: Page;
  let colleagueName: string;
  let colleagueEmail: string;
  let officeName: string;
  let name: string;
  let viewport: ViewportSize;
  const shot = (page: Page, step: string) =>
    page.screenshot({
      path: shotPath(SHOTS, `${name}-${viewport.width}-office-${step}.png`),
      fullPage: true,
    });
  const noOverflow = async (page: Page) =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  test.beforeAll(async ({ newContext, display }) => {
    ({ name, viewport } = display);
    officeName = `Bright Smiles ${name} ${Date.now().toString(36)}`;
    managerContext = await newContext();
    colleagueContext = await newContext();
    manager = await managerContext.newPage();
    colleague = await colleagueContext.newPage();
    const boss = await register(manager.request, 'Mia', 'Office Manager');
    const rdh = await register(colleague.request, 'Nora', 'Dental Hygienist');
    colleagueName = rdh.name;
    colleagueEmail = rdh.email;
    // The colleague's licence in the CE tracker: a California hygienist 45 days from renewal.
    const licence = await colleague.request.post('/api/tracker/licences', {
      headers: { authorization: `Bearer ${rdh.token}` },
      data: {
        state: 'CA',
        licenceType: 'dental_hygienist',
        licenceNumber: 'RDH 1234',
        periodStart: inDays(-680),
        periodEnd: inDays(45),
      },
    });
    expect(licence.status()).toBe(200);
    for (const [page, who] of [
      [manager, boss],
      [colleague, rdh],
    ] as const) {
      await page.goto('/home');
      await storeSession(page, { token: who.token, name: who.name, email: who.email });
    }
  });
  test.afterAll(async () => {
    await managerContext?.close();
    await colleagueContext?.close();
  });

  test('the manager creates the office and invites a colleague by e-mail', async ({
    mailbox,
    expectAccessible,
  }) => {
    await manager.goto('/office');
    await untilAppTakesOver(manager);
    await manager.getByRole('heading', { name: 'My office', level: 1 }).waitFor();
    await manager.getByText('You are not in an office yet.').waitFor();
    // Nothing typed: the form says what is missing, on the first field.
    await manager.getByRole('button', { name: 'Create office' }).click();
    await expect(manager.getByLabel('Office name')).toBeFocused();
    await expect(manager.getByText('Enter the office’s name.')).toBeVisible();
    await manager.getByLabel('Office name').fill(officeName);
    await manager.getByLabel('Address').fill('1 Main Street, Albany');
    await manager.getByLabel('State').fill('ny');
    await manager.getByRole('button', { name: 'Create office' }).click();
    await manager.getByRole('heading', { name: officeName, level: 2 }).waitFor();
    await manager.getByLabel('Colleague’s e-mail').fill(colleagueEmail);
    await manager.getByRole('button', { name: 'Send invite' }).click();
    await manager.getByText(`Invite sent to ${colleagueEmail}.`).waitFor();
    await expectAccessible(manager);
    await noOverflow(manager);
    await shot(manager, '1-invited');
    const mail = await mailbox.waitFor((m) => m.to?.some((to) => to.address === colleagueEmail) ?? false);
    expect(mail.subject).toContain(officeName);
    const link = /https?:\/\/\S+\/office-join\?t=[\w-]+/.exec(mail.text ?? '')![0];
    await colleague.goto(new URL(link).pathname + new URL(link).search);
  });

  test('the colleague joins with their choices', async ({ expectAccessible }) => {
    await colleague.getByRole('heading', { name: `Join ${officeName}`, level: 1 }).waitFor();
    await untilAppTakesOver(colleague);
    const deadlines = colleague.getByLabel('My license types, states and renewal deadlines');
    const hours = colleague.getByLabel('The hours I still need per requirement, and whether I am on track');
    // Nothing is chosen for them, and hours go only with the licence they belong to.
    await expect(deadlines).not.toBeChecked();
    await expect(hours).toBeDisabled();
    await colleague.getByText('The office never sees your exam answers').waitFor();
    await deadlines.check();
    await hours.check();
    await expectAccessible(colleague);
    await noOverflow(colleague);
    await shot(colleague, '2-consent');
    await colleague.getByRole('button', { name: 'Join the office' }).click();
    await colleague.waitForURL('**/office');
    await colleague.getByRole('heading', { name: officeName, level: 2 }).waitFor();
    await expect(colleague.getByText(/· Member ·/)).toBeVisible();
  });

  test('the board shows the colleague’s renewal; the manager assigns a course', async ({
    expectAccessible,
  }) => {
    await manager.reload();
    const person = manager.locator('.office-person', { hasText: colleagueName });
    await expect(person).toContainText('CA · Dental hygienist');
    await expect(person).toContainText('At risk');
    await expect(person).toContainText(/\d+ h /);
    await manager.getByLabel('Colleague', { exact: true }).selectOption({ label: colleagueName });
    await manager.getByLabel('Course or topic').fill('Infection control');
    await manager.getByLabel('Course link (optional)').fill('/ondemand');
    await manager.getByLabel('Due date').fill(inDays(14));
    await manager.getByRole('button', { name: 'Assign', exact: true }).click();
    await manager.getByText(`Assigned to ${colleagueName}.`).waitFor();
    await expect(person).toContainText('Infection control');
    await expect(person).toContainText('Open');
    await expectAccessible(manager);
    await noOverflow(manager);
  });

  test('the colleague sees it on their home and marks it done', async ({ expectAccessible }) => {
    await colleague.goto('/home');
    const card = colleague.getByRole('region', { name: 'Assigned by your office' });
    await expect(card).toContainText('Infection control');
    await expect(card).toContainText(officeName);
    await shot(colleague, '3-home');
    await card.getByRole('link', { name: 'My office' }).click();
    await colleague.getByRole('button', { name: 'Mark as done: Infection control' }).click();
    await expect(
      colleague.getByRole('region', { name: 'Assigned by your office' }).getByText('Done', { exact: true }),
    ).toBeVisible();
    await expectAccessible(colleague);
    await noOverflow(colleague);
    await shot(colleague, '4-done');
  });

  test('the manager’s board shows it done, and the roster names the colleague', async () => {
    await manager.reload();
    const person = manager.locator('.office-person', { hasText: colleagueName });
    await expect(person.locator('.office-assignments')).toContainText('Done');
    await manager.getByLabel('Status', { exact: true }).selectOption({ label: 'At risk' });
    await expect(manager.locator('.office-person')).toHaveCount(1);
    await noOverflow(manager);
    await shot(manager, '5-board');
    const [download] = await Promise.all([
      manager.waitForEvent('download'),
      manager.getByRole('button', { name: 'Roster (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^roster-.*\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'Person,Role,License type,State,Deadline,Days left,Still needed,Status,Open assignments',
    );
    expect(csv).toContain(`${colleagueName},Member,dental hygienist,CA,${inDays(45)}`);
    expect(csv).not.toContain(colleagueEmail);
  });
});
