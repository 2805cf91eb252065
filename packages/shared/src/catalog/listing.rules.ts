import { BasePath } from '../constants.ts';
import { Texts } from '../texts.ts';

/*
 * Where each list row leads and which badge it wears (01 §2, 02 §2), written once for every
 * screen that shows content rows: home, the lists, search.
 */

const seg = (value: string) => encodeURIComponent(value);

/** A webinar opens the live room for a seat or waitlist place, otherwise the reserve page. */
export function webinarPath(row: { hash: string; hasSeat: boolean; isWaiting: boolean }): string {
  return row.hasSeat || row.isWaiting ? `/live/${seg(row.hash)}` : `/reserve/${seg(row.hash)}`;
}

export const onDemandPath = (slug: string) => `${BasePath.ON_DEMAND}/${seg(slug)}`;
export const premiumPath = (slug: string) => `${BasePath.PREMIUM}/${seg(slug)}`;
export const classroomPath = (hash: string) => `/classroom/${seg(hash)}`;
export const podcastPath = (showHash: string, hash: string) => `/podcast/${seg(showHash)}/${seg(hash)}`;
export const blogPath = (slug: string) => `${BasePath.BLOG}/${seg(slug)}`;
export const blogPostPath = (id: string) => `/blog-post/${seg(id)}`;
export const drilldownPath = (slug: string) => `/drilldown/${seg(slug)}`;

/** A premium course on the external learning platform (03 §4): base URL + /course/ + id. */
export function premiumCourseUrl(baseUrl: string, learnworldsClassId: string | null): string {
  if (!baseUrl || !learnworldsClassId) return '';
  return `${baseUrl.replace(/\/+$/, '')}/course/${seg(learnworldsClassId)}`;
}

export type TRowBadge =
  typeof Texts.BADGE_RESERVED | typeof Texts.BADGE_WAITLIST | typeof Texts.BADGE_COMPLETED;

/** RESERVED for a seat that is not waitlisted, WAITLIST for a waitlist place (01 §2). */
export function webinarBadge(row: { hasSeat: boolean; isWaiting: boolean }): TRowBadge | null {
  if (row.isWaiting) return Texts.BADGE_WAITLIST;
  return row.hasSeat ? Texts.BADGE_RESERVED : null;
}

/** COMPLETED once the member's exam is taken (01 §4). */
export function examBadge(examTaken: boolean): TRowBadge | null {
  return examTaken ? Texts.BADGE_COMPLETED : null;
}

/** Fills the {n} of a counted text: 'Showing Next {n} Upcoming' → 'Showing Next 3 Upcoming'. */
export function countText(template: string, n: number): string {
  return template.replaceAll('{n}', String(n));
}

/** A premium course wears the NEW corner label this long after release (ours: decision 0207). */
export const PREMIUM_NEW_DAYS = 90;

export function isNewCourse(releaseDateUtc: string, now: Date = new Date()): boolean {
  const released = Date.parse(releaseDateUtc);
  if (Number.isNaN(released) || released > now.getTime()) return false;
  return now.getTime() - released <= PREMIUM_NEW_DAYS * 24 * 60 * 60 * 1000;
}

/** The eBook price label: members see 'Free', visitors learn they must log in (01 §2). */
export function ebookLabel(isSignedIn: boolean): string {
  return isSignedIn ? Texts.EBOOK_FREE : Texts.EBOOK_FREE_LOGIN;
}
