import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  BOOT_DATA_ELEMENT_ID,
  ClassType,
  FEATURED_PHOTO_SIZES,
  FirstScreenMarker,
  pictureAt,
  pictureSrcSet,
  Texts,
  type TBootData,
  type TBootList,
} from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createMember } from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';
import { fillFirstScreen, frameBeside } from './first-screen.ts';

// The shape the web build writes (apps/web/vite-first-screen.ts), markers and an inline head script
// (the build's is apps/web/src/first-screen/head-script.ts, bundled) included.
const HEAD_SCRIPT = '(function(){document.documentElement.setAttribute("data-x","")})();';
const TEMPLATE = [
  `<!doctype html><html><head><script>${HEAD_SCRIPT}</script>${FirstScreenMarker.HEAD_LINKS}</head><body>`,
  `<div id="root">${FirstScreenMarker.SCREEN_START}<a class="brand">${FirstScreenMarker.BRAND}</a>`,
  `<p class="cookie">${FirstScreenMarker.COOKIE_MESSAGE}</p>${FirstScreenMarker.SCREEN_END}</div>`,
  `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${FirstScreenMarker.BOOT_DATA}</script>`,
  '</body></html>',
].join('');
const HOSTILE_BRAND = `Brand </script><script>alert(1)</script> & "Co" $& $'`;
const HOSTILE_COOKIE = `We use <b>cookies</b> </script><!-- $1 -->`;

let t: TTestApp;
const webDist = mkdtempSync(path.join(tmpdir(), 'opence-first-screen-'));

function bootDataOf(html: string): TBootData {
  const match = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as TBootData;
}

async function setCookieMessage(text: string | null) {
  const db = t.app.deps.database.db;
  await db.deleteFrom('blurbs').where('code', '=', 'cookie_message').execute();
  if (text !== null) {
    await db
      .insertInto('blurbs')
      .values({ code: 'cookie_message', blurb: text, updated_at: nowIso() })
      .execute();
  }
}

beforeAll(async () => {
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  t = await buildTestApp({ WEB_DIST: webDist });
  await t.app.deps.database.db
    .insertInto('settings')
    .values({ key: 'brand', value: HOSTILE_BRAND, updated_at: nowIso() })
    .execute();
  await setCookieMessage(HOSTILE_COOKIE);
});
afterAll(() => t.close());

