/*
 * How the live room's poll waits after a refused or failed refresh (issue 21, decision 0817):
 * never sooner than the server's Retry-After, doubling with each failure up to the normal
 * refresh interval, and spread by a random factor so that rooms refused together do not all
 * come back together.
 */

/** Failures in a row after which the poll stops retrying and waits for its next normal refresh. */
export const POLL_RETRIES = 4;

/**
 * A reservation refused by a busy server or lost on the network is asked again this many times
 * (a seat asked for again is the same seat, so a repeat is safe), waiting pollBackoffMs with
 * RESERVE_BACKOFF_CAP_MS as the cap: about 7 to 11 s in all before the member is told.
 */
export const RESERVE_RETRIES = 3;
/** The longest wait between two attempts of a reservation. */
export const RESERVE_BACKOFF_CAP_MS = 4_000;

/**
 * Milliseconds to wait before asking again after `failures` failures in a row (1 for the first).
 * `retryAfterMs` is the server's Retry-After, when it sent one; `random` is in [0, 1).
 */
export function pollBackoffMs(
  failures: number,
  retryAfterMs: number | null,
  capMs: number,
  random: number = Math.random(),
): number {
  const doubling = Math.min(capMs, 1_000 * 2 ** Math.max(0, failures - 1));
  const base = Math.max(retryAfterMs ?? 0, doubling);
  // Between the base and one and a half times it: never sooner than the server asked.
  return Math.round(base * (1 + random / 2));
}

/** Seconds or an HTTP date (RFC 9110 §10.2.3) as milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
