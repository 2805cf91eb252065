import type { BrowserContext, Page, ViewportSize } from '@playwright/test';
import {
  AT_1280,
  AT_BOTH_WIDTHS,
  delayAppScripts,
  holdAppScripts,
  DESKTOP,
  expect,
  isAppRunning,
  PHONE,
  test as base,
  untilAppTakesOver,
} from '../fixtures/browser.ts';

/*
 * The first screen before and at the app's takeover (docs/decisions/0830, 0831). The app's scripts
 * are held 2 s by route interception, as a phone's network would hold them: what the visitor types,
 * taps and reads on the page the server sent must still be there, unchanged, once the app runs.
 */

const SCRIPT_DELAY_MS = 2_000;

/** Elements of the visitor's screen the server sent. */
const SENT = '[data-visitor-screen] :is(main, h1, .list-row, footer)';

const test = base.extend<{
  /** A fresh context of the app's address, in a zone of its own when given; closed after the test. */
  freshContext: (viewport?: ViewportSize, timezoneId?: string) => Promise<BrowserContext>;
}>({
  freshContext: async ({ newContext }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (viewport, timezoneId) => {
      const context = await newContext(viewport, timezoneId ? { timezoneId } : {});
      opened.push(context);
      return context;
    });
    for (const context of opened) await context.close();
  },
});

