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
 * Organisations (DSOs, decisions 1168, 1169) at 360 and 1280 px: a member creates an organisation
 * and makes a link; an office's own manager opens it and brings their office in; the
 * organisation's manager sees the office's people on one board, filtered by office; the office's
 * manager makes a colleague a second manager.
 */

const SHOTS = process.env.OFFICE_SHOTS_DIR;
type TWho = { email: string; token: string; name: string };

async function register(request: APIRequestContext, firstname: string, jobTitle: string): Promise<TWho> {
  const body = validRegistration({ s: null, firstname, lastname: 'Group', jobTitle });
  const res = await request.post('/api/register', { data: body });
  const answer = (await res.json()) as { status: boolean; token: string };
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  return { email: body.email as string, token: answer.token, name: `${firstname} Group` };
}

async function api(request: APIRequestContext, who: TWho, url: string, data: Record<string, unknown>) {
  const res = await request.post(url, { headers: { authorization: `Bearer ${who.token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

test.describe('an organisation of offices', onBothEngines(AT_BOTH_WIDTHS), () => {
  test.describe.configure({ mode: 'serial' });
  const contexts: BrowserContext[] = [];
  let dso: Page;
  let officeManager: Page;
  let colleague: TWho;
  let officeName: string;
  let groupName: string;
  let inviteLink: string;
  let name: string;
  let viewport: ViewportSize;
  const shot = (page: Page, step: string) =>
    page.screenshot({
      path: shotPath(SHOTS, `${name}-${viewport.width}-organisation-${step}.png`),
      fullPage: true,
    });
  const noOverflow = async (page: Page) =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  test.beforeAll(async ({ newContext, display }) => {
    ({ name, viewport } = display);
    const suffix = `${name} ${Date.now().toString(36)}`;
    officeName = `Harbor Dental ${suffix}`;
    groupName = `Coastline Group ${suffix}`;
    for (let i = 0; i < 2; i += 1) contexts.push(await newContext());
    dso = await contexts[0]!.newPage();
    officeManager = await contexts[1]!.newPage();
    const boss = await register(dso.request, 'Dana', 'Regional Manager');
    const owner = await register(officeManager.request, 'Olga', 'Office Manager');
    colleague = await register(officeManager.request, 'Nora', 'Dental Hygienist');
    // The office, with a colleague who shares her deadlines and hours: set up through the API.
    await api(officeManager.request, colleague, '/api/tracker/licences', {
      state: 'CA',
      licenceType: 'dental_hygienist',
      licenceNumber: 'RDH 5678',
      periodStart: new Date(Date.now() - 680 * 86_400_000).toISOString().slice(0, 10),
      periodEnd: new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10),
    });
    const { office } = await api(officeManager.request, owner, '/api/offices', {
      name: officeName,
      address: '2 Harbor Road, Monterey',
      state: 'CA',
    });
    const { link } = await api(officeManager.request, owner, '/api/office-invite', { id: office.id });
    const t = new URL(link as string).searchParams.get('t');
    await api(officeManager.request, colleague, '/api/office-join', {
      t,
      sharesDeadlines: true,
      sharesHours: true,
    });
    for (const [page, who] of [
      [dso, boss],
      [officeManager, owner],
    ] as const) {
      await page.goto('/home');
      await storeSession(page, { token: who.token, name: who.name, email: who.email });
    }
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test('a member creates an organisation and makes a link for an office’s manager', async ({
    expectAccessible,
  }) => {
    await dso.goto('/office');
    await untilAppTakesOver(dso);
    await dso.getByRole('button', { name: 'Create organisation' }).click();
    await expect(dso.getByLabel('Organisation name')).toBeFocused();
    await expect(dso.getByText('Enter the organisation’s name.')).toBeVisible();
    await dso.getByLabel('Organisation name').fill(groupName);
    await dso.getByRole('button', { name: 'Create organisation' }).click();
    await dso.getByRole('heading', { name: groupName, level: 2 }).waitFor();
    await dso.getByText('No office is in this organisation yet.').first().waitFor();
    await dso.getByRole('button', { name: 'Make an invite link for an office' }).click();
    const linkField = dso.getByLabel('Send this link to an office’s manager (valid 14 days):');
    await expect(linkField).toHaveValue(/\/organisation-join\?t=/);
    inviteLink = await linkField.inputValue();
    await expectAccessible(dso);
    await noOverflow(dso);
    await shot(dso, '1-created');
  });

  test('the office’s manager brings the office in', async ({ expectAccessible }) => {
    const url = new URL(inviteLink);
    await officeManager.goto(url.pathname + url.search);
    await officeManager
      .getByRole('heading', { name: `Bring your office into ${groupName}`, level: 1 })
      .waitFor();
    await untilAppTakesOver(officeManager);
    await expect(officeManager.getByLabel('Office', { exact: true })).toHaveValue(/.+/);
    await expectAccessible(officeManager);
    await noOverflow(officeManager);
    await shot(officeManager, '2-consent');
    await officeManager.getByRole('button', { name: 'Bring the office in' }).click();
    await officeManager.waitForURL('**/office');
    await expect(officeManager.getByText(`Part of ${groupName}`)).toBeVisible();
  });

  test('the organisation’s manager sees the office’s people on one board, filtered by office', async ({
    expectAccessible,
  }) => {
    await dso.reload();
    const board = dso.getByRole('region', { name: 'Renewals across the organisation' });
    const person = board.locator('.office-person', { hasText: colleague.name });
    await expect(person).toContainText(officeName);
    await expect(person).toContainText('CA · Dental hygienist');
    await expect(person).toContainText('At risk');
    await expect(person).not.toContainText('RDH 5678');
    await board.getByLabel('Office', { exact: true }).selectOption({ label: officeName });
    await expect(board.locator('.office-person')).toHaveCount(2);
    await expectAccessible(dso);
    await noOverflow(dso);
    await shot(dso, '3-board');
  });

  test('the office’s manager makes the colleague a second manager', async ({ expectAccessible }) => {
    await officeManager.reload();
    const person = officeManager.locator('.office-board .office-person', { hasText: colleague.name });
    await person.getByRole('button', { name: 'Make manager' }).click();
    await expect(person).toContainText('· Manager');
    await expect(officeManager.getByRole('button', { name: 'Step down as manager' })).toBeVisible();
    await expectAccessible(officeManager);
    await noOverflow(officeManager);
    await shot(officeManager, '4-second-manager');
  });
});
