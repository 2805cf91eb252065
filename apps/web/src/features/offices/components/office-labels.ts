import { officeText, OfficeTexts as T, TrackerTexts } from '@opence/shared';
import type { TOfficeBoardLicence } from '@opence/shared/schemas';

/* How the office screens name what the server sends. */

export const LICENCE_TYPE_LABELS: Record<string, string> = {
  dentist: TrackerTexts.LICENCE_TYPE_DENTIST,
  dental_hygienist: TrackerTexts.LICENCE_TYPE_DENTAL_HYGIENIST,
  dental_assistant: TrackerTexts.LICENCE_TYPE_DENTAL_ASSISTANT,
};

export const STATUS_LABELS: Record<string, string> = {
  on_track: T.STATUS_ON_TRACK,
  at_risk: T.STATUS_AT_RISK,
  overdue: T.STATUS_OVERDUE,
};

export const STATUS_TONES = { on_track: 'success', at_risk: 'warning', overdue: 'danger' } as const;

export const ASSIGNMENT_LABELS: Record<string, string> = {
  open: T.ASSIGNMENT_OPEN,
  done: T.ASSIGNMENT_DONE,
  overdue: T.ASSIGNMENT_OVERDUE,
};

/** 'Nothing', 'Not shared' or '3 h live hours; 2 h infection control'. */
export function neededText(l: TOfficeBoardLicence): string {
  if (l.needs === null) return T.NOT_SHARED;
  if (l.needs.length === 0) return T.NOTHING_NEEDED;
  return l.needs
    .map((n) => (n.hours === null ? n.label : officeText(T.HOURS_NEEDED, { hours: n.hours, label: n.label })))
    .join('; ');
}
