import type { BrowserContext, Page } from '@playwright/test';
import { AT_BOTH_WIDTHS, DESKTOP, expect, PHONE, test, untilAppTakesOver } from '../fixtures/browser.ts';

let context: BrowserContext;
let page: Page;

test.beforeEach(async ({ newContext }) => {
  await context?.close();
  context = await newContext(PHONE);
  page = await context.newPage();
});
test.afterAll(async () => {
  await context?.close();
});

test.describe('the app shell', () => {
  test('shows the home hero with the page title and no serious accessibility issue', async ({
    expectAccessible,
  }) => {
    await page.goto('/home');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Free Online Dental CE');
    await expect.poll(() => page.title()).toBe('Home | OpenCE');
    await expectAccessible(page);
  });

  test('serves / as home and sends a page-view event after each navigation', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Free Online Dental CE' }).waitFor();
    // Page views are the app's: a link followed before it takes over is a plain page load.
    await untilAppTakesOver(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
    await page.waitForURL('**/support');
    // The event follows the page's render, a moment after the URL changes.
    const pagePaths = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: { page_path: string }[] }).dataLayer ?? []).map(
          (v) => v.page_path,
        ),
      );
    await expect.poll(pagePaths).toEqual(['/', '/support']);
  });

  test('remembers the cookie banner acceptance across a reload', async ({ expectAccessible }) => {
    await page.goto('/home');
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).not.toBe('');
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    const marker = await page.evaluate(() => localStorage.getItem('cookie_accepted'));
    expect(Number.isNaN(Date.parse(marker ?? ''))).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Free Online Dental CE' }).waitFor();
    expect(await banner.count()).toBe(0);
  });

  test('shows the fallback cookie text when the blurb cannot load', async () => {
    // A page without the server's boot data (as from `vite dev`), so the browser asks itself.
    await page.route('**/home', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="boot-data">)[^<]*/,
        '$1',
      );
      await route.fulfill({ response, body: html });
    });
    await page.route('**/api/blurb?code=cookie_message', (route) =>
      route.fulfill({ status: 500, body: '{}' }),
    );
    await page.goto('/home');
    await expect
      .poll(() => page.getByRole('region', { name: 'Cookie notice' }).textContent(), { timeout: 10_000 })
      .toContain('This site uses cookies.');
  });

  test('sends a visitor from a member route to login with the wanted path', async () => {
    await page.goto('/seats');
    await page.waitForURL('**/login?rurl=%2Fseats');
    expect(new URL(page.url()).search).toBe('?rurl=%2Fseats');
  });

  test('shows Page Not Found for an unknown path and for /404', async ({ expectAccessible }) => {
    for (const path of ['/no/such/page', '/404']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      expect(await page.getByText('Unable to locate this resource.').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Home' }).last().getAttribute('href')).toBe('/login');
    }
    await expectAccessible(page);
  });

  test('adds the cache-busting j query when the current menu item is chosen again', async ({
    newContext,
  }) => {
    await context.close();
    context = await newContext(DESKTOP);
    page = await context.newPage();
    await page.goto('/ondemand');
    // Before the app has taken over, the header's links are plain links (a full page load).
    await untilAppTakesOver(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'On-Demand' }).click();
    await page.waitForURL(/\/ondemand\?j=\d+$/);
  });

  test('shows version and build in the footer, and the brand', async () => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await expect.poll(() => footer.textContent()).toMatch(/Version 0\.9\.5 · Build \S+/);
    expect(await footer.textContent()).toContain(String(new Date().getFullYear()));
  });
});

/** Holds every script of the app, so the page shows only what the server sent. */
async function withoutScripts() {
  await page.route('**/assets/*.js', () => undefined);
}

