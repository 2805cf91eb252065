import { SESSION_COOKIE, SESSION_COOKIE_MAX_AGE, StorageKey } from '@opence/shared';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { safeStorage } from './storage.ts';

/*
 * The session as the browser keeps it (01 §3): the token under id_token, with the member's
 * name and e-mail for the pages that show them, and their profile zone when they chose one
 * (docs/decisions/0831). One store, read with useSession().
 */

export type TSession = { token: string; name: string; email: string; timeZone: string | null };

const listeners = new Set<() => void>();
let snapshot: TSession | null = read();

function read(): TSession | null {
  const token = safeStorage.get(StorageKey.TOKEN);
  if (!token) return null;
  return {
    token,
    name: safeStorage.get(StorageKey.STUDENT_NAME) ?? '',
    email: safeStorage.get(StorageKey.STUDENT_EMAIL) ?? '',
    timeZone: safeStorage.get(StorageKey.STUDENT_TIME_ZONE),
  };
}

function publish() {
  snapshot = read();
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes this tab's menus too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(StorageKey).includes(event.key as never)) publish();
  });
}

export function getToken(): string | null {
  return snapshot?.token ?? null;
}

/** The signed-in member's profile zone, or null (a visitor, or none chosen). */
export function getSessionTimeZone(): string | null {
  return snapshot?.timeZone ?? null;
}

/**
 * The cookie the page server renders the member's own screen by (docs/decisions/0833), kept the
 * same as the stored token; the page's head script does the same on every page.
 */
function keepSessionCookie(token: string | null): void {
  const value = token ? encodeURIComponent(token) : '';
  const secure = window.location.protocol === 'https:' ? ';secure' : '';
  document.cookie = `${SESSION_COOKIE}=${value};path=/;samesite=lax;max-age=${token ? SESSION_COOKIE_MAX_AGE : 0}${secure}`;
}

export function signIn(session: TSession): void {
  keepSessionCookie(session.token);
  safeStorage.set(StorageKey.TOKEN, session.token);
  safeStorage.set(StorageKey.STUDENT_NAME, session.name);
  safeStorage.set(StorageKey.STUDENT_EMAIL, session.email);
  storeTimeZone(session.timeZone);
  publish();
}

function storeTimeZone(zone: string | null): void {
  if (zone) safeStorage.set(StorageKey.STUDENT_TIME_ZONE, zone);
  else safeStorage.remove(StorageKey.STUDENT_TIME_ZONE);
}

/** The member changed their profile zone: their times follow at once, and the next page's too. */
export function setSessionTimeZone(zone: string | null): void {
  if (!snapshot) return;
  storeTimeZone(zone);
  publish();
}

export function signOut(): void {
  keepSessionCookie(null);
  safeStorage.remove(StorageKey.TOKEN);
  safeStorage.remove(StorageKey.STUDENT_NAME);
  safeStorage.remove(StorageKey.STUDENT_EMAIL);
  safeStorage.remove(StorageKey.STUDENT_TIME_ZONE);
  publish();
}

/** Calls listener on sign-in, sign-out and profile zone changes, here or in another tab. */
export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session as the page first showed it: null, or the member whose screen the server rendered (0833). */
export const RenderedSessionContext = createContext<TSession | null>(null);

/** The current session, or null for a visitor; re-renders on sign-in and sign-out. */
export function useSession(): TSession | null {
  const rendered = useContext(RenderedSessionContext);
  return useSyncExternalStore(
    subscribeSession,
    () => snapshot,
    () => rendered,
  );
}

/** The session as stored now (main.tsx gives it to a member's screen it takes over). */
export function currentSession(): TSession | null {
  return snapshot;
}
