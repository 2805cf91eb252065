import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  bootListLeadImage,
  ClassType,
  COOKIE_MESSAGE_CODE,
  FEATURED_PHOTO_SIZES,
  FirstScreenMarker,
  largePicture,
  ScreenAttribute,
  Texts,
  visitorScreenOf,
  type TBootClass,
  type TBootData,
  type TBootList,
  type TBootListName,
  type TVisitorScreen,
} from '@opence/shared';
import type { TCompressible } from '../../lib/compression.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createTtlCache } from '../../lib/public-cache.ts';
import type { TSiteService } from './site.service.ts';
import type { TClassResponse } from '@opence/shared/schemas';

/*
 * The page the server sends for every client route (docs/decisions/0806): the built
 * index.html, whose first screen the web build pre-rendered with markers, filled with the brand,
 * the cookie notice's text and the boot data (the answers of /api/site and /api/blurb for the
 * notice), so the browser paints the frame before its script runs and asks for neither again.
 * On a content list's bare address the boot data also holds the list's first page, and the
 * head preloads the image that page shows largest (decision 0809). On the addresses of
 * VISITOR_SCREEN_ROUTES the page also carries the route as the app renders it for a visitor, so
 * the browser paints the content, not a skeleton, before any script has run (decision 0812), and
 * takes it over as it is (0830). That route's times are printed in the reader's zone, which the
 * page's head script puts in a cookie, so a rendered page is built per address and zone (0831).
 */

/** The filled page, compressed on first need (lib/compression). */
export type TFirstScreenPage = TCompressible & { etag: string };

// As long as the public answers it repeats (03 §1: a staff change shows within seconds).
const PAGE_TTL_MS = 5_000;

/** JSON inside <script type="application/json">: no '<', so no text can end the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** The CSP source of each inline script of the page (the head script of the first screen). */
export function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The answers a visitor's screen shows first, as the API gives them to a visitor without a
 * session, or null when one cannot be had (the page then goes without it and the screen asks).
 */
export type TBootSource = {
  list: (list: TBootListName) => Promise<TBootList | null>;
  /** null also for a class its classroom does not show, but sends on (live, premium: 02 §2). */
  classroom: (c: string) => Promise<TBootClass | null>;
};

/** The web app's renderer of a visitor's route from the boot data (apps/web/src/app/route-render.tsx). */
export type TRouteRenderer = {
  renderRoute: (address: string, boot: TBootData) => Promise<string | null>;
  /** What the page's head takes with a rendered route: the public app's style sheets (0813). */
  screenHead: string;
};

/** The call each boot list's screen makes on its bare address (the web app's list-query). */
const BOOT_LIST_CALLS: Record<TBootListName, string> = {
  home: '/api/home',
  ondemand: '/api/ondemand?page=0',
  podcasts: '/api/podcasts?page=0',
  upcoming: '/api/upcoming?page=0',
};

/** Classes whose classroom sends the visitor on instead of drawing it (classroom-page.tsx). */
const SENT_ON_CLASS_TYPES: ReadonlySet<number> = new Set([ClassType.LIVE, ClassType.PREMIUM]);

/**
 * Boot answers asked of the API itself (Fastify's inject: no socket, the same routes, schemas
 * and caches), so the page holds exactly the answer the screen would have fetched.
 */
export function bootFromApi(
  get: (url: string) => Promise<{ statusCode: number; body: string }>,
): TBootSource {
  const answer = async <T>(url: string): Promise<T | null> => {
    const response = await get(url);
    return response.statusCode === 200 ? (JSON.parse(response.body) as T) : null;
  };
  return {
    list: async (list) => {
      const listAnswer = await answer<TBootList['answer']>(BOOT_LIST_CALLS[list]);
      return listAnswer && ({ list, answer: listAnswer } as TBootList);
    },
    classroom: async (c) => {
      const classAnswer = await answer<TClassResponse>(`/api/class?c=${encodeURIComponent(c)}`);
      return classAnswer && !SENT_ON_CLASS_TYPES.has(classAnswer.classObj.typeId)
        ? { c, answer: classAnswer }
        : null;
    },
  };
}

async function readBootData(
  site: TSiteService,
  answers: Pick<TBootData, 'list' | 'classroom' | 'timeZone'>,
): Promise<TBootData> {
  const [settings, cookieRow] = await Promise.all([site.settings(), site.blurb(COOKIE_MESSAGE_CODE)]);
  return {
    site: {
      status: true,
      brand: settings.brand,
      socialLinks: settings.socialLinks,
      desktopSiteUrl: settings.desktopSiteUrl,
    },
    cookieMessage: cookieRow ? { status: true, rowCount: 1, data: [cookieRow] } : null,
    ...answers,
  };
}

