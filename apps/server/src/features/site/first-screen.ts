import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  bootListLeadImage,
  ClassType,
  COOKIE_MESSAGE_CODE,
  FEATURED_PHOTO_SIZES,
  FirstScreenMarker,
  FRAME_ID_SUFFIX,
  FRAME_MAIN_ATTRIBUTE,
  isConsoleAddress,
  isMemberScreen,
  largePicture,
  ScreenAttribute,
  Texts,
  visitorScreenOf,
  type TApiGet,
  type TBootClass,
  type TBootData,
  type TBootList,
  type TBootListName,
  type TRouteRenderer,
  type TVisitorScreen,
} from '@opence/shared';
import type { TFirstScreenPage, TReader } from '../../domain/first-screen-page.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createTtlCache } from '../../lib/public-cache.ts';
import { redactUrl } from '../../lib/logger.ts';
import type { TSiteService } from './site.service.ts';
import type { TClassResponse, TStudent, TStudentResponse } from '@opence/shared/schemas';

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

// As long as the public answers it repeats (03 §1: a staff change shows within seconds).
const PAGE_TTL_MS = 5_000;

/** JSON inside <script type="application/json">: no '<', so no text can end the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/**
 * The answers a visitor's screen shows first, as the API gives them to a visitor without a
 * session, or null when one cannot be had (the page then goes without it and the screen asks).
 */
