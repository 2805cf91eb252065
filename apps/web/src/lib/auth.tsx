import { StorageKey } from '@opence/shared';
import { useSyncExternalStore } from 'react';
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

export function signIn(session: TSession): void {
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

/** The current session, or null for a visitor; re-renders on sign-in and sign-out. */
export function useSession(): TSession | null {
  return useSyncExternalStore(
    subscribeSession,
    () => snapshot,
    () => null,
  );
}
