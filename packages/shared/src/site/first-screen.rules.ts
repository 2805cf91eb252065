import type { TFeaturedContent } from '../ads/ads.schema.ts';
import type {
  THomeResponse,
  TOnDemandResponse,
  TPodcastsResponse,
  TUpcomingResponse,
} from '../catalog/catalog.schema.ts';
import type { TClassResponse } from '../classroom/classroom.schema.ts';
import { cookieValue } from './local-time.rules.ts';

/*
 * The first screen (docs/decisions/0806): the web build renders the page frame (header, a
 * loading skeleton, the cookie notice) into index.html with these markers in place of the
 * brand and the notice's text; the server fills them for each page it sends, with the same
 * answers /api/site and /api/blurb give, so the browser paints the frame before any script has
 * run and React takes over with the same data and the same markup.
 */
export const FirstScreenMarker = {
  BRAND: '%OPENCE_BRAND%',
  COOKIE_MESSAGE: '%OPENCE_COOKIE_MESSAGE%',
  BOOT_DATA: '%OPENCE_BOOT_DATA%',
  /** In <head>: the preload of the image the first screen will show largest, if any. */
  HEAD_LINKS: '<!--opence-head-links-->',
  /** Around the frame inside #root: where the server puts a visitor's rendered route (0812). */
  SCREEN_START: '<!--opence-screen-->',
  SCREEN_END: '<!--/opence-screen-->',
} as const;

/** The id of the JSON script element that carries TBootData. */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';

/** The blurb the cookie notice shows (01 §1). */
export const COOKIE_MESSAGE_CODE = 'cookie_message';

/**
 * The content lists whose first page comes with the page (decision 0809), by the address of
 * their screen: the list's GET /api/<list> answer for a visitor without a session, so the
 * screen draws its rows with the app's first render instead of a round trip later. Only the
 * bare address: a page number, a filter or a cache-busting mark asks the API as before. The live
 * webinars' list came with 0831: its times are the ones a reader most needs in their own zone.
 */
export const BOOT_LIST_ROUTES = {
  '/': 'home',
  '/home': 'home',
  '/ondemand': 'ondemand',
  '/podcasts': 'podcasts',
  '/webinars': 'upcoming',
  '/upcoming': 'upcoming',
} as const;
export type TBootListName = (typeof BOOT_LIST_ROUTES)[keyof typeof BOOT_LIST_ROUTES];

export type TBootList =
  | { list: 'home'; answer: THomeResponse }
  | { list: 'ondemand'; answer: TOnDemandResponse }
  | { list: 'podcasts'; answer: TPodcastsResponse }
  | { list: 'upcoming'; answer: TUpcomingResponse };

/** A classroom's class as GET /api/class answers a visitor, by the class's public id. */
export type TBootClass = { c: string; answer: TClassResponse };

/** A classroom's bare address, at its route or its alias (01 §2), with the class's public id. */
const CLASSROOM_ADDRESS = /^\/(?:classroom|on-demand-dental-ce-course)\/([\w-]{1,120})$/;

/** What the page of an address carries for a visitor's rendered route: a list, a class, or neither. */
export type TVisitorScreen = { list: TBootListName | null; classroom: string | null };

/**
 * The addresses whose route the server renders into the page for a visitor (decision 0812):
 * the content lists with their first page, a classroom with its class, and the sign-in form;
 * null for any other address, whose page starts with the frame. The page keeps the frame with
 * its skeleton beside the route for a browser with a stored session (SESSION_ATTRIBUTE), whose
 * screen differs, and React replaces both once the route's code has loaded.
 */
export function visitorScreenOf(address: string): TVisitorScreen | null {
  if (Object.hasOwn(BOOT_LIST_ROUTES, address)) {
    return { list: BOOT_LIST_ROUTES[address as keyof typeof BOOT_LIST_ROUTES], classroom: null };
  }
  if (address === '/login') return { list: null, classroom: null };
  const classroom = CLASSROOM_ADDRESS.exec(address)?.[1];
  return classroom ? { list: null, classroom } : null;
}

