import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { AT_1280, DESKTOP, expect, PHONE, test, untilAppTakesOver } from '../fixtures/browser.ts';

/*
 * Staff two-factor sign-in (issue 28, docs/decisions/0920): a staff account made by
 * `npm run staff:create` signs in with its password, is sent to enrol, scans (reads) the
 * secret, confirms with a code, gets its recovery codes once and opens the console; the next
 * login asks for the code after the password. SHOTS_DIR keeps screenshots at 1280 and 360 px.
 */

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const u = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const staff = { username: `e2e.staff${u}`, email: `e2e.staff.${u}@example.test`, password: 'staff-mfa-1' };

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let secret = '';

test.beforeAll(async ({ newContext }) => {
  context = await newContext(DESKTOP);
  // The cookie notice answered, so the screenshots show the screens, not the banner.
  await context.addInitScript(() => localStorage.setItem('cookie_accepted', new Date().toString()));
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
});

async function shot(name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['360', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

async function logIn() {
  await page.goto('/login?rurl=%2Fadmin');
  await untilAppTakesOver(page);
  await page.getByLabel('Username or email', { exact: true }).fill(staff.username);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('staff second factor', AT_1280, () => {
  test('staff:create prints the enrolment path', async ({ server }) => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/scripts/staff-create.ts',
        '--email',
        staff.email,
        '--username',
        staff.username,
        '--password',
        staff.password,
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: `sqlite:${server.databaseFile}` },
      },
    );
    expect(stdout).toContain('/account?tab=password');
  });

  test('sends a staff account without a second factor to enrol, then opens the console', async ({
    expectAccessible,
    totp,
  }) => {
    await logIn();
    // The console refuses the password-only session and sends staff to the Password tab.
    await page.waitForURL('**/account?tab=password');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Staff accounts need two-factor sign-in.', { exact: false }).waitFor();
    await expectAccessible(page);

    await section.getByLabel('Current password').fill(staff.password);
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.getByRole('img', { name: 'QR code to scan' }).waitFor();
    secret = (await section.locator('.two-factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);
    await shot('staff-mfa-enrol');

    await section.getByLabel('Code from the app').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText('That code is not right', { exact: false }).waitFor();
    await section.getByLabel('Code from the app').fill(totp.code(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await shot('staff-mfa-recovery-codes');
    const first = (await codes.allTextContents()).map((c) => c.trim());
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await section.getByText('Recovery codes left: 10.', { exact: false }).waitFor();

    // New recovery codes without turning it off and on: the password and a code (a recovery one).
    await section.getByLabel('Current password').fill(staff.password);
    await section.getByLabel('Authentication code').fill(first[0]!);
    await section.getByRole('button', { name: 'Make new recovery codes' }).click();
    await section.getByText('New recovery codes are made', { exact: false }).waitFor();
    await expect.poll(() => codes.count()).toBe(10);
    const renewed = (await codes.allTextContents()).map((c) => c.trim());
    expect(renewed.some((c) => first.includes(c))).toBe(false);
    await expectAccessible(page);
    await shot('staff-mfa-new-recovery-codes');
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await section.getByText('Recovery codes left: 10.', { exact: false }).waitFor();
    // Staff cannot turn it off: no such button.
    expect(await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).count()).toBe(0);

    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  test('asks for the code after the password at the next login, and refuses a wrong one', async ({
    expectAccessible,
    totp,
  }) => {
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await logIn();
    const codeField = page.getByLabel('Authentication code', { exact: true });
    await codeField.waitFor();
    await page
      .getByText('Enter the 6-digit code from your authenticator app', { exact: false })
      .first()
      .waitFor();
    await expectAccessible(page);
    await shot('staff-mfa-login-code');

    await codeField.fill('123456');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('That code is not right', { exact: false }).waitFor();

    // Enrolment took this step's code: the app's next one is accepted.
    await codeField.fill(totp.code(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
