import type { TFeaturedContent } from '../ads/ads.schema.ts';
import type {
  THomeResponse,
  TOnDemandResponse,
  TPodcastsResponse,
  TUpcomingResponse,
} from '../catalog/catalog.schema.ts';
import type { TClassResponse } from '../classroom/classroom.schema.ts';
import type { TBlurbResponse, TSiteResponse } from './site.schema.ts';
import { StorageKey } from '../constants.ts';
import { cookieValue, TIME_ZONE_COOKIE } from './local-time.rules.ts';

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
 * The cookie that mirrors the session token the browser keeps (01 §3) for the page server, which
 * renders a member's own screen with it (decision 0833). The API never reads it: every call
 * still carries the token as s, so a request another site makes with the cookie gets nothing.
 */
export const SESSION_COOKIE = 'opence_session';
/** As long as a session lasts unused (30 days), in seconds; the head script renews it on each page. */
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
 * What the server puts into the page for the browser's query cache; no cookieMessage when the
 * block does not exist, so the browser asks, is refused and shows the fallback text as before.
 * list: the screen's first page, on the addresses of BOOT_LIST_ROUTES only; classroom: the
 * class of a classroom's bare address, when its classroom shows it (0812). timeZone: the zone the
 * server printed the rendered screen's times in, from the reader's cookie, or null when it did
 * not know it (0831); the browser takes the screen over with the same, then writes its own.
 */
export type TBootData = {
  site: TSiteResponse;
  cookieMessage: TBlurbResponse | null;
  list: TBootList | null;
  classroom: TBootClass | null;
  timeZone: string | null;
  /** The member's answers their rendered screen shows, as the web app's query cache holds them (0833). */
  member: TBootMember | null;
};

/**
 * What a member's rendered screen was drawn from: the answers of the API calls the screen makes,
 * in the query cache's own serialised form (TanStack Query's dehydrated state), and the
 * server's clock when it drew them, which a countdown then starts from.
 */
export type TBootMember = { queries: unknown; renderedAt: string };

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

/**
 * Runs before the first paint, so a returning visitor never sees the pre-rendered notice and a
 * member never sees the visitor's screen (0812), and makes the notice's Accept button work
 * before the app has loaded (the app's banner reads the same stored acceptance when it takes
 * over). It also starts the date formats' warm-up worker (0813). Inline, so it costs no request;
 * the server allows it by its hash in the CSP.
 *
 * Until the app takes over (0830) it keeps every tap on a button and every form submit, and
 * stops the submit: without the app a form would be sent as a plain GET, with what was typed in
 * the address. The app acts on them once it runs. And it tells the server the reader's zone for
 * the next page (0831): the member's profile zone when one is stored with the session, else the
 * browser's, which the warm-up worker reads off the main thread (building a date format here
 * would cost the main thread what 0813 moved off it). It keeps the session cookie the page
 * server renders a member's screen by (0833) the same as the stored session: set while there is
 * one (again once it has expired), removed when there is none.
 */
const acceptedKey = JSON.stringify(StorageKey.COOKIE_ACCEPTED);
const acceptedAttribute = JSON.stringify(COOKIE_ACCEPTED_ATTRIBUTE);
const tokenKey = JSON.stringify(StorageKey.TOKEN);
export const FIRST_SCREEN_HEAD_SCRIPT =
  // In a function of its own: its names are not the page's globals.
  '(function(){' +
  `try{var h=document.documentElement;if(localStorage.getItem(${acceptedKey}))h.setAttribute(${acceptedAttribute},"");` +
  `if(localStorage.getItem(${tokenKey}))h.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},"");` +
  'document.addEventListener("click",function(e){try{' +
  'if(e.target instanceof Element&&e.target.closest(".cookie-banner button")){' +
  `localStorage.setItem(${acceptedKey},new Date().toString());h.setAttribute(${acceptedAttribute},"")}` +
  '}catch(x){}})}catch(x){}' +
  `var q=window.${EARLY_INPUT_GLOBAL}=[];` +
  'document.addEventListener("click",function(e){' +
  `var t=!q.done&&e.target instanceof Element&&e.target.closest(${JSON.stringify(EARLY_TAP_TARGETS)});` +
  'if(t&&!t.closest(".cookie-banner")&&!(t.type==="submit"&&t.form))q.push({target:t,kind:"click"})},true);' +
  'document.addEventListener("submit",function(e){if(q.done)return;e.preventDefault();q.push({target:e.target,kind:"submit"})},true);' +
  // A cookie `n` with value `v` for `a` seconds (none: removed), written only when it changes.
  'function k(n,v,a){var c=n+"="+encodeURIComponent(v),o=document.cookie.split("; ");' +
  'if(a?o.indexOf(c)<0:o.some(function(p){return p.indexOf(n+"=")===0}))' +
  'document.cookie=c+";path=/;samesite=lax;max-age="+a+(location.protocol==="https:"?";secure":"")}' +
  `function z(v){if(v)k(${JSON.stringify(TIME_ZONE_COOKIE)},v,31536000)}` +
  `var m=null,t=null;try{t=localStorage.getItem(${tokenKey});m=t&&localStorage.getItem(${JSON.stringify(StorageKey.STUDENT_TIME_ZONE)})}catch(x){}` +
  `k(${JSON.stringify(SESSION_COOKIE)},t||"",t?${SESSION_COOKIE_MAX_AGE}:0);` +
  'if(m)z(m);' +
  `try{var w=new Worker(${JSON.stringify(DATE_FORMATS_WARM_UP_PATH)});if(!m)w.onmessage=function(e){z(e.data)}}catch(x){}` +
  '})()';