/** The Content Security Policy violations the page reports from now on. */
function cspViolations(): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('the first screen (docs/decisions/0806)', () => {
  test('paints the header and the cookie notice before any script has run, within the CSP', async ({
    expectAccessible,
  }) => {
    const violations = cspViolations();
    const notice = (await (await page.request.get('/api/blurb?code=cookie_message')).json()) as {
      data: { blurb: string }[];
    };
    await withoutScripts();
    // An address the server renders no route for (those: decision 0812, below).
    await page.goto('/blog', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'OpenCE' }).waitFor();
    const banner = page.getByRole('region', { name: 'Cookie notice' });
    await banner.getByRole('button', { name: 'Accept' }).waitFor();
    expect(await banner.locator('p').textContent()).toBe(notice.data[0]!.blurb);
    expect(await page.getByRole('status').textContent()).toBe('Loading…');
    await expectAccessible(page);
    expect(violations).toEqual([]);
  });

  test('never shows the notice to a visitor who accepted it, even before the scripts run', async () => {
    await context.addInitScript(() => localStorage.setItem('cookie_accepted', new Date().toString()));
    await withoutScripts();
    await page.goto('/home', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'OpenCE' }).waitFor();
    // The visitor's screen carries one; the frame for a session keeps its own inert in a
    // template (1127), out of the document.
    expect(await page.locator('.cookie-banner').count()).toBe(1);
    expect(await page.locator('template[data-session-screen]').count()).toBe(1);
    expect(await page.locator('.cookie-banner:visible').count()).toBe(0);
  });

  test('takes the Accept of the notice before the app has loaded, and the app keeps it', async () => {
    await withoutScripts();
    await page.goto('/home', { waitUntil: 'commit' });
    const banner = page.locator('.cookie-banner');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.locator('.cookie-banner:visible').count()).toBe(0);
    const marker = await page.evaluate(() => localStorage.getItem('cookie_accepted'));
    expect(Number.isNaN(Date.parse(marker ?? ''))).toBe(false);
    await page.unroute('**/assets/*.js');
    await page.reload();
    await untilAppTakesOver(page);
    expect(await banner.count()).toBe(0);
  });

  test('hands over to the app without asking again for the brand or the notice', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/site' || url.pathname === '/api/blurb')
        asked.push(url.pathname + url.search);
    });
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Free Online Dental CE' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(await page.getByRole('region', { name: 'Cookie notice' }).count()).toBe(1);
    expect(await page.locator('.site-header').count()).toBe(1);
  });

  /** The list calls the page makes (path and query), from now on. */
  function listCalls(): string[] {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/api\/(home|ondemand|podcasts)$/.test(url.pathname)) asked.push(url.pathname + url.search);
    });
    return asked;
  }

  test("draws a list's first page from the page itself, its lead image preloaded (decision 0809)", async () => {
    const asked = listCalls();
    const imageLoads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') imageLoads.push(new URL(request.url()).pathname);
    });
    await page.goto('/ondemand');
    const lead = page.locator('.featured-photo').first();
    await lead.waitFor();
    const preload = page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.getAttribute('href')).toBe(await lead.getAttribute('src'));
    // The photo comes as the copy the screen needs, chosen alike by the preload (0814).
    expect(await preload.getAttribute('imagesrcset')).toBe(await lead.getAttribute('srcset'));
    expect(await preload.getAttribute('imagesizes')).toBe(await lead.getAttribute('sizes'));
    expect(await page.locator('.list-rows:not([aria-hidden]) .list-row').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    const shown = new URL(await lead.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    expect(shown).toMatch(/^\/media\/_w\/(320|640|1280)\//);
    expect(imageLoads.filter((loaded) => loaded === shown)).toHaveLength(1);

    // The next page is not in the page: the screen asks for it.
    await page.goto('/ondemand/2');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual(['/api/ondemand?page=1']);
  });

  test("asks for a member's own list with their session, as before", async ({ signInAs }) => {
    await signInAs(page, 'demo.member', 'demo-pass-1');
    const asked = listCalls();
    await page.goto('/podcasts');
    await page.locator('.featured-photo').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^\/api\/podcasts\?page=0&s=/);
  });
});

