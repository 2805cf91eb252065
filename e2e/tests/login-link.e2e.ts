import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { Texts } from '@opence/shared';
import { DESKTOP, expect, PHONE, test, type TTotp, untilAppTakesOver } from '../fixtures/browser.ts';

/*
 * Issue 37 row 1 (docs/decisions/0930): a mailed login link on an account with two-factor sign-in
 * asks for the code, leaves the address at once, signs in once; used again, it says so above the
 * normal login form. SHOTS_DIR keeps screenshots at 1280 and 360 px.
 */

const u = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const member = { username: `link${u}`, email: `link.${u}@example.test`, password: 'link-pass-1' };

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let secret = '';
let link = '';

/** A member with two-factor sign-in on, through the API as the Password tab does it. */
async function memberWithTotp(request: APIRequestContext, totp: TTotp): Promise<string> {
  const registered = await request.post('/api/register', {
    data: {
      s: null,
      jobTitle: 'Dentist',
      title: 'Dr.',
      firstname: 'Lin',
      lastname: 'Kerr',
      officeName: 'Kerr Dental',
      address: '1 Main Street',
      city: 'Albany',
      state: 'NY',
      zip: '12207',
      country: 'US',
      phone: '5185550100',
      isPhoneMobile: 'checked',
      email: member.email,
      agdNumber: '',
      certYear: 2010,
      gender: 'F',
      ageRange: '35-44',
      officeSize: '1',
      sourceHeard: 'Other',
      username: member.username,
      password: member.password,
      password2: member.password,
    },
  });
  const { token } = (await registered.json()) as { token: string };
  const setup = await request.post('/api/two-factor/setup', {
    data: { s: token, currentPassword: member.password },
  });
  const enrolment = (await setup.json()) as { secret: string };
  const confirmed = await request.post('/api/two-factor/confirm', {
    data: { s: token, code: totp.code(enrolment.secret) },
  });
  expect(confirmed.status()).toBe(200);
  return enrolment.secret;
}

/** A login link as the exam-open mail carries one, written where the server keeps them. */
function mailedLink(databaseFile: string): string {
  const db = new Database(databaseFile, { fileMustExist: true });
  try {
    const { id } = db.prepare('select id from members where username = ?').get(member.username) as {
      id: string;
    };
    const token = `l1.${randomBytes(32).toString('base64url')}`;
    const now = new Date();
    db.prepare(
      'insert into login_links (token_hash, member_id, expires_at, used_at, created_at) values (?, ?, ?, null, ?)',
    ).run(
      createHash('sha256').update(token).digest('base64url'),
      id,
      new Date(now.getTime() + 86_400_000).toISOString(),
      now.toISOString(),
    );
    return `/login?s=${encodeURIComponent(token)}&rurl=%2Faccount`;
  } finally {
    db.close();
  }
}

test.beforeAll(async ({ newContext, server, totp }) => {
  context = await newContext(PHONE);
  await context.addInitScript(() => localStorage.setItem('cookie_accepted', new Date().toString()));
  page = await context.newPage();
  secret = await memberWithTotp(page.request, totp);
  link = mailedLink(server.databaseFile);
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
  await page.setViewportSize(PHONE);
}

test.describe('a mailed login link on an account with two-factor sign-in', () => {
  test('asks for the code with the token out of the address, then signs in', async ({
    expectAccessible,
    totp,
  }) => {
    await page.goto(link);
    await untilAppTakesOver(page);
    const code = page.getByLabel('Authentication code');
    await expect.poll(() => code.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('link-code');
    expect(await page.getByText(Texts.LOGIN_LINK_CODE_NEEDED).isVisible()).toBe(true);
    // The token left the address (and the history entry) before it was used.
    expect(page.url()).not.toContain('s=');
    expect(page.url()).toMatch(/\/login\?rurl=%2Faccount$/);
    await expectAccessible(page);
    await shot('login-link-code');
    await code.fill('000000' === totp.code(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText(Texts.TWO_FACTOR_CODE_WRONG).isVisible()).toBe(true);
    await totp.nextStep();
    await code.fill(totp.code(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account$/);
  });

  test('works once: opened again, it says so above the normal login form', async ({ newContext }) => {
    const other = await newContext(PHONE);
    await other.addInitScript(() => localStorage.setItem('cookie_accepted', new Date().toString()));
    const second = await other.newPage();
    try {
      await second.goto(link);
      await untilAppTakesOver(second);
      await expect.poll(() => second.getByText(Texts.LOGIN_LINK_USED).isVisible()).toBe(true);
      expect(await second.getByLabel('Username or email', { exact: true }).isVisible()).toBe(true);
      expect(second.url()).not.toContain('s=');
      const previous = page;
      page = second;
      await shot('login-link-used');
      page = previous;
    } finally {
      await other.close();
    }
  });
});
