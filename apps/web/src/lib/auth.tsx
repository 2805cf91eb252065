import { StorageKey } from '@opence/shared';
import { useSyncExternalStore } from 'react';
import { safeStorage } from './storage.ts';

/*
 * The session as the browser keeps it (01 §3): the token under id_token, with the member's
 * name and e-mail for the pages that show them. One store, read with useSession().
 */

export type TSession = { token: string; name: string; email: string };

const listeners = new Set<() => void>();
let snapshot: TSession | null = read();

function read(): TSession | null {
  const token = safeStorage.get(StorageKey.TOKEN);
  if (!token) return null;
  return {
    token,
    name: safeStorage.get(StorageKey.STUDENT_NAME) ?? '',
    email: safeStorage.get(StorageKey.STUDENT_EMAIL) ?? '',
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

export function signIn(session: TSession): void {
  safeStorage.set(StorageKey.TOKEN, session.token);
  safeStorage.set(StorageKey.STUDENT_NAME, session.name);
  safeStorage.set(StorageKey.STUDENT_EMAIL, session.email);
  publish();
}

export function signOut(): void {
  safeStorage.remove(StorageKey.TOKEN);
  safeStorage.remove(StorageKey.STUDENT_NAME);
  safeStorage.remove(StorageKey.STUDENT_EMAIL);
  publish();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session, or null for a visitor; re-renders on sign-in and sign-out. */
export function useSession(): TSession | null {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => null,
  );
}