/** Console errors and uncaught errors of a page, from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const onDemandHash = async (page: Page) =>
  ((await (await page.request.get('/api/ondemand?page=0')).json()) as { data: { hash: string }[] }).data[0]!
    .hash;

test.describe('what a visitor does before the app runs is kept (decision 0830)', () => {
  test(
    'keeps what was typed into the sign-in form, its focus and caret, and Enter then signs in',
    AT_BOTH_WIDTHS,
    async ({ freshContext }) => {
      const page = await (await freshContext()).newPage();
      await delayAppScripts(page, SCRIPT_DELAY_MS);
      await page.goto('/login', { waitUntil: 'commit' });
      const username = page.getByLabel('Username or email', { exact: true });
      const password = page.getByLabel('Password', { exact: true });
      await username.click();
      await page.keyboard.type('demo.member');
      await password.click();
      await page.keyboard.type('demo-pass-1');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      const before = await formState(page);
      expect(before).toEqual({ u: 'demo.member', p: 'demo-pass-1', focused: 'login-p', caret: 9 });
      // All of that happened on the page the server sent.
      expect(await isAppRunning(page)).toBe(false);

      await untilAppTakesOver(page);
      expect(await formState(page)).toEqual(before);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/home');
      expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeTruthy();
    },
  );

  test('sends a form submitted before the app runs once it runs, never as a plain GET with the password', async ({
    freshContext,
  }) => {
    const page = await (await freshContext()).newPage();
    const requested: string[] = [];
    page.on('request', (request) =>
      requested.push(new URL(request.url()).pathname + new URL(request.url()).search),
    );
    await delayAppScripts(page, SCRIPT_DELAY_MS);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Username or email', { exact: true }).fill('demo.member');
    await page.getByLabel('Password', { exact: true }).fill('demo-pass-1');
    await page.keyboard.press('Enter');
    expect(await isAppRunning(page)).toBe(false);
    await page.waitForURL('**/home');
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeTruthy();
    expect(requested.filter((path) => path.includes('demo-pass-1'))).toEqual([]);
  });

  test('opens the menu tapped before the app runs, for a visitor and for a stored session', async ({
    freshContext,
    signInAs,
  }) => {
    const context = await freshContext();
    for (const signedIn of [false, true]) {
      const page = await context.newPage();
      if (signedIn) await signInAs(page, 'demo.member', 'demo-pass-1');
      await delayAppScripts(page, SCRIPT_DELAY_MS);
      await page.goto('/home', { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await isAppRunning(page), `signed in: ${signedIn}`).toBe(false);
      await untilAppTakesOver(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect.poll(() => nav.getAttribute('class')).toBe('site-nav is-open');
      expect(await page.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).toBe('true');
      await page.close();
    }
  });

  test('takes the rendered screen over as it is: the same elements, the scroll position, no second drawing', async ({
    freshContext,
  }) => {
    const page = await (await freshContext()).newPage();
    const release = await holdAppScripts(page);
    await page.goto('/ondemand', { waitUntil: 'commit' });
    await page.locator('.list-row').nth(3).waitFor();
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
    // A mark on the elements the server sent, which only the same objects can carry afterwards.
    await page.evaluate((selector) => {
      document.querySelectorAll(selector).forEach((element) => {
        (element as unknown as { sent: boolean }).sent = true;
      });
    }, SENT);
    const marked = await page.evaluate((selector) => document.querySelectorAll(selector).length, SENT);
    await release();
    await untilAppTakesOver(page);
    expect(
      await page.evaluate(
        (selector) =>
          Array.from(document.querySelectorAll(selector)).filter(
            (element) => (element as unknown as { sent?: boolean }).sent,
          ).length,
        SENT,
      ),
    ).toBe(marked);
    expect(await page.evaluate(() => window.scrollY)).toBe(500);
    // The app runs the screen: a row's link is the router's now, and scrolls the next page to its top.
    await page.locator('.list-row-title a').first().click();
    await page.waitForURL('**/on-demand-dental-ce-course/**');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('the app takes over every rendered route without a hydration mismatch', () => {
  test(
    'logs no error on the lists, the sign-in form, the webinars and a classroom',
    AT_BOTH_WIDTHS,
    async ({ freshContext }) => {
      const page = await (await freshContext()).newPage();
      const c = await onDemandHash(page);
      const errors = errorsOf(page);
      for (const address of [
        '/',
        '/home',
        '/ondemand',
        '/podcasts',
        '/login',
        '/webinars',
        '/upcoming',
        `/classroom/${c}`,
        `/on-demand-dental-ce-course/${c}`,
      ]) {
        // Twice: without the zone cookie (a first visit), then with it, which the first visit set.
        for (const visit of ['first', 'second']) {
          await page.goto(address);
          await untilAppTakesOver(page);
          expect(await page.locator('[data-visitor-screen]').count(), address).toBe(1);
          await page.waitForLoadState('networkidle');
          expect(errors, `${address}, ${visit} visit`).toEqual([]);
        }
      }
    },
  );

  test('would see one: a page whose text differs from what the app renders is reported', async ({
    freshContext,
  }) => {
    const page = await (await freshContext()).newPage();
    await page.route('**/home', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      await route.fulfill({
        response,
        body: html.replace('Free Online Dental CE</h1>', 'Free Dental CE</h1>'),
      });
    });
    const errors = errorsOf(page);
    await page.goto('/home');
    await untilAppTakesOver(page);
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/418|hydrat/i);
  });
});

test.describe("a member's own screen, drawn by the server for their session (decision 0833)", () => {
  test(
    'is on the page before the app runs, and the app takes it over as it is, without an error',
    AT_BOTH_WIDTHS,
    async ({ freshContext, signInAs }) => {
      const page = await (await freshContext()).newPage();
      await signInAs(page, 'demo.member', 'demo-pass-1');
      const seat = await memberSeat(page);
      const errors = errorsOf(page);
      const visits = ['/seats', '/completed', '/pending', '/queue', '/account', `/live/${seat}`];
      for (const address of visits) await expectTakenOverAsDrawn(page, address, errors);
      // The staff console's dashboard, for the staff.
      await signInAs(page, 'demo.staff', 'staff-pass-1');
      await expectTakenOverAsDrawn(page, '/admin', errors);
    },
  );
});

test.describe("the app's files come after the screen's largest paint (decision 0834)", () => {
  test('are requested only once the browser has reported the largest paint, on text and on pictures, for a visitor and a member', async ({
    freshContext,
    signInAs,
  }) => {
    const page = await (await freshContext(PHONE)).newPage();
    // Lighthouse's CPU slowdown of a phone, which widens the time between a frame and its paint on screen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const visits = ['/login', '/webinars', '/ondemand', '/home'];
    for (const address of visits) await expectAppAfterLargestPaint(page, address);
    await signInAs(page, 'demo.member', 'demo-pass-1');
    for (const address of ['/seats', '/completed']) await expectAppAfterLargestPaint(page, address);
  });
});

/** On a cold load of `address`, no file of the app was requested before the largest paint the browser reported. */
async function expectAppAfterLargestPaint(page: Page, address: string) {
  await page.goto(address);
  await untilAppTakesOver(page);
  await page.waitForLoadState('networkidle');
  const { largestPaint, firstAppRequest } = await page.evaluate(async () => {
    const entries = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      }),
    );
    const app = performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.startsWith('/assets/') && r.name.endsWith('.js'));
    return {
      largestPaint: Math.max(...entries.map((e) => e.startTime)),
      firstAppRequest: Math.min(...app.map((r) => r.startTime)),
    };
  });
  expect(Number.isFinite(largestPaint), address).toBe(true);
  expect(firstAppRequest, address).toBeGreaterThanOrEqual(largestPaint);
}

