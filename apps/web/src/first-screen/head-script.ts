import {
  COOKIE_ACCEPTED_ATTRIBUTE,
  DATE_FORMATS_WARM_UP_PATH,
  EARLY_INPUT_GLOBAL,
  EARLY_TAP_TARGETS,
  SESSION_ATTRIBUTE,
  StorageKey,
  TIME_ZONE_COOKIE,
} from '@opence/shared';
import type { TEarlyInputs } from '../lib/early-input.ts';

/*
 * The page's head script, run before the first paint (docs/decisions 0812, 0813, 0830, 0831,
 * 0841). The build bundles this module into one inline script at the top of <head>
 * (vite-first-screen.ts), so it costs no request; the server allows it by its hash in the CSP.
 * It imports nothing the app does not: only constants, which the bundle inlines.
 *
 * - A returning visitor never sees the pre-rendered cookie notice, and a member never sees the
 *   visitor's screen (0812): both are attributes on <html> that the style sheet reads. The
 *   notice's Accept button works before the app has loaded; the app's banner reads the same
 *   stored acceptance when it takes over.
 * - Until the app takes over (0830) it keeps every tap on a button and every form submit, and
 *   stops the submit: without the app a form would be sent as a plain GET, with what was typed in
 *   the address. The app acts on them once it runs (lib/early-input.ts).
 * - It tells the server the reader's zone for the next page (0831): the member's profile zone when
 *   one is stored with the session, else the browser's, which the date formats' warm-up worker
 *   (0813) reads off the main thread (building a date format here would cost the main thread what
 *   0813 moved off it).
 */

/** The zone cookie lasts a year; it is written again whenever the zone changes. */
const TIME_ZONE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const html = document.documentElement;

/** A stored value, or null where storage is off (private mode, disabled). */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

if (stored(StorageKey.COOKIE_ACCEPTED)) html.setAttribute(COOKIE_ACCEPTED_ATTRIBUTE, '');
if (stored(StorageKey.TOKEN)) html.setAttribute(SESSION_ATTRIBUTE, '');

document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element && event.target.closest('.cookie-banner button'))) return;
  try {
    localStorage.setItem(StorageKey.COOKIE_ACCEPTED, new Date().toString());
    html.setAttribute(COOKIE_ACCEPTED_ATTRIBUTE, '');
  } catch {
    // Without storage the notice stays until the app, which keeps the acceptance for the page.
  }
});

const kept: TEarlyInputs = [];
(window as unknown as Record<string, TEarlyInputs>)[EARLY_INPUT_GLOBAL] = kept;

/** A submit button of a form: the tap is kept as the form's submit, not as a tap. */
const submitsForm = (target: Element) =>
  (target instanceof HTMLButtonElement || target instanceof HTMLInputElement) &&
  target.type === 'submit' &&
  target.form !== null;

document.addEventListener(
  'click',
  (event) => {
    const target = !kept.done && event.target instanceof Element && event.target.closest(EARLY_TAP_TARGETS);
    if (target && !target.closest('.cookie-banner') && !submitsForm(target)) {
      kept.push({ target, kind: 'click' });
    }
  },
  true,
);
document.addEventListener(
  'submit',
  (event) => {
    if (kept.done || !(event.target instanceof Element)) return;
    event.preventDefault();
    kept.push({ target: event.target, kind: 'submit' });
  },
  true,
);

/** Writes the zone cookie, only when it changes. */
function keepTimeZone(zone: unknown): void {
  if (typeof zone !== 'string' || !zone) return;
  const cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (document.cookie.split('; ').includes(cookie)) return;
  const secure = location.protocol === 'https:' ? ';secure' : '';
  document.cookie = `${cookie};path=/;samesite=lax;max-age=${TIME_ZONE_COOKIE_MAX_AGE}${secure}`;
}

const profileZone = stored(StorageKey.TOKEN) && stored(StorageKey.STUDENT_TIME_ZONE);
if (profileZone) keepTimeZone(profileZone);
try {
  const warmUp = new Worker(DATE_FORMATS_WARM_UP_PATH);
  if (!profileZone) warmUp.onmessage = (event: MessageEvent) => keepTimeZone(event.data);
} catch {
  // No worker (a locked-down browser): the server prints only zone-safe dates (0831).
}
