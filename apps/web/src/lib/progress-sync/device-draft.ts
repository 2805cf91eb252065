import { currentSession } from '../auth.tsx';
import { safeStorage } from '../storage.ts';

/*
 * What a member has typed or chosen on a page, kept on this device until the server has it
 * (decision 1177): the evaluation, the exam's answers so far. Keyed by the member, so another
 * member signing in on the same device never sees it.
 */

export function draftKey(kind: string, target: string): string | null {
  const member = currentSession()?.email;
  return member ? `opence-draft:${member}:${kind}:${target}` : null;
}

export function readDraft<T>(key: string | null): T | null {
  const text = key ? safeStorage.get(key) : null;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeDraft(key: string | null, value: unknown): void {
  if (key) safeStorage.set(key, JSON.stringify(value));
}

export function clearDraft(key: string | null): void {
  if (key) safeStorage.remove(key);
}
