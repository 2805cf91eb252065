import { formatInZone } from '@opence/shared';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { getSessionTimeZone, subscribeSession } from './auth.tsx';

/*
 * Dates as the member reads them: stored in UTC, shown in the reader's zone (03 §1): the
 * signed-in member's profile zone when they chose one, else the browser's (docs/decisions/0831).
 * Formatters are built on first use, not when a chunk loads: a page's first Intl date formatter
 * costs 30–90 ms of ICU set-up, which the head script's warm-up worker has usually paid by then
 * (decision 0813).
 */

let browserZone: string | undefined;

/** The zone the reader reads times in. */
export function readerTimeZone(): string {
  browserZone ??= new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return getSessionTimeZone() ?? browserZone;
}

/** 'Mar 2, 2026'. */
export const formatDay = (iso: string) => formatInZone(iso, 'day', readerTimeZone());

/** 'March 2, 2026', as a course's calendar days are shown. */
export const formatLongDate = (iso: string) => formatInZone(iso, 'longDate', readerTimeZone());

/** 'Mon, Mar 2, 2026, 7:00 PM EST': a live webinar's start with the zone's abbreviation. */
export const formatDateTime = (iso: string) => formatInZone(iso, 'dateTime', readerTimeZone());

/**
 * The zone the server printed a rendered screen's times in (the boot data's), null when it did
 * not know the reader's. The server's renderer and the browser's hydration both provide it, so
 * that the browser's first render prints what the server did.
 */
export const RenderedTimeZoneContext = createContext<string | null>(null);

/**
 * The zone to print times in: while the browser takes over a rendered screen, the server's
 * (null: not known); from then on, the reader's.
 */
export function useTimeZone(): string | null {
  const rendered = useContext(RenderedTimeZoneContext);
  return useSyncExternalStore(subscribeSession, readerTimeZone, () => rendered);
}
