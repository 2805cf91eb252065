import { DEFAULT_TIME_ZONE } from '../constants.ts';

/*
 * Dates and times in the reader's zone (03 §1), the same on the server that renders a first
 * screen and in the browser that takes it over (docs/decisions/0831). The browser's zone
 * reaches the server in a cookie the page's head script sets; a signed-in member's profile zone
 * wins over the browser's.
 */

/** The cookie that carries the reader's zone (an IANA name) to the page server. */
export const TIME_ZONE_COOKIE = 'tz';

/** Longer than any IANA name ('America/Argentina/ComodRivadavia' is 32). */
const TIME_ZONE_MAX = 64;

/**
 * The zones a first visit's screen is printed for before the browser has told its own: the
 * members' (US licensing boards: the 50 states and DC). A date is printed on the server only when
 * it is the same day in every one of them, so that filling in the time never changes it for a
 * reader in any of them.
 */
export const AUDIENCE_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

/** The ways the product shows a moment. */
const FORMATS = {
  /** 'Mar 2, 2026' */
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  /** 'March 2, 2026', as a course's calendar days are shown */
  longDate: { dateStyle: 'long' },
  /** 'Mon, Mar 2, 2026, 7:00 PM EST': a live webinar's start with the zone's abbreviation */
  dateTime: {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  /** 'Mon, Mar 2, 2026': the day of a dateTime, which its text starts with */
  weekDay: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type TTimeFormat = 'day' | 'longDate' | 'dateTime';

/** One formatter per format and zone: building one costs far more than formatting (0813). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_MAX = 512;

function formatter(format: keyof typeof FORMATS, zone: string): Intl.DateTimeFormat {
  const key = `${format} ${zone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...FORMATS[format], timeZone: zone });
    if (formatters.size >= FORMATTERS_MAX) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}

/** Zone names already checked: building a formatter to check one costs about 0.3 ms (issue 21). */
const checkedZones = new Map<string, boolean>();
/** Every IANA name and alias fits; names sent by anyone (a cookie) cannot grow it without end. */
const CHECKED_ZONES_MAX = 2_000;

/** True for a zone name this runtime knows (IANA names and their aliases). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone || zone.length > TIME_ZONE_MAX) return false;
  const checked = checkedZones.get(zone);
  if (checked !== undefined) return checked;
  let isKnown: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    isKnown = true;
  } catch {
    isKnown = false;
  }
  if (checkedZones.size >= CHECKED_ZONES_MAX) checkedZones.clear();
  checkedZones.set(zone, isKnown);
  return isKnown;
}

/** The value of cookie `name` in a Cookie header, decoded, or null when it is absent or not decodable. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() !== name) continue;
    try {
      return decodeURIComponent(value.join('=').trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The reader's zone from a Cookie header, or null when it has none or a name no runtime knows. */
export function timeZoneFromCookie(header: string | undefined): string | null {
  const zone = cookieValue(header, TIME_ZONE_COOKIE);
  return zone && isKnownTimeZone(zone) ? zone : null;
}

const validDate = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A moment as the product shows it in `zone`; '' for a value that is not a date. */
export function formatInZone(iso: string, format: TTimeFormat, zone: string): string {
  const date = validDate(iso);
  return date ? formatter(format, zone).format(date) : '';
}

/**
 * What the server prints for a moment when it does not know the reader's zone (a first visit),
 * and what it holds the place of until the browser fills it in: the day when it is the same in
 * every zone of AUDIENCE_TIME_ZONES, never a time of day. `pending` is the rest of the text as it
 * would read in the default zone, drawn invisibly so the line keeps its width and nothing moves
 * when the browser writes the real one.
 */
export function firstVisitText(iso: string, format: TTimeFormat): { text: string; pending: string } {
  const date = validDate(iso);
  if (!date) return { text: '', pending: '' };
  const dayFormat = format === 'dateTime' ? 'weekDay' : format;
  const days = new Set(AUDIENCE_TIME_ZONES.map((zone) => formatter(dayFormat, zone).format(date)));
  const whole = formatter(format, DEFAULT_TIME_ZONE).format(date);
  if (days.size > 1) return { text: '', pending: whole };
  const [day = ''] = days;
  return { text: day, pending: whole.startsWith(day) ? whole.slice(day.length) : '' };
}
