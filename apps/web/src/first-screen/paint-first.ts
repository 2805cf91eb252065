import { ScreenAttribute, SESSION_ATTRIBUTE } from '@opence/shared';
import { APP_FILES_ELEMENT_ID, type TAppFiles } from './app-files.ts';

/*
 * Starts the app's scripts (docs/decisions 0812, 0833, 0834, 0841). The build bundles this module
 * into an inline script at the end of <body> in place of the app's module script and its
 * preloads (vite-first-screen.ts), which it names in the page's APP_FILES_ELEMENT_ID element.
 *
 * A module script in the head runs before the first paint whenever it arrives before the page is
 * parsed, as it does on a fast connection: a screen the server rendered then waited for the app's
 * code to be compiled and run. So on a page with a rendered route, a visitor's or a member's, the
 * app's files come once the screen is on screen, at low priority: after the page's load event,
 * once every picture in view has loaded (a lazy one in view does not hold the load event) and the
 * browser has reported the largest paint with it (a picture larger than what was reported is not
 * on screen yet), and once a frame drawn after all that has reached the screen: the browser
 * reports a largest paint from after it, or FRAMES_AFTER frames have been drawn since (nothing
 * larger was painted). Lighthouse's simulation counts in the LCP every request that ended before
 * it: the app's 135 KB, started after the frame that painted the screen was drawn but before it
 * reached the screen, doubled the LCP in about one run of ten. At most APP_AFTER_MS after the page
 * was parsed; at once on a tap, a key or a scroll (which end the browser's reports of the largest
 * paint). What the visitor taps and types meanwhile is kept (0830). A page without a rendered
 * route starts the app at once.
 */

/** The longest the app's files wait for a rendered screen's pictures. */
const APP_AFTER_MS = 3_000;
/** The frames drawn after a rendered screen is complete before the app's files come, when no paint is reported (0834). */
const FRAMES_AFTER = 3;

/**
 * The frame the server sent beside a rendered screen comes inert, in a <template> (decision 1127):
 * the browser neither styles nor lays out a screen it does not show. Where it is the one on view
 * (a stored session on a visitor's route, or no stored session on a member's), it goes in the
 * page here, before the first paint of the page's end and before the app runs.
 */
function showKeptFrame(): void {
  const slot = document.documentElement.hasAttribute(SESSION_ATTRIBUTE)
    ? ScreenAttribute.SESSION
    : ScreenAttribute.VISITOR;
  const kept = document.querySelector(`template[${slot}]`);
  if (!(kept instanceof HTMLTemplateElement)) return;
  const shown = document.createElement('div');
  shown.setAttribute(slot, '');
  shown.append(kept.content);
  kept.replaceWith(shown);
}

showKeptFrame();

const files = JSON.parse(document.getElementById(APP_FILES_ELEMENT_ID)?.textContent ?? 'null') as TAppFiles;
const isRendered = document.querySelector(`[${ScreenAttribute.RENDERED}]`) !== null;

let isStarted = false;
/** The page's load event has come. */
let isLoaded = false;
/** The browser reports the largest paint (Chromium, Firefox). */
let isObserving = false;
/** The size, time and elements of the largest paints reported so far. */
let largestSize = 0;
let largestAt = -1;
const painted: (Element | null)[] = [];
/** When every picture in view was complete (ms since the page began), 0 until then. */
let completeAt = 0;
let frames = 0;

function start(): void {
  if (isStarted) return;
  isStarted = true;
  for (const href of files.preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    if (isRendered) link.fetchPriority = 'low';
    document.head.appendChild(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = files.entry;
  if (isRendered) script.fetchPriority = 'low';
  document.head.appendChild(script);
}

/** The area of a picture in view, 0 when it is out of view, hidden or broken. */
function areaInView(image: HTMLImageElement): number {
  if (image.complete && !image.naturalWidth) return 0;
  const box = image.getBoundingClientRect();
  const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
  return Math.max(0, height) * Math.max(0, width);
}

function countFrame(): void {
  frames += 1;
  if (frames > FRAMES_AFTER) start();
  else requestAnimationFrame(countFrame);
}

function check(): void {
  if (!isLoaded || isStarted) return;
  if (completeAt) {
    if (largestAt >= completeAt) start();
    return;
  }
  for (const image of Array.from(document.images)) {
    const area = areaInView(image);
    if (!area) continue;
    if (!image.complete) {
      image.addEventListener('load', check);
      image.addEventListener('error', check);
      return;
    }
    if (isObserving && area > largestSize && !painted.includes(image)) return;
  }
  completeAt = performance.now();
  countFrame();
}

// A hidden tab paints nothing, and its animation frames wait until it is shown.
if (!isRendered || document.visibilityState !== 'visible') {
  start();
} else {
  const Observer = typeof PerformanceObserver === 'undefined' ? null : PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    new Observer((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        painted.push(entry.element);
        largestSize = entry.size;
        largestAt = entry.startTime;
      }
      check();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    isObserving = true;
  }
  for (const name of ['keydown', 'pointerdown', 'scroll']) {
    window.addEventListener(name, start, { capture: true, passive: true, once: true });
  }
  const onLoad = () => {
    isLoaded = true;
    check();
  };
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad);
  setTimeout(start, APP_AFTER_MS);
}
