import type { Page } from '@playwright/test';
import { expect, test, untilAppTakesOver } from '../fixtures/browser.ts';

/*
 * The session cookie (docs/decisions/0842) in a real browser: the server sets it HttpOnly when the
 * member signs in, no script of the page ever reads it, the page server draws the member's own
 * screen by it, logout clears it, a browser signed in before gets it in place of the copy scripts
 * could read, and a request another site makes the browser send with it gets nothing.
 */

const MEMBER = { u: 'demo.member', p: 'demo-pass-1' };
/** The member's own screen the server drew into the page (0833). */
const MEMBER_SCREEN = '[data-session-screen][data-rendered]';

const sessionCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'opence_session');
const scriptCookies = (page: Page) => page.evaluate(() => document.cookie);
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('id_token'));

/** Whether the page the server sent for `address` carries the member's screen, before any script. */
async function serverDrawsMemberScreen(page: Page, address: string): Promise<boolean> {
  const response = await page.goto(address);
  return (await response!.text()).includes('data-session-screen data-rendered');
}

async function signInThroughTheForm(page: Page): Promise<void> {
  await page.goto('/login');
  await untilAppTakesOver(page);
  await page.getByLabel('Username or email', { exact: true }).fill(MEMBER.u);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER.p);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/home');
}

test.describe('the session cookie', () => {
  test('is set HttpOnly when the member signs in, is never readable by a script, and is cleared on logout', async ({
    page,
  }) => {
    await signInThroughTheForm(page);
    const token = await storedToken(page);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await sessionCookie(page)).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(await scriptCookies(page)).not.toContain('opence_session');
    expect(await scriptCookies(page)).not.toContain(token);

    expect(await serverDrawsMemberScreen(page, '/seats')).toBe(true);
    await page.locator(MEMBER_SCREEN).waitFor();
    await untilAppTakesOver(page);
    expect(await scriptCookies(page)).not.toContain(token!);

    await page.goto('/logout');
    await page.waitForURL('**/login');
    expect(await sessionCookie(page)).toBeUndefined();
    expect(await storedToken(page)).toBeNull();
    expect(await serverDrawsMemberScreen(page, '/seats')).toBe(false);
  });

  test('replaces the copy scripts could read in a browser signed in before, which keeps its session', async ({
    page,
    server,
  }) => {
    const login = await fetch(`${server.baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ u: MEMBER.u, p: MEMBER.p }),
    });
    const { token } = (await login.json()) as { token: string };
    // As the app and its head script left a signed-in browser before decision 0842.
    await page.goto('/terms');
    await page.evaluate((t) => {
      localStorage.setItem('id_token', t);
      localStorage.setItem('student_name', 'Demo Member');
      document.cookie = `opence_session=${t};path=/;samesite=lax;max-age=2592000`;
    }, token);
    expect(await sessionCookie(page)).toMatchObject({ value: token, httpOnly: false });

    const asked = page.waitForResponse((r) => r.url().endsWith('/api/session-cookie'));
    await page.goto('/home');
    expect((await asked).status()).toBe(200);
    await expect.poll(async () => (await sessionCookie(page))?.httpOnly).toBe(true);
    expect((await sessionCookie(page))?.value).toBe(token);
    expect(await scriptCookies(page)).not.toContain('opence_session');
    expect(await serverDrawsMemberScreen(page, '/completed')).toBe(true);

    // Asked once: the next pages do not ask again.
    let askedAgain = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/session-cookie')) askedAgain = true;
    });
    await page.goto('/home');
    await untilAppTakesOver(page);
    await page.waitForLoadState('networkidle');
    expect(askedAgain).toBe(false);
  });

  test('gets nothing from the API for a request another site makes the browser send', async ({
    page,
    server,
  }) => {
    await signInThroughTheForm(page);
    // From the site's own page, the cookie is the member's session on a GET.
    const own = await page.evaluate(() => fetch('/api/profile').then((r) => r.status));
    expect(own).toBe(200);

    // Another site links the member to a GET that writes, and posts a form to the API: the
    // browser sends the cookie with the link (SameSite=Lax), not with the post.
    await page.route('http://another-site.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          `<a href="${server.baseURL}/api/hide-agd-reminder">Win a prize</a>` +
          `<form method="post" action="${server.baseURL}/api/logout" enctype="text/plain">` +
          '<input name=\'{"s":"\' value=\'"}\'><button>Claim</button></form>',
      }),
    );
    await page.goto('http://another-site.test/');
    const linked = page.waitForResponse((r) => r.url().endsWith('/api/hide-agd-reminder'));
    await page.getByRole('link', { name: 'Win a prize' }).click();
    const link = await linked;
    // The browser did send the cookie, and did not say the link was the site's own (Chromium says
    // nothing at all for a page served over plain http): the API is what refuses it.
    const sent = await link.request().allHeaders();
    expect(sent.cookie).toContain('opence_session=');
    expect(sent['sec-fetch-site']).not.toBe('same-origin');
    expect(link.status()).toBe(401);
    await page.goto('http://another-site.test/');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: 'Claim' }).click();
    expect((await posted).status()).toBeGreaterThanOrEqual(400);
    // The session lives on, and so does the cookie.
    await page.goto('/home');
    expect(await page.evaluate(() => fetch('/api/profile').then((r) => r.status))).toBe(200);
    expect((await sessionCookie(page))?.httpOnly).toBe(true);
  });
});