/**
 * The session cookie (decisions 0833, 0842): HttpOnly, set by the server with every answer that
 * starts a session, cleared on logout and erasure. The page server draws a member's own screen by
 * it; the API takes it as the session on a same-origin GET only, so a write still needs the token
 * as s (or a Bearer header), which no other site has.
 */
export const SESSION_COOKIE = 'opence_session';
/** As long as a session lasts unused (30 days), in seconds; the app has it renewed once a day. */
export const SESSION_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

/** A session token as the server issues them (256 bits, base64url). */
const SESSION_TOKEN = /^[\w-]{20,100}$/;

/** The session token of a Cookie header, or null when it has none that could be one. */
export function sessionFromCookie(header: string | undefined): string | null {
  const token = cookieValue(header, SESSION_COOKIE);
  return token && SESSION_TOKEN.test(token) ? token : null;
}

/**
 * The member's routes whose screen the server renders for their session (decision 0833): their
 * lists, their account, a live room and an exam, at their routes and aliases (01 §2, 02 §2), and
 * the staff console's dashboard. Only the first page of a list and a class's bare address.
 */
const MEMBER_SCREEN_ADDRESS =
  /^\/(?:(?:seats|reserved|completed|completed-exams|pending|exams|queue|tutorial-history|account|admin)|(?:live|classroom-live|exam)\/[\w-]{1,120})$/;

export function isMemberScreen(address: string): boolean {
  return MEMBER_SCREEN_ADDRESS.test(address);
}

/** The staff console's addresses, whose screens bring the console's style sheets (0833). */
export const isConsoleAddress = (address: string) => /^\/admin(?:[/?]|$)/.test(address);

/**
 * The frame beside a rendered screen (one of the two is shown, 0812) gets this after every id it
 * shares with it, and its <main> the hidden attribute (shown by CSS with its slot), so the page
 * holds no duplicate id and one <main> (issue 37 row 13, docs/decisions/0934).
 */
export const FRAME_ID_SUFFIX = '--frame';
export const FRAME_MAIN_ATTRIBUTE = 'data-frame-main';

/** The wrappers of the two first screens, shown by the session attribute (styles.css). */
export const ScreenAttribute = {
  VISITOR: 'data-visitor-screen',
  SESSION: 'data-session-screen',
  /** On the session's screen when it is the member's route rendered by the server, not the frame (0833). */
  RENDERED: 'data-rendered',
} as const;

/**
 * The photo of the first featured teaser (the class, else the podcast, else the blog post:
 * 02 §2's order, as the teasers draw them), which is the largest image of a list's first
 * screen; null when the first teaser has no photo or there is none.
 */
export function leadFeaturedPhoto(content: TFeaturedContent): string | null {
  if (!content.status) return null;
  const lead =
    content.featuredClass.data[0] ?? content.featuredPodcast.data[0] ?? content.featuredBlog.data[0];
  return lead?.photo ?? null;
}

/** The image a list's first screen shows largest (its lead featured photo), to preload. */
export function bootListLeadImage(boot: TBootList | null): string | null {
  if (!boot || boot.list === 'home' || boot.list === 'upcoming' || boot.answer.page !== 0) return null;
  return leadFeaturedPhoto(boot.answer.featuredContent);
}

/** The attribute the head script sets on <html> when the cookie notice was accepted. */
export const COOKIE_ACCEPTED_ATTRIBUTE = 'data-cookie-accepted';

/** The attribute the head script sets on <html> when a session token is stored. */
export const SESSION_ATTRIBUTE = 'data-session';

/** The worker the head script starts to load ICU's date data off the main thread (0813). */
export const DATE_FORMATS_WARM_UP_PATH = '/date-formats-warm-up.js';

/** What the head script keeps of a visitor's taps and form submits before the app runs (0830). */
export const EARLY_INPUT_GLOBAL = '__openceEarlyInput';

/** The things a tap on which the app acts: buttons, and the read-only boxes that open a panel. */
export const EARLY_TAP_TARGETS = 'button,[role="button"],input[readonly]';