/** The session's screen at `address` is drawn by the server, and the app takes it over as it is, without an error. */
async function expectTakenOverAsDrawn(page: Page, address: string, errors: string[]) {
  const release = await holdAppScripts(page);
  await page.goto(address, { waitUntil: 'commit' });
  const screen = page.locator('[data-session-screen][data-rendered]');
  await screen.locator('h1').waitFor();
  expect(await isAppRunning(page), address).toBe(false);
  const marked = await page.evaluate((selector) => {
    const sent = document.querySelectorAll(selector);
    sent.forEach((element) => Object.assign(element, { sent: true }));
    return sent.length;
  }, MEMBER_SENT);
  await release();
  await untilAppTakesOver(page);
  expect(await keptOf(page, MEMBER_SENT), address).toBe(marked);
  expect(marked, address).toBeGreaterThan(3);
  await page.waitForLoadState('networkidle');
  expect(errors, address).toEqual([]);
}

test.describe('the screen the app takes over is the one it draws itself', AT_1280, () => {
  test("for the visitor's and the member's rendered routes, once both have settled", async ({
    freshContext,
    signInAs,
  }) => {
    const context = await freshContext(DESKTOP);
    const drawn = await context.newPage();
    const c = await onDemandHash(drawn);
    const taken = await context.newPage();
    // The same page without its mark of a rendered screen: the app draws its own from the boot data.
    await drawn.route(
      /\/(home|ondemand|podcasts|webinars|login|classroom\/.*|seats|completed|pending|account)$/,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replaceAll(' data-rendered>', '>');
        await route.fulfill({ response, body });
      },
    );
    const addresses = ['/home', '/ondemand', '/podcasts', '/webinars', '/login', `/classroom/${c}`];
    const compare = async (list: string[]) => {
      for (const address of list) {
        for (const page of [taken, drawn]) {
          await page.goto(address);
          await untilAppTakesOver(page);
          await page.waitForLoadState('networkidle');
        }
        expect(await settledMain(taken), address).toBe(await settledMain(drawn));
      }
    };
    await compare(addresses);
    await signInAs(taken, 'demo.member', 'demo-pass-1');
    await compare(['/seats', '/completed', '/pending', '/account']);

    // An attribute the app does not render is kept where it takes a screen over (React does not
    // mend attributes then), which is what this comparison is there to see.
    await taken.route('**/seats', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        '<ul class="list-rows">',
        '<ul class="list-rows" aria-busy="true">',
      );
      await route.fulfill({ response, body });
    });
    for (const page of [taken, drawn]) {
      await page.goto('/seats');
      await untilAppTakesOver(page);
      await page.waitForLoadState('networkidle');
    }
    const [tampered, own] = [await settledMain(taken), await settledMain(drawn)];
    expect(tampered).not.toBe(own);
    expect(tampered.replace(' aria-busy="true"', '')).toBe(own);
  });
});

/** Elements of a member's screen the server sent. */
const MEMBER_SENT = '[data-session-screen][data-rendered] :is(main, h1, li, footer)';

/** How many elements matching `selector` are the ones marked before the app ran. */
const keptOf = (page: Page, selector: string) =>
  page.evaluate(
    (match) =>
      Array.from(document.querySelectorAll(match)).filter(
        (element) => (element as unknown as { sent?: boolean }).sent,
      ).length,
    selector,
  );

/** The demo member's reserved webinar. */
async function memberSeat(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('id_token'));
  const seats = (await (await page.request.get(`/api/seats?s=${token}`)).json()) as {
    data: { hash: string }[];
  };
  return seats.data[0]!.hash;
}

/**
 * The main content as markup with each element's attributes in order, and without the ids React
 * makes (useId: `_r_…_` in the browser, `_vR_…_` on the server), which differ by design, nor the
 * attributes that point at them.
 */
function settledMain(page: Page): Promise<string> {
  return page.evaluate(() => {
    const reactId = /(^|\s)_[\w]*_/;
    const markup = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      const attributes = Array.from(node.attributes)
        .filter((attribute) => !reactId.test(attribute.value))
        .map((attribute) => `${attribute.name}="${attribute.value}"`)
        .sort()
        .join(' ');
      const children = Array.from(node.childNodes).map(markup).join('');
      return `<${node.tagName.toLowerCase()} ${attributes}>${children}</${node.tagName.toLowerCase()}>`;
    };
    return markup(document.querySelector('main')!);
  });
}

