const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** 'March 2, 2026' in the browser's zone, as the course's calendar days are shown. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
