import { Limits } from '../constants.ts';

/** Page titles take the form '<topic> | <brand>' (01 §1). */
export function pageTitle(topic: string, brand: string): string {
  return topic ? `${topic} | ${brand}` : brand;
}

/** Page descriptions are cut to about 150 characters of leading whole words (01 §1). */
export function pageDescription(text: string, max: number = Limits.DESCRIPTION_MAX): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : plain.slice(0, max)).replace(/[\s,.;:]+$/, '')}…`;
}

/** Graduation year options (01 §5): this year − 90 to this year + 10, newest first. */
export function certYearOptions(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  const years: number[] = [];
  for (let y = year + Limits.CERT_YEARS_AFTER; y >= year - Limits.CERT_YEARS_BEFORE; y--) years.push(y);
  return years;
}

/** A seat counts as reserved when the member has one and is not waitlisted (01 §3). */
export function isReserved(hasSeat: boolean, isWaiting: boolean): boolean {
  return hasSeat && !isWaiting;
}

/** A route that needs login sends a visitor here (01 §2). */
export function loginRedirectPath(wantedPath: string): string {
  return `/login?rurl=${encodeURIComponent(wantedPath)}`;
}
