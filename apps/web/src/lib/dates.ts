/*
 * Dates as the member reads them: stored in UTC, shown in the browser's own zone (03 §1).
 */

const valid = (iso: string): Date | null => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A formatter built when first used, not when a chunk loads: a page's first Intl date formatter
 * costs 30–90 ms of ICU set-up, which only a screen that shows a date should pay, and which the
 * head script's warm-up worker has usually paid by then (decision 0813).
 */
function formatOnFirstUse(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (iso) => {
    const date = valid(iso);
    if (!date) return '';
    format ??= new Intl.DateTimeFormat('en-US', options);
    return format.format(date);
  };
}

/** 'Mar 2, 2026'. */
export const formatDay = formatOnFirstUse({ month: 'short', day: 'numeric', year: 'numeric' });

/** 'March 2, 2026', as a course's calendar days are shown. */
export const formatLongDate = formatOnFirstUse({ dateStyle: 'long' });

/** 'Mon, Mar 2, 2026, 7:00 PM EST': a live webinar's start with the zone's abbreviation. */
export const formatDateTime = formatOnFirstUse({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
