/*
 * Offices (issue 43): where a colleague stands for a licence as the manager's board shows it,
 * and an assignment's state. Pure; the tracker's standing decides what is missing.
 */

export const OFFICE_ROLES = ['manager', 'member'] as const;
export type TOfficeRole = (typeof OFFICE_ROLES)[number];

export const OFFICE_STATUSES = ['on_track', 'at_risk', 'overdue'] as const;
export type TOfficeStatus = (typeof OFFICE_STATUSES)[number];

/** Days before a deadline from which anything still missing puts a licence at risk (decision 1164). */
export const OFFICE_AT_RISK_DAYS = 90;
/** Days an invite link stays valid. */
export const OFFICE_INVITE_DAYS = 14;
/** Days before an assignment's due date its member is reminded. */
export const OFFICE_REMINDER_DAYS = 7;

/**
 * A licence's status on the board: overdue once the deadline passed with something missing, at
 * risk within OFFICE_AT_RISK_DAYS of it with something missing, else on track.
 */
export function officeStatus(s: { daysLeft: number; isMissing: boolean }): TOfficeStatus {
  if (!s.isMissing) return 'on_track';
  if (s.daysLeft < 0) return 'overdue';
  return s.daysLeft <= OFFICE_AT_RISK_DAYS ? 'at_risk' : 'on_track';
}

export type TAssignmentStatus = 'open' | 'done' | 'overdue';

/** An assignment is overdue from the day after its due date until it is done. */
export function assignmentStatus(
  a: { dueOn: string; doneAt: string | null },
  today: string,
): TAssignmentStatus {
  if (a.doneAt) return 'done';
  return a.dueOn < today ? 'overdue' : 'open';
}

/** An office text with its {placeholders} filled in. */
export function officeText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
