import { lessonKind } from '../classroom/classroom.rules.ts';

/*
 * The installable app and what its service worker keeps (issue 44, docs/decisions/1170–1173).
 * Pure rules: the web manifest's fields the server fills with the brand, and the names of the
 * worker's caches, which bind a member's pages, answers and downloads to their session.
 */

/** The design's colours (apps/web/src/styles/base.css: --c-primary, --c-page). */
export const APP_THEME_COLOR = '#0b5394';
export const APP_BACKGROUND_COLOR = '#f4f6f9';

/** Where the server draws the app's icons from favicon.svg, and the sizes platforms ask. */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: 192, purpose: 'any', isFullBleed: false },
  { src: '/icons/icon-512.png', sizes: 512, purpose: 'any', isFullBleed: false },
  { src: '/icons/maskable-512.png', sizes: 512, purpose: 'maskable', isFullBleed: true },
] as const;
/** iOS asks for one 180 px square it rounds itself: full bleed, no transparency. */
export const APPLE_TOUCH_ICON = { src: '/apple-touch-icon.png', sizes: 180, isFullBleed: true } as const;
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The home screen's label: the brand where it fits (about 12 characters), else its first word. */
export function appShortName(brand: string): string {
  const name = brand.trim() || 'OpenCE';
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0] ?? name;
  return first.length <= 12 ? first : first.slice(0, 12);
}

/** The web app manifest (W3C Web Application Manifest) for a brand. */
export function webAppManifest(brand: string) {
  const name = brand.trim() || 'OpenCE';
  return {
    id: '/',
    name,
    short_name: appShortName(name),
    description: 'Free continuing education for dental professionals: webinars, classes and podcasts.',
    lang: 'en',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: APP_THEME_COLOR,
    background_color: APP_BACKGROUND_COLOR,
    icons: APP_ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.sizes}x${icon.sizes}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
    // The routes of 01 §2: Webinars, CE in Progress (/pending, alias /exams) and Podcasts.
    shortcuts: [
      { name: 'Webinars', url: '/webinars' },
      { name: 'CE in Progress', url: '/pending' },
      { name: 'Podcasts', url: '/podcasts' },
    ].map((s) => ({ ...s, icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] })),
  };
}

/** The public caches: answers and pages everyone gets alike, kept across sessions. */
export const PUBLIC_CACHE = 'opence-public';
/** The worker's own notes (which session is signed in), not content. */
export const WORKER_STATE_CACHE = 'opence-state';
const MEMBER_CACHE_PREFIX = 'opence-member-';
const DOWNLOADS_CACHE_PREFIX = 'opence-downloads-';

/**
 * A session's key: the first 32 hex digits of the SHA-256 of its token, so no cache name holds
 * the token itself. The page and the worker compute it alike.
 */
export function sessionKeyOf(tokenSha256Hex: string): string {
  return tokenSha256Hex.slice(0, 32).toLowerCase();
}

/** The caches of one signed-in session: the pages and answers it opened, and its downloads. */
export function memberCacheName(sessionKey: string): string {
  return `${MEMBER_CACHE_PREFIX}${sessionKey}`;
}
export function downloadsCacheName(sessionKey: string): string {
  return `${DOWNLOADS_CACHE_PREFIX}${sessionKey}`;
}

/** A cache that belongs to a session (a member's pages, answers or downloads): gone at logout. */
export function isSessionCache(name: string): boolean {
  return name.startsWith(MEMBER_CACHE_PREFIX) || name.startsWith(DOWNLOADS_CACHE_PREFIX);
}

/** Whether an address of the site may be kept for offline reading, and for whom. */
export type TCachePlace = 'none' | 'public' | 'member';

/**
 * Where the worker keeps a GET's answer: the console and the session's own calls (login, logout,
 * files) never; a member's call (the token as `s`, 01 §6) or a page drawn for a session in the
 * member's cache; other API reads in the public one. Media and the app's files have their own rules.
 */
export function cachePlaceOf(pathname: string, hasMemberToken: boolean, isSessionPage: boolean): TCachePlace {
  if (pathname.startsWith('/admin') || pathname.startsWith('/api/admin')) return 'none';
  if (/^\/api\/(login|logout|session|register)\b/.test(pathname)) return 'none';
  if (pathname.startsWith('/api/')) return hasMemberToken ? 'member' : 'public';
  if (pathname === '/logout') return 'none';
  return isSessionPage ? 'member' : 'public';
}

/** Whether a file is one the site hosts (its stored media), which a member can download. */
export function isHostedMedia(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/media/') && !url.includes('..');
}

/**
 * The recording of an on-demand class a member can download: its video (or sound) file when the
 * site hosts it and the classroom plays it (the lesson is a video); null for a YouTube or other
 * outside recording, a PDF, a live or premium class, or an archive not yet recorded.
 */
export function downloadableClassMedia(c: {
  typeId: number;
  youtubeUrl: string | null;
  videoUrl: string | null;
  pdfUrl: string | null;
}): string | null {
  return lessonKind(c) === 'video' && isHostedMedia(c.videoUrl) ? c.videoUrl : null;
}

/** A size for people: "4.2 MB" (decimal units, as phones' storage settings show them). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['bytes', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${value} bytes`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