describe('the first screen of every page', () => {
  it('carries the brand and the cookie notice as text, and the same answers /api/site and /api/blurb give', async () => {
    const res = await t.app.inject({ url: '/ondemand/3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    for (const marker of Object.values(FirstScreenMarker)) expect(html).not.toContain(marker);
    expect(html).toContain(
      '<a class="brand">Brand &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; $&amp; $&#39;</a>',
    );
    expect(html).toContain(
      '<p class="cookie">We use &lt;b&gt;cookies&lt;/b&gt; &lt;/script&gt;&lt;!-- $1 --&gt;</p>',
    );
    // Only the page's own two script elements close: no text ended one early.
    expect(html.match(/<\/script>/g)).toHaveLength(2);

    const boot = bootDataOf(html);
    expect(boot.site).toEqual((await t.app.inject({ url: '/api/site' })).json());
    expect(boot.cookieMessage).toEqual(
      (await t.app.inject({ url: '/api/blurb?code=cookie_message' })).json(),
    );
    expect(boot.site.brand).toBe(HOSTILE_BRAND);
  });

  it('allows the head script, and no other inline script, by its hash in the CSP', async () => {
    const res = await t.app.inject({ url: '/home' });
    const hash = createHash('sha256').update(HEAD_SCRIPT).digest('base64');
    const scriptSources = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1];
    expect(scriptSources).toBe(`'self' 'sha256-${hash}'`);
  });

  it('sends the filled page for /index.html too, never the template', async () => {
    const res = await t.app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(FirstScreenMarker.BOOT_DATA);
    const route = await t.app.inject({ url: '/blog' });
    expect(route.body).toBe(res.body);
  });

  it('is compressed with br or gzip as the client accepts', async () => {
    const plain = await t.app.inject({ url: '/home' });
    const br = await t.app.inject({ url: '/home', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ url: '/home', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a matching ETag and is never cached without asking', async () => {
    const first = await t.app.inject({ url: '/terms' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      url: '/blog',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe("a content list's first page in its page (decision 0809)", () => {
  it('is the answer its screen would fetch, on the bare addresses of the lists', async () => {
    const calls: [string, TBootList['list'], string][] = [
      ['/', 'home', '/api/home'],
      ['/home', 'home', '/api/home'],
      ['/ondemand', 'ondemand', '/api/ondemand?page=0'],
      ['/podcasts', 'podcasts', '/api/podcasts?page=0'],
      ['/webinars', 'upcoming', '/api/upcoming?page=0'],
      ['/upcoming', 'upcoming', '/api/upcoming?page=0'],
    ];
    for (const [address, list, call] of calls) {
      const boot = bootDataOf((await t.app.inject({ url: address })).body);
      expect(boot.list, address).toEqual({ list, answer: (await t.app.inject({ url: call })).json() });
    }
  });

  it('is not there for another page, a filter, a mark or another route', async () => {
    for (const address of ['/ondemand/2', '/ondemand?cid=x', '/podcasts?j=1', '/webinars?page=2', '/home/']) {
      const boot = bootDataOf((await t.app.inject({ url: address })).body);
      expect(boot.list, address).toBeNull();
    }
  });

  it('sends no image preload when the list shows no featured photo', async () => {
    const html = (await t.app.inject({ url: '/ondemand' })).body;
    expect(html).not.toContain('rel="preload"');
  });
});

describe('filling the first screen', () => {
  const site = { status: true, brand: 'B', socialLinks: [], desktopSiteUrl: '' };

  /** The podcasts list's first page, whose only featured item is a blog post with `photo`. */
  function podcastsFeaturing(photo: string): TBootList {
    const answer = {
      page: 0,
      featuredContent: {
        status: true,
        featuredClass: { status: true, rowCount: 0, data: [] },
        featuredPodcast: { status: true, rowCount: 0, data: [] },
        featuredBlog: {
          status: true,
          rowCount: 1,
          data: [{ id: 'b', title: 'B', blurb: '', photo, featured: true }],
        },
        featuredHash: '',
      },
    };
    return { list: 'podcasts', answer } as unknown as TBootList;
  }

  it('preloads the lead featured photo of a list, as an escaped attribute', () => {
    const list = podcastsFeaturing('/media/a".jpg?x=<y>&z');
    const html = fillFirstScreen(TEMPLATE, {
      site,
      cookieMessage: null,
      list,
      classroom: null,
      timeZone: null,
      member: null,
    });
    expect(html).toContain(
      '<head><script>' +
        HEAD_SCRIPT +
        '</script><link rel="preload" as="image" href="/media/a&quot;.jpg?x=&lt;y&gt;&amp;z" fetchpriority="high"></head>',
    );
    expect(bootDataOf(html).list).toEqual(list);
  });

  it('preloads a stored lead photo by the copies and sizes the featured photo shows (0814)', () => {
    const photo = '/media/uploads/2026/11/lead.jpg';
    const list = podcastsFeaturing(photo);
    const html = fillFirstScreen(TEMPLATE, {
      site,
      cookieMessage: null,
      list,
      classroom: null,
      timeZone: null,
      member: null,
    });
    expect(html).toContain(
      `<link rel="preload" as="image" href="${pictureAt(photo, 640)}" imagesrcset="${pictureSrcSet(photo)}" ` +
        `imagesizes="${FEATURED_PHOTO_SIZES}" fetchpriority="high"></head>`,
    );
  });

  it('shows the fallback text and sends no notice when the cookie block does not exist', () => {
    const html = fillFirstScreen(TEMPLATE, {
      site,
      cookieMessage: null,
      list: null,
      classroom: null,
      timeZone: null,
      member: null,
    });
    expect(html).toContain(`<p class="cookie">${Texts.COOKIE_FALLBACK}</p>`);
    expect(bootDataOf(html).cookieMessage).toBeNull();
  });

  it('shows a changed notice once the page cache (5 s) has passed', async () => {
    await setCookieMessage('Changed notice.');
    const stale = await t.app.inject({ url: '/home' });
    expect(stale.body).not.toContain('Changed notice.');
    const later = Date.now() + 5_001;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      const fresh = await t.app.inject({ url: '/home' });
      expect(fresh.body).toContain('<p class="cookie">Changed notice.</p>');
    } finally {
      Date.now = realNow;
    }
  });
});

describe("a visitor's route in the page (decision 0812)", () => {
  // A renderer as the web build writes it (dist/render/route-render.js), telling what it was given.
  const SCREEN_HEAD = '<style>main{margin:0}</style><link rel="stylesheet" href="/assets/a.css" disabled>';
  const CONSOLE_HEAD =
    '<style>.admin{margin:0}</style><link rel="stylesheet" href="/assets/admin.css" disabled>';
  const RENDERER = [
    'export async function renderRoute(address, boot) {',
    "  if (address === '/podcasts') throw new Error('the route failed to render');",
    "  if (address === '/login') return null;",
    "  const zone = boot.timeZone ? ` in ${boot.timeZone}` : '';",
    '  return `<main data-address="${address}">${boot.list?.list ?? boot.classroom?.c}${zone} $& %OPENCE_BRAND%</main>`;',
    '}',
    'let memberRenders = 0;',
    'export async function renderMemberRoute(address, boot, member) {',
    "  if (address === '/pending') throw new Error('the member route failed to render');",
    "  if (address === '/queue') return null;",
    "  const profile = await member.get('/api/profile');",
    '  memberRenders += 1;',
    '  return {',
    '    markup: `<main data-member="${member.session.name}|${member.session.email}|${boot.timeZone}|${memberRenders}">${address} ${profile.statusCode} ${JSON.parse(profile.body).student.username}</main>`,',
    "    queries: { queries: [{ queryKey: ['asked', address] }] },",
    '  };',
    '}',
    `export const screenHead = '${SCREEN_HEAD}';`,
    `export const consoleHead = '${CONSOLE_HEAD}';`,
  ].join('\n');
  let rendered: TTestApp;
  const logLines: string[] = [];
  const renderedDist = mkdtempSync(path.join(tmpdir(), 'opence-route-render-'));
  const frame = `<a class="brand">B</a><p class="cookie">${Texts.COOKIE_FALLBACK}</p>`;

  beforeAll(async () => {
    writeFileSync(path.join(renderedDist, 'index.html'), TEMPLATE);
    mkdirSync(path.join(renderedDist, 'render'));
    writeFileSync(path.join(renderedDist, 'render', 'route-render.js'), RENDERER);
    rendered = await buildTestApp(
      { WEB_DIST: renderedDist },
      { logStream: { write: (line) => logLines.push(line) } },
    );
    await rendered.app.deps.database.db
      .insertInto('settings')
      .values({ key: 'brand', value: 'B', updated_at: nowIso() })
      .execute();
  });
  afterAll(() => rendered.close());

  it('goes beside the frame, sent inert in a template for a stored session (1127)', async () => {
    for (const [address, list] of [
      ['/', 'home'],
      ['/home', 'home'],
      ['/ondemand', 'ondemand'],
      ['/webinars', 'upcoming'],
      ['/upcoming', 'upcoming'],
    ]) {
      const html = (await rendered.app.inject({ url: address })).body;
      expect(html, address).toContain(
        `<div id="root"><div data-visitor-screen data-rendered><main data-address="${address}">${list} $& %OPENCE_BRAND%</main></div>` +
          `<template data-session-screen>${frame}</template></div>`,
      );
      // The sheets outlive the screen the app replaces, after the page's own in the cascade.
      expect(html, address).toContain(`${SCREEN_HEAD}</head>`);
      expect(html.split(SCREEN_HEAD)).toHaveLength(2);
      expect(bootDataOf(html).list?.list).toBe(list);
    }
  });

  it("goes with the class on a classroom's bare addresses, the class as /api/class answers a visitor", async () => {
    const db = rendered.app.deps.database.db;
    const onDemand = await createClass(db);
    for (const address of [`/classroom/${onDemand.hash}`, `/on-demand-dental-ce-course/${onDemand.hash}`]) {
      const html = (await rendered.app.inject({ url: address })).body;
      expect(html, address).toContain(
        `<div data-visitor-screen data-rendered><main data-address="${address}">${onDemand.hash} $& %OPENCE_BRAND%</main></div>`,
      );
      const answer = (await rendered.app.inject({ url: `/api/class?c=${onDemand.hash}` })).json() as {
        classObj: object;
      };
      // The answer says when it was made.
      const asked = { ...answer, classObj: { ...answer.classObj, serverTime: expect.any(String) } };
      expect(bootDataOf(html).classroom).toEqual({ c: onDemand.hash, answer: asked });
    }

    // A live webinar's and a premium course's classroom send the visitor on: nothing to draw.
    const live = await createClass(db, { type_id: ClassType.LIVE });
    const premium = await createClass(db, { type_id: ClassType.PREMIUM });
    for (const address of [
      `/classroom/${live.hash}`,
      `/classroom/${premium.hash}`,
      '/classroom/no-such-class',
    ]) {
      const html = (await rendered.app.inject({ url: address })).body;
      expect(html, address).toContain(`<div id="root">${frame}</div>`);
      expect(html, address).not.toContain(SCREEN_HEAD);
      expect(bootDataOf(html).classroom, address).toBeNull();
    }
  });

  it('is not there on other addresses, and the page is the frame alone', async () => {
    const { hash } = await createClass(rendered.app.deps.database.db);
    for (const address of [
      '/ondemand/2',
      '/ondemand?j=1',
      '/webinars?page=2',
      `/classroom/${hash}?j=1`,
      '/classroom/',
    ]) {
      const html = (await rendered.app.inject({ url: address })).body;
      expect(html, address).toContain(`<div id="root">${frame}</div>`);
      expect(html, address).not.toContain(SCREEN_HEAD);
      for (const marker of Object.values(FirstScreenMarker)) expect(html).not.toContain(marker);
    }
  });

  it('is left out, with the error logged, when the route fails or has nothing to render', async () => {
    for (const address of ['/podcasts', '/login']) {
      const res = await rendered.app.inject({ url: address });
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toContain(`<div id="root">${frame}</div>`);
      expect(res.body, address).not.toContain(SCREEN_HEAD);
    }
    const errors = logLines.filter((line) => line.includes('visitor screen not rendered'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('the route failed to render');
  });

  it("prints the screen in the reader's zone from their cookie, one page per address and zone (0831)", async () => {
    const page = (cookie?: string) =>
      rendered.app.inject({ url: '/ondemand', headers: cookie ? { cookie } : {} });
    const west = await page('theme=dark; tz=America%2FLos_Angeles');
    expect(west.body).toContain('<main data-address="/ondemand">ondemand in America/Los_Angeles $& ');
    expect(bootDataOf(west.body).timeZone).toBe('America/Los_Angeles');
    expect(west.headers.vary).toBe('Accept-Encoding, Cookie');
    const east = await page('tz=America/New_York');
    expect(bootDataOf(east.body).timeZone).toBe('America/New_York');
    expect(east.headers.etag).not.toBe(west.headers.etag);
    // The same zone again is the same page, from the cache.
    expect((await page('tz=America%2FLos_Angeles')).headers.etag).toBe(west.headers.etag);

    // No cookie, or a zone no runtime knows: the zone is not known, and the screen says so.
    for (const cookie of [undefined, 'tz=Mars%2FOlympus', 'tz=%E0%A4%A', `tz=${'A'.repeat(300)}`]) {
      const html = (await page(cookie)).body;
      expect(bootDataOf(html).timeZone, cookie).toBeNull();
      expect(html, cookie).toContain('<main data-address="/ondemand">ondemand $& ');
    }
  });

  it('ignores the zone where the page has no rendered screen', async () => {
    const plain = await rendered.app.inject({ url: '/blog' });
    const west = await rendered.app.inject({ url: '/blog', headers: { cookie: 'tz=America%2FLos_Angeles' } });
    expect(west.headers.etag).toBe(plain.headers.etag);
    expect(bootDataOf(west.body).timeZone).toBeNull();
  });

  it("draws a member's own route for their session cookie, privately, in their profile's zone (0833)", async () => {
    const db = rendered.app.deps.database.db;
    const member = await createMember(db, { time_zone: 'America/Denver' });
    const res = await rendered.app.inject({
      url: '/seats',
      headers: { cookie: `tz=Europe%2FBerlin; opence_session=${member.token}` },
    });
    const html = res.body;
    const { student } = (await rendered.app.inject({ url: `/api/profile?s=${member.token}` })).json() as {
      student: { firstname: string; lastname: string };
    };
    const who = `${student.firstname} ${student.lastname}|${member.email}|America/Denver`;
    // The frame for a browser without the session, the member's screen for theirs.
    expect(html).toContain(
      `<div id="root"><template data-visitor-screen>${frame}</template><div data-session-screen data-rendered>` +
        `<main data-member="${who}|1">/seats 200 ${member.username}</main></div></div>`,
    );
    expect(html).toContain(`${SCREEN_HEAD}</head>`);
    const boot = bootDataOf(html);
    expect(boot.member?.queries).toEqual({ queries: [{ queryKey: ['asked', '/seats'] }] });
    expect(Number.isNaN(Date.parse(boot.member?.renderedAt ?? ''))).toBe(false);
    expect(boot.timeZone).toBe('America/Denver');
    expect(boot.list).toBeNull();
    // Never cached or compared, and the session token is nowhere in the page.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(html).not.toContain(member.token);
    const again = await rendered.app.inject({
      url: '/reserved',
      headers: { cookie: `opence_session=${member.token}` },
    });
    expect(again.body).toContain(`data-member="${who}|2">/reserved 200`);

    // The console's dashboard brings the console's sheets.
    const console = await rendered.app.inject({
      url: '/admin',
      headers: { cookie: `opence_session=${member.token}` },
    });
    expect(console.body).toContain(`data-member="${who}|3">/admin 200`);
    expect(console.body).toContain(`${CONSOLE_HEAD}</head>`);
    expect(console.body).not.toContain(SCREEN_HEAD);

    // Without a profile zone, the browser's from its cookie.
    const noZone = await createMember(db);
    const west = await rendered.app.inject({
      url: `/exam/${member.hash}`,
      headers: { cookie: `opence_session=${noZone.token}; tz=America%2FLos_Angeles` },
    });
    expect(bootDataOf(west.body).timeZone).toBe('America/Los_Angeles');
  });

  it("draws no member's screen without a valid session, elsewhere, or when the render fails or has nothing", async () => {
    const db = rendered.app.deps.database.db;
    const member = await createMember(db);
    const page = (url: string, token: string) =>
      rendered.app.inject({ url, headers: { cookie: `opence_session=${token}` } });
    for (const [url, token] of [
      ['/seats', 'x'.repeat(43)],
      ['/seats', 'not a token'],
      ['/seats/2', member.token],
      ['/completed/2', member.token],
      ['/admin/members', member.token],
      ['/pending', member.token],
      ['/queue', member.token],
    ] as const) {
      const res = await page(url, token);
      expect(res.body, url).toContain(`<div id="root">${frame}</div>`);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(bootDataOf(res.body).member, url).toBeNull();
    }
    const errors = logLines.filter((line) => line.includes("member's screen not rendered"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('the member route failed to render');
    // A public route for a session: the visitor's screen beside the frame, as before.
    expect((await page('/ondemand', member.token)).body).toContain('<div data-visitor-screen data-rendered>');
  });

  it('comes from a renderer that is never served as a file', async () => {
    const res = await rendered.app.inject({ url: '/render/route-render.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('renderRoute');
  });
});

describe('the frame beside a rendered screen (issue 37 row 13, decision 0934)', () => {
  it('takes a suffix on each id it shares, and on each reference to one, and hides its <main>', () => {
    const screen = '<nav id="site-nav"></nav><ul id="more-menu"></ul><main id="main" tabindex="-1"></main>';
    const frame =
      '<a class="skip-link" href="#main">Skip</a><button aria-controls="site-nav more-menu" aria-expanded="false"></button>' +
      '<nav id="site-nav" aria-label="Main"></nav><label for="q">Search</label><input id="q"><main id="main" tabindex="-1"></main>';
    expect(frameBeside(frame, screen)).toBe(
      '<a class="skip-link" href="#main--frame">Skip</a><button aria-controls="site-nav--frame more-menu--frame" aria-expanded="false"></button>' +
        '<nav id="site-nav--frame" aria-label="Main"></nav><label for="q">Search</label><input id="q"><main hidden data-frame-main id="main--frame" tabindex="-1"></main>',
    );
  });
});
