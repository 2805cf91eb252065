import { StorageKey } from '@opence/shared';
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
 * Keeps the session the server started. The answer that brought a new token set the session
 * cookie too (docs/decisions/0842): noted, so the app does not ask for it again (session-cookie.ts).
 */
export function signIn(session: TSession): void {
  if (session.token !== snapshot?.token) markSessionCookie();
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

/** Notes that the server has just set the session cookie for the stored token. */
export function markSessionCookie(): void {
  safeStorage.set(StorageKey.SESSION_COOKIE_AT, String(Date.now()));
}

/** When the server last set the session cookie for the stored token (epoch ms), or null. */
export function sessionCookieAt(): number | null {
  const at = Number(safeStorage.get(StorageKey.SESSION_COOKIE_AT));
  return at > 0 ? at : null;
}

/** Forgets the session here; the server clears its cookie with the logout that comes first. */
export function signOut(): void {
  safeStorage.remove(StorageKey.SESSION_COOKIE_AT);
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