export type TBootSource = {
  list: (list: TBootListName) => Promise<TBootList | null>;
  /** null also for a class its classroom does not show, but sends on (live, premium: 02 §2). */
  classroom: (c: string) => Promise<TBootClass | null>;
  /** The member of a session token as GET /api/profile answers them, or null when it is no session. */
  member: (token: string) => Promise<TStudent | null>;
  /** An /api address asked with a member's session, as their browser asks it. */
  memberApi: (token: string) => TApiGet;
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
  get: (url: string, token?: string) => Promise<{ statusCode: number; body: string }>,
): TBootSource {
  const answer = async <T>(url: string, token?: string): Promise<T | null> => {
    const response = await get(url, token);
    return response.statusCode === 200 ? (JSON.parse(response.body) as T) : null;
  };
  return {
    member: async (token) => (await answer<TStudentResponse>('/api/profile', token))?.student ?? null,
    memberApi: (token) => (url) => get(url, token),
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
  answers: Pick<TBootData, 'list' | 'classroom' | 'timeZone' | 'member'>,
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

/** Attributes whose value names ids (space-separated where more than one). */
const ID_REFERENCES =
  /(\s(?:id|for|form|list|aria-controls|aria-labelledby|aria-describedby|aria-owns)=")([^"]*)"/g;

/**
 * The frame as it goes beside a rendered screen (issue 37 row 13, docs/decisions/0934): each id
 * it shares with the screen, and each reference to one, takes FRAME_ID_SUFFIX; its <main> is
 * hidden, shown by the style sheet only with its slot. Either screen can be the one on view.
 */
export function frameBeside(frame: string, screenMarkup: string): string {
  const shared = new Set([...screenMarkup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
  const rename = (value: string) =>
    value
      .split(' ')
      .map((name) => (shared.has(name) ? `${name}${FRAME_ID_SUFFIX}` : name))
      .join(' ');
  return frame
    .replace(ID_REFERENCES, (_, attribute: string, value: string) => `${attribute}${rename(value)}"`)
    .replace(/(\shref="#)([^"]+)"/g, (_, attribute: string, value: string) => `${attribute}${rename(value)}"`)
    .replace(/<main(?=[\s>])/g, `<main hidden ${FRAME_MAIN_ATTRIBUTE}`);
}

/**
 * A rendered route beside the frame, each in the place of the browser that shows it (the head
 * script's session attribute and styles.css choose): a visitor's route, with the frame for a
 * stored session; a member's own route (0833), with the frame for a browser without one. Without
 * a rendered route, the frame alone as built. The frame beside a route comes in a <template>
 * (decision 1127): inert markup that no browser styles or lays out, which the page's loader puts
 * in the page only where it is the screen on view (first-screen/paint-first.ts).
 */
function placeScreen(page: string, screen: TScreenMarkup | null): string {
  const rendered = (slot: string, markup: string) =>
    `<div ${slot} ${ScreenAttribute.RENDERED}>${markup}</div>`;
  const [start, end] =
    screen === null
      ? ['', '']
      : screen.for === 'visitor'
        ? [
            `${rendered(ScreenAttribute.VISITOR, screen.markup)}<template ${ScreenAttribute.SESSION}>`,
            '</template>',
          ]
        : [
            `<template ${ScreenAttribute.VISITOR}>`,
            `</template>${rendered(ScreenAttribute.SESSION, screen.markup)}`,
          ];
  const [before, rest = ''] = page.split(FirstScreenMarker.SCREEN_START);
  const [frame = '', after = ''] = rest.split(FirstScreenMarker.SCREEN_END);
  const placed = rest
    ? `${before}${start}${screen ? frameBeside(frame, screen.markup) : frame}${end}${after}`
    : page;
  // Last in the head, after the page's own sheet, in the cascade order the route's links would
  // have; there it outlives the screen, which the app replaces.
  return screen ? placed.replace('</head>', () => `${screen.head}</head>`) : placed;
}

/** A rendered route, whose it is, and what the page's head takes with it. */
type TScreenMarkup = { markup: string; head: string; for: 'visitor' | 'member' };

export function fillFirstScreen(
  template: string,
  boot: TBootData,
  screen: TScreenMarkup | null = null,
): string {
  const cookieText = boot.cookieMessage?.data[0]?.blurb ?? Texts.COOKIE_FALLBACK;
  // Replacer functions, so a '$&' in a staff-written text stays literal. The rendered route
  // goes in last: its text is the staff's, and must not be taken for a marker.
  const filled = template
    .replaceAll(FirstScreenMarker.BRAND, () => escapeHtml(boot.site.brand))
    .replaceAll(FirstScreenMarker.COOKIE_MESSAGE, () => escapeHtml(cookieText))
    .replaceAll(FirstScreenMarker.HEAD_LINKS, () => headLinks(boot))
    .replaceAll(FirstScreenMarker.BOOT_DATA, () => jsonForScript(boot));
  return placeScreen(filled, screen);
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

const NO_READER: TReader = { timeZone: null, session: null };

/**
 * The filled page of an address (path and query), built at most once per PAGE_TTL_MS, address
 * and zone; a member's own screen for each request.
 */
export function createFirstScreen(template: string, deps: TFirstScreenDeps) {
  const cache = createTtlCache<TFirstScreenPage>({ ttlMs: PAGE_TTL_MS, maxEntries: MAX_PAGES });

  async function bootAnswers(
    screen: TVisitorScreen | null,
    timeZone: string | null,
  ): Promise<Pick<TBootData, 'list' | 'classroom' | 'timeZone' | 'member'>> {
    const [list, classroom] = await Promise.all([
      screen?.list ? deps.boot.list(screen.list) : null,
      screen?.classroom ? deps.boot.classroom(screen.classroom) : null,
    ]);
    return { list, classroom, timeZone, member: null };
  }

  /** The route for a visitor, or null: a classroom without its class, or the render failed (logged). */
  async function visitorScreen(
    address: string,
    screen: TVisitorScreen,
    boot: TBootData,
  ): Promise<TScreenMarkup | null> {
    const { renderer } = deps;
    if (!renderer || (screen.classroom && !boot.classroom)) return null;
    try {
      const markup = await renderer.renderRoute(address, boot);
      return markup === null ? null : { markup, head: renderer.screenHead, for: 'visitor' };
    } catch (error) {
      deps.log.error(
        { err: error, address: redactUrl(address) },
        'visitor screen not rendered: the page starts with the frame',
      );
      return null;
    }
  }

  /**
   * A member's own screen at `address`, drawn for them with their answers (decision 0833), or null
   * when the token is no session or the screen could not be drawn (logged); the page then starts
   * with the frame, as before. In their profile's zone, else their browser's.
   */
  async function memberPage(address: string, token: string, timeZone: string | null) {
    const { renderer } = deps;
    if (!renderer?.renderMemberRoute) return null;
    const student = await deps.boot.member(token);
    if (!student) return null;
    const renderedAt = new Date().toISOString();
    const boot = await readBootData(deps.site, {
      list: null,
      classroom: null,
      timeZone: student.timeZone ?? timeZone,
      member: null,
    });
    const session = {
      name: [student.firstname, student.lastname].filter(Boolean).join(' '),
      email: student.email,
      timeZone: student.timeZone,
    };
    try {
      const screen = await renderer.renderMemberRoute(address, boot, {
        session,
        renderedAt,
        get: deps.boot.memberApi(token),
      });
      if (!screen) return null;
      const filled = fillFirstScreen(
        template,
        Object.assign(boot, { member: { queries: screen.queries, renderedAt } }),
        {
          markup: screen.markup,
          head: isConsoleAddress(address)
            ? (renderer.consoleHead ?? renderer.screenHead)
            : renderer.screenHead,
          for: 'member',
        },
      );
      return { identity: Buffer.from(filled), etag: '', isPrivate: true };
    } catch (error) {
      deps.log.error(
        { err: error, address: redactUrl(address) },
        "member's screen not rendered: the page starts with the frame",
      );
      return null;
    }
  }

  /**
   * The page of `address` for a reader: in their zone (their cookie's, or null when unknown; only
   * a rendered screen prints times, so only its pages differ by zone, decision 0831), and on a
   * member's own routes with their session, their screen (0833).
   */
  return async (address: string, reader: TReader = NO_READER): Promise<TFirstScreenPage> => {
    if (reader.session && isMemberScreen(address)) {
      const page = await memberPage(address, reader.session, reader.timeZone);
      if (page) return page;
    }
    const { timeZone } = reader;
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
