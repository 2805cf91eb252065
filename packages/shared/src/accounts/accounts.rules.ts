import { Limits } from '../constants.ts';

/*
 * Pure account rules shared by the browser and the server (01 §5): no zod, no I/O.
 */

/** Characters a username may hold (docs/decisions/0103): no '@', so it never looks like an e-mail. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** A practical e-mail shape check; deliverability is proven by the mails we send. */
export const EMAIL_PATTERN = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]{2,}$/;

/** An AGD number is 5 to 9 digits (01 §5, §9). */
export const AGD_NUMBER_PATTERN = new RegExp(`^\\d{${Limits.AGD_MIN_DIGITS},${Limits.AGD_MAX_DIGITS}}$`);

/** Graduation years accepted (01 §5): this year − 90 to this year + 10. */
export function isCertYearInRange(year: number, now: Date = new Date()): boolean {
  const current = now.getFullYear();
  return (
    Number.isInteger(year) &&
    year >= current - Limits.CERT_YEARS_BEFORE &&
    year <= current + Limits.CERT_YEARS_AFTER
  );
}

/** The phone mobile checkbox (01 §4): 'checked' / 'unchecked' (or a boolean) as a boolean. */
export function phoneMobileFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return value === 'checked' || value === 'true' || value === 'on' || value === '1';
}

/**
 * Where to go after login or register (01 §2, default /home). Only a path on this site is
 * followed, so a crafted link cannot send a member elsewhere after signing in.
 */
export function safeReturnPath(rurl: string | null | undefined, fallback = '/home'): string {
  if (!rurl) return fallback;
  const path = rurl.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if ([...path].some((c) => c.charCodeAt(0) < 32)) return fallback;
  if (/^\/(login|logout|register|recover|reset)(\/|\?|$)/.test(path)) return fallback;
  return path;
}

/** The name the browser keeps as student_name (01 §3). */
export function studentName(
  firstname: string | null | undefined,
  lastname: string | null | undefined,
): string {
  return [firstname, lastname].filter(Boolean).join(' ');
}

/** Credits rounded for display and sums (floating point sums of 0.1 steps). */
export function roundCredits(value: number): number {
  return Math.round(value * 100) / 100;
}