/**
 * The head's links: the preload of the list's lead image, ahead of the data and the scripts. A
 * stored picture is preloaded by the same copies and sizes its featured photo shows (0814), so
 * the browser fetches the one copy it then shows.
 */
function headLinks(boot: TBootData): string {
  const image = bootListLeadImage(boot.list);
  if (!image) return '';
  const { src, srcSet } = largePicture(image);
  const choice = srcSet
    ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(FEATURED_PHOTO_SIZES)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${choice} fetchpriority="high">`;
}

/**
 * A visitor's rendered route beside the frame, which then shows only for a stored session (the
 * head script's attribute and styles.css choose); without one, the frame alone as built.
 */
function placeVisitorScreen(page: string, screen: TVisitorScreenMarkup | null): string {
  const [start, end] =
    screen === null
      ? ['', '']
      : [`<div ${ScreenAttribute.VISITOR}>${screen.markup}</div><div ${ScreenAttribute.SESSION}>`, '</div>'];
  const placed = page
    .replace(FirstScreenMarker.SCREEN_START, () => start)
    .replace(FirstScreenMarker.SCREEN_END, () => end);
  // Last in the head, after the page's own sheet, in the cascade order the route's links would
  // have; there it outlives the screen, which the app replaces.
  return screen ? placed.replace('</head>', () => `${screen.head}</head>`) : placed;
}

/** A visitor's rendered route and what the page's head takes with it. */
type TVisitorScreenMarkup = { markup: string; head: string };

export function fillFirstScreen(
  template: string,
  boot: TBootData,
  visitorScreen: TVisitorScreenMarkup | null = null,
): string {
  const cookieText = boot.cookieMessage?.data[0]?.blurb ?? Texts.COOKIE_FALLBACK;
  // Replacer functions, so a '$&' in a staff-written text stays literal. The rendered route
  // goes in last: its text is the staff's, and must not be taken for a marker.
  const filled = template
    .replaceAll(FirstScreenMarker.BRAND, () => escapeHtml(boot.site.brand))
    .replaceAll(FirstScreenMarker.COOKIE_MESSAGE, () => escapeHtml(cookieText))
    .replaceAll(FirstScreenMarker.HEAD_LINKS, () => headLinks(boot))
    .replaceAll(FirstScreenMarker.BOOT_DATA, () => jsonForScript(boot));
  return placeVisitorScreen(filled, visitorScreen);
}

type TFirstScreenDeps = {
  site: TSiteService;
  boot: TBootSource;
  /** null when the web build has no renderer: every page then starts with the frame. */
  renderer: TRouteRenderer | null;
  log: FastifyBaseLogger;
};

// The lists' and the sign-in form's pages, and the classrooms visited in the last 5 s, each in
// the zones of their readers, at most.
const MAX_PAGES = 256;

/** The filled page of an address (path and query), built at most once per PAGE_TTL_MS and address. */
export function createFirstScreen(template: string, deps: TFirstScreenDeps) {
  const cache = createTtlCache<TFirstScreenPage>({ ttlMs: PAGE_TTL_MS, maxEntries: MAX_PAGES });

  async function bootAnswers(
    screen: TVisitorScreen | null,
    timeZone: string | null,
  ): Promise<Pick<TBootData, 'list' | 'classroom' | 'timeZone'>> {
    const [list, classroom] = await Promise.all([
      screen?.list ? deps.boot.list(screen.list) : null,
      screen?.classroom ? deps.boot.classroom(screen.classroom) : null,
    ]);
    return { list, classroom, timeZone };
  }

  /** The route for a visitor, or null: a classroom without its class, or the render failed (logged). */
  async function visitorScreen(
    address: string,
    screen: TVisitorScreen,
    boot: TBootData,
  ): Promise<TVisitorScreenMarkup | null> {
    const { renderer } = deps;
    if (!renderer || (screen.classroom && !boot.classroom)) return null;
    try {
      const markup = await renderer.renderRoute(address, boot);
      return markup === null ? null : { markup, head: renderer.screenHead };
    } catch (error) {
      deps.log.error({ err: error, address }, 'visitor screen not rendered: the page starts with the frame');
      return null;
    }
  }

  /**
   * The page of `address` for a reader in `timeZone` (their cookie's, or null when unknown). Only
   * a rendered screen prints times, so only its pages differ by zone (decision 0831).
   */
  return (address: string, timeZone: string | null = null): Promise<TFirstScreenPage> => {
    const screen = visitorScreenOf(address);
    const zone = screen ? timeZone : null;
    return cache.get(screen ? `${address} ${zone ?? ''}` : '', async () => {
      const boot = await readBootData(deps.site, await bootAnswers(screen, zone));
      const rendered = screen ? await visitorScreen(address, screen, boot) : null;
      const identity = Buffer.from(fillFirstScreen(template, boot, rendered));
      const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
      return { identity, etag };
    });
  };
}
