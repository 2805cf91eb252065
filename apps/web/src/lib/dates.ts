/*
 * Dates as the member reads them: stored in UTC, shown in the browser's own zone (03 §1).
 */

const valid = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Mar 2, 2026'. */
export function formatDay(iso: string): string {
  const date = valid(iso);
  return date ? dayFormat.format(date) : '';
}

/** 'Mon, Mar 2, 2026, 7:00 PM EST': a live webinar's start with the zone's abbreviation. */
export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date ? dateTimeFormat.format(date) : '';
}