/** The text of every time on the page, in order. */
const timesOn = (page: Page) =>
  page.locator('main time').evaluateAll((times) => times.map((time) => time.textContent ?? ''));

const TIME_OF_DAY = /\d:\d\d\s?[AP]M/;

test.describe("times in the reader's zone from the first paint (decision 0831)", () => {
  for (const address of ['/home', '/webinars']) {
    test(`shows no time on ${address} that changes when the app takes over, on a first visit and after`, async ({
      freshContext,
    }) => {
      const context = await freshContext(PHONE, 'America/Los_Angeles');
      for (const visit of ['first', 'second']) {
        const page = await context.newPage();
        const release = await holdAppScripts(page);
        await page.goto(address, { waitUntil: 'commit' });
        await page.locator('main time').first().waitFor({ state: 'attached' });
        const painted = await timesOn(page);
        expect(await isAppRunning(page)).toBe(false);
        await release();
        await untilAppTakesOver(page);
        await expect.poll(() => page.locator('main time[data-pending]').count()).toBe(0);
        const shown = await timesOn(page);
        const where = `${address}, ${visit} visit`;
        expect(shown.length, where).toBe(painted.length);
        expect(shown.filter((text) => TIME_OF_DAY.test(text)).length, where).toBeGreaterThan(0);
        for (const [i, text] of shown.entries()) {
          // In the reader's zone.
          if (TIME_OF_DAY.test(text)) expect(text, where).toMatch(/P[SD]T$/);
          if (visit === 'second') {
            // The zone is known from the first visit's cookie: the page is what the app shows.
            expect(painted[i], where).toBe(text);
          } else {
            // Unknown on a first visit: the day at most, which the app only completes.
            expect(painted[i], where).not.toMatch(TIME_OF_DAY);
            expect(text.startsWith(painted[i]!), `${where}: "${painted[i]}" → "${text}"`).toBe(true);
          }
        }
        await page.close();
        expect((await context.cookies()).find((cookie) => cookie.name === 'tz')?.value, where).toBe(
          encodeURIComponent('America/Los_Angeles'),
        );
      }
    });
  }

  test("shows a signed-in member's times in their profile zone, which wins over the browser's", async ({
    freshContext,
    signInAs,
  }) => {
    const context = await freshContext(PHONE, 'America/Los_Angeles');
    const page = await context.newPage();
    // The demo member's profile zone is New York.
    await signInAs(page, 'demo.member', 'demo-pass-1');
    await page.goto('/webinars');
    await untilAppTakesOver(page);
    await page.locator('main time').first().waitFor();
    const shown = (await timesOn(page)).filter((text) => TIME_OF_DAY.test(text));
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toMatch(/E[SD]T$/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'tz')?.value).toBe(
      encodeURIComponent('America/New_York'),
    );
  });
});

test.describe("the profile's zone (decision 0831)", () => {
  test('is chosen on the Account page, and the times follow it there and on the next pages', async ({
    freshContext,
    signInAs,
  }) => {
    const context = await freshContext(PHONE, 'America/Los_Angeles');
    const page = await context.newPage();
    await signInAs(page, 'demo.member', 'demo-pass-1');
    const zone = page.getByLabel('Time zone');
    const save = async (value: string) => {
      await page.goto('/account?tab=profile');
      await untilAppTakesOver(page);
      await zone.selectOption(value);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Profile updated.').waitFor();
    };
    try {
      await save('America/Chicago');
      await page.goto('/webinars');
      await untilAppTakesOver(page);
      const times = (await timesOn(page)).filter((text) => TIME_OF_DAY.test(text));
      expect(times.length).toBeGreaterThan(0);
      for (const text of times) expect(text).toMatch(/C[SD]T$/);
      expect((await context.cookies()).find((cookie) => cookie.name === 'tz')?.value).toBe(
        encodeURIComponent('America/Chicago'),
      );
    } finally {
      // The demo member's own zone, which other journeys read.
      await save('America/New_York');
    }
  });
});

/** The sign-in form's values, the focused field and its caret. */
function formState(page: Page) {
  return page.evaluate(() => {
    const field = (id: string) => document.getElementById(id) as HTMLInputElement;
    const focused = document.activeElement as HTMLInputElement | null;
    return {
      u: field('login-u').value,
      p: field('login-p').value,
      focused: focused?.id,
      caret: focused?.selectionStart,
    };
  });
}
