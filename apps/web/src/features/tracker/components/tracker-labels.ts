import { fillText, TrackerTexts as T, trackerDay, hoursText } from '@opence/shared';

/* The tracker's words for its codes, and small formatting helpers (issue 36: dates as the site writes them). */

export const fill = fillText;
export const hours = hoursText;
/** 'Nov 27, 2026' for a calendar day. */
export const day = trackerDay;

export const LICENCE_TYPE_LABELS: Record<string, string> = {
  dentist: T.LICENCE_TYPE_DENTIST,
  dental_hygienist: T.LICENCE_TYPE_DENTAL_HYGIENIST,
  dental_assistant: T.LICENCE_TYPE_DENTAL_ASSISTANT,
};
export const licenceTypeLabel = (type: string) => LICENCE_TYPE_LABELS[type] ?? type;
/** 'TX · Dental hygienist'. */
export const licenceName = (l: { state: string; licenceType: string }) =>
  `${l.state} · ${licenceTypeLabel(l.licenceType)}`;

const DELIVERY_LABELS: Record<string, string> = {
  in_person: T.DELIVERY_IN_PERSON,
  live_webinar: T.DELIVERY_LIVE_WEBINAR,
  self_study: T.DELIVERY_SELF_STUDY,
};
export const deliveryLabel = (d: string) => DELIVERY_LABELS[d] ?? d;

export const REASONS: Record<string, string> = {
  outside_period: T.REASON_OUTSIDE_PERIOD,
  over_self_study_cap: T.REASON_OVER_CAP,
  over_category_cap: T.REASON_OVER_CATEGORY_CAP,
};

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const PERMIT_LABELS: Record<string, string> = {
  sedation: T.PERMIT_SEDATION,
  restorative: T.PERMIT_RESTORATIVE,
};

/** A source's address as a short link text: its host ('texreg.sos.state.tx.us'). */
export function sourceLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url.slice(0, 40);
  }
}
