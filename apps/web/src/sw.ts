/// <reference lib="webworker" />
import {
  APP_ICONS,
  APPLE_TOUCH_ICON,
  cachePlaceOf,
  downloadsCacheName,
  isSessionCache,
  memberCacheName,
  PUBLIC_CACHE,
  sessionKeyOf,
  WORKER_STATE_CACHE,
} from '@opence/shared';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { listenForProgressSync } from './features/progress-sync/sync-worker.ts';
import { OFFLINE_SHELL_PATH, WorkerMessage, type TWorkerMessage } from './lib/offline-caches.ts';

/*
 * The service worker (issue 44, docs/decisions 1170–1173), bundled by vite-service-worker.ts into
 * /sw.js with the build's file list in place of self.__WB_MANIFEST. What it keeps:
 * - the app's files (precache), and a visitor's copy of the page as the shell offline;
 * - pages and API reads, network first: a member's (drawn for their session, or called with their
 *   token) only under the cache named by their session key, never answered to another session;
 *   public ones in the public cache;
 * - downloads (put there by the page) under the session's downloads cache, media with ranges.
 * Logout deletes every session cache (lib/offline-caches.ts asks this worker, and does it itself).
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const SESSION_NOTE = '/__opence/session';

const buildFiles = self.__WB_MANIFEST;
// The server draws the icons from favicon.svg (issue 44): they change when it does.
const iconRevision = buildFiles.find((e) => typeof e !== 'string' && e.url === '/favicon.svg');
precacheAndRoute([
  ...buildFiles,
  ...[...APP_ICONS, APPLE_TOUCH_ICON].map(({ src }) => ({
    url: src,
    revision: typeof iconRevision === 'object' ? (iconRevision.revision ?? null) : null,
  })),
]);
cleanupOutdatedCaches();
// The first install takes the open pages at once (nothing of an older worker to replace); a new
// version waits for the member's consent (the update prompt), so it never reloads by itself.
clientsClaim();

/** The signed-in session's key, as the page last told it; kept so a restarted worker knows it. */
let sessionKey: Promise<string | null> = caches
  .open(WORKER_STATE_CACHE)
  .then((cache) => cache.match(SESSION_NOTE))
  .then((note) => (note ? note.text() : null))
  .then((key) => key || null);

/**
 * One member at a time: a new session's key makes every other session's caches go (a session
 * that ended without a logout here, say expired, leaves none behind for the next member).
 */
async function noteSession(key: string | null): Promise<void> {
  sessionKey = Promise.resolve(key);
  const cache = await caches.open(WORKER_STATE_CACHE);
  await cache.put(SESSION_NOTE, new Response(key ?? ''));
  const own = key ? [memberCacheName(key), downloadsCacheName(key)] : [];
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => isSessionCache(name) && !own.includes(name)).map((name) => caches.delete(name)),
  );
}

self.addEventListener('install', (event) => {
  // A visitor's page, never a member's: the app draws any route in it offline.
  event.waitUntil(
    fetch(OFFLINE_SHELL_PATH, { credentials: 'omit' }).then(async (response) => {
      if (response.ok) await (await caches.open(PUBLIC_CACHE)).put(OFFLINE_SHELL_PATH, response);
    }),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as TWorkerMessage | null;
  if (message?.type === WorkerMessage.SKIP_WAITING) void self.skipWaiting();
  if (message?.type === WorkerMessage.SESSION) event.waitUntil(noteSession(message.key));
  if (message?.type === WorkerMessage.SIGNED_OUT) event.waitUntil(noteSession(null));
});

/** The key of a member's call: the hash of its token (`s`, 01 §6), as the page computes it. */
async function keyOfToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return sessionKeyOf(hex);
}

/** The caches an answer may come from offline for this session, its own first. */
function readableCaches(key: string | null): string[] {
  return key ? [memberCacheName(key), downloadsCacheName(key), PUBLIC_CACHE] : [PUBLIC_CACHE];
}

async function matchIn(names: string[], request: Request | string): Promise<Response | undefined> {
  for (const name of names) {
    const found = await (await caches.open(name)).match(request, { ignoreVary: true });
    if (found) return found;
  }
  return undefined;
}

// API reads, network first: a member's under their session, a public one in the public cache.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    !request.headers.has('authorization'),
  async ({ url, request, event }) => {
    const token = url.searchParams.get('s');
    const place = cachePlaceOf(url.pathname, Boolean(token), false);
    if (place === 'none') return fetch(request);
    const key = token ? await keyOfToken(token) : null;
    const cacheName = key ? memberCacheName(key) : PUBLIC_CACHE;
    try {
      return await new NetworkFirst({ cacheName }).handle({ request, event });
    } catch (error) {
      // A public read a download kept (a class's captions) is under the signed-in session's key.
      const owner = key ?? (await sessionKey);
      const downloaded = owner ? await matchIn([downloadsCacheName(owner)], request) : undefined;
      if (downloaded) return downloaded;
      throw error;
    }
  },
);

// Pages, network first. A page drawn for a session (private) is kept only under that session.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async ({ request, url }) => {
    const key = await sessionKey;
    try {
      const response = await fetch(request);
      const isSessionPage = /\bprivate\b/.test(response.headers.get('cache-control') ?? '');
      const place = cachePlaceOf(url.pathname, false, isSessionPage);
      const cacheName =
        place === 'member' ? (key ? memberCacheName(key) : null) : place === 'public' ? PUBLIC_CACHE : null;
      if (response.ok && cacheName) await (await caches.open(cacheName)).put(request, response.clone());
      return response;
    } catch (error) {
      const cached =
        (await matchIn(readableCaches(key), request)) ?? (await matchIn([PUBLIC_CACHE], OFFLINE_SHELL_PATH));
      if (cached) return cached;
      throw error;
    }
  },
);

// Stored media: a downloaded file from the session's downloads, ranges cut from it (audio and
// video ask for ranges); anything else from the network, not kept.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  async ({ request }) => {
    const key = await sessionKey;
    const downloaded = key ? await matchIn([downloadsCacheName(key)], request.url) : undefined;
    if (!downloaded) return fetch(request);
    return request.headers.has('range') ? createPartialResponse(request, downloaded) : downloaded;
  },
);

// Background Sync (decision 1176): what a member answered offline goes out when the browser says
// the network is back, even with no page of the site open.
listenForProgressSync(self);