test.describe("a visitor's route in the page (docs/decisions/0812)", () => {
  /** Where the main content's headings, images, fields and links are, and the footer. */
  function layout(target: Page): Promise<string[]> {
    return target.evaluate(() =>
      Array.from(
        document.querySelectorAll('main h1, main h2, main img, main input, main button, main a, footer'),
      )
        .filter((element) => element.checkVisibility())
        .map((element) => {
          const box = element.getBoundingClientRect();
          const name = (element.textContent || element.getAttribute('src') || '').trim().slice(0, 30);
          return `${element.tagName} ${name} @${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
        }),
    );
  }

  test(
    'paints the lists, the sign-in form and a classroom before any script has run, styled, and the app moves nothing',
    AT_BOTH_WIDTHS,
    async ({ newContext, display }) => {
      const { viewport } = display;
      const noScript = await newContext(viewport, { javaScriptEnabled: false });
      const app = await newContext(viewport);
      try {
        const onDemand = (await (await app.request.get('/api/ondemand?page=0')).json()) as {
          data: { hash: string }[];
        };
        const classroom = `/classroom/${onDemand.data[0]!.hash}`;
        for (const address of ['/ondemand', '/podcasts', '/login', classroom]) {
          const served = await noScript.newPage();
          await served.goto(address, { waitUntil: 'networkidle' });
          const before = await layout(served);
          const drawn = await app.newPage();
          await drawn.goto(address, { waitUntil: 'networkidle' });
          await untilAppTakesOver(drawn);
          expect(before.length, address).toBeGreaterThan(3);
          expect(await layout(drawn), address).toEqual(before);
        }
      } finally {
        await noScript.close();
        await app.close();
      }
    },
  );

  test('shows the rows and the lead photo of the API, live before the app takes over, within the CSP', async () => {
    const violations = cspViolations();
    const list = (await (await page.request.get('/api/ondemand?page=0')).json()) as {
      data: { className: string; hash: string }[];
      featuredContent?: { status: boolean; featuredClass: { data: { hash: string }[] } };
    };
    // The featured class is not repeated among the rows under its teaser (decision 1030).
    const featured = list.featuredContent?.status
      ? list.featuredContent.featuredClass.data[0]?.hash
      : undefined;
    list.data = list.data.filter((row) => row.hash !== featured);
    await withoutScripts();
    await page.goto('/ondemand', { waitUntil: 'commit' });
    const screen = page.locator('[data-visitor-screen]');
    await screen.locator('.featured-photo').first().waitFor();
    const preloaded = await page.locator('head link[rel="preload"][as="image"]').getAttribute('href');
    expect(await screen.locator('.featured-photo').first().getAttribute('src')).toBe(preloaded);
    const rows = await screen.locator('.list-row').allTextContents();
    expect(rows.length).toBeGreaterThan(2);
    list.data.slice(0, 3).forEach((row, i) => expect(rows[i]).toContain(row.className));
    // The app takes this screen over as it is (0830): nothing in it waits for the app to be typed in.
    expect(await screen.locator('[inert]').count()).toBe(0);
    expect(await screen.locator('script').count()).toBe(0);
    expect(await page.getByRole('status').count()).toBe(0);
    expect(violations).toEqual([]);
  });

  test("starts the app's scripts after the first screen is shown where the page has a rendered route (0834), at once elsewhere", async () => {
    // Whether the app's entry script was in the page when parsing ended (DOMContentLoaded).
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const entry = document.querySelector('script[type="module"][src*="/assets/index-"]');
        (window as unknown as { entryAtParse: boolean }).entryAtParse = entry !== null;
      });
    });
    const entryAtParse = () =>
      page.evaluate(() => (window as unknown as { entryAtParse: boolean }).entryAtParse);

    await page.goto('/ondemand');
    await untilAppTakesOver(page);
    expect(await entryAtParse()).toBe(false);

    await page.goto('/blog');
    await page.getByRole('heading', { name: 'Dental Blog', level: 1 }).waitFor();
    expect(await entryAtParse()).toBe(true);
  });

  test('brings the route its style sheets, which the app then does not fetch again, warms the date formats and gives rows small copies of their pictures (0813)', async () => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/ondemand');
    await untilAppTakesOver(page);
    await page.waitForLoadState('networkidle');
    // Only the console's sheet is left out of the head; the page's own is inlined as well.
    const sheets = await page
      .locator('head link[rel="stylesheet"][disabled]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(sheets.length).toBeGreaterThan(5);
    expect(sheets.some((sheet) => sheet.includes('admin'))).toBe(false);
    expect(requested.filter((path) => path.endsWith('.css'))).toEqual([]);
    expect(requested).toContain('/date-formats-warm-up.js');
    // The route is still styled by the head's copy of its sheets once the app runs it.
    expect(await page.locator('[data-session-screen]').count()).toBe(0);
    const searchBar = page.locator('.search-bar').first();
    expect(await searchBar.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
    // A row shows the picture's 320-pixel copy, not the cover itself.
    const thumbnail = page.locator('.list-row-photo img').first();
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/media\/_w\/320\/demo\/images\/.+\.webp$/);
  });

  test('shows a stored session the frame with its skeleton instead, as their list differs', async () => {
    await context.addInitScript(() => localStorage.setItem('id_token', 'a-stored-session'));
    await withoutScripts();
    await page.goto('/ondemand', { waitUntil: 'commit' });
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).toBe('Loading…');
    expect(await page.locator('[data-visitor-screen]').count()).toBe(1);
    expect(await page.locator('[data-visitor-screen] .featured-photo:visible').count()).toBe(0);
  });
});
