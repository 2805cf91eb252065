/*
 * Verified attendance of a live webinar (issue 25, docs/decisions/0412): a member's minutes in
 * the meeting's participant report (several rows per person are summed) against the class's
 * threshold, a share of its duration.
 */

/** The default threshold: 80 % of the class's duration. */
export const DEFAULT_ATTENDANCE_THRESHOLD_PCT = 80;

/** The minutes a member must have attended: the share of the duration, rounded up to a whole minute. */
export function attendanceThresholdMinutes(durationMin: number, thresholdPct: number): number {
  return Math.ceil((durationMin * thresholdPct) / 100 - 1e-9);
}

/** Whether the attended minutes earn live credit. */
export function reachesThreshold(minutes: number, thresholdMin: number): boolean {
  return minutes + 1e-9 >= thresholdMin;
}

export type TParticipantRow = {
  line: number;
  name: string;
  email: string;
  minutes: number;
  /** Join and leave as the report writes them ('' when it has no such column), issue 42. */
  joinedAt?: string;
  leftAt?: string;
};
export type TParticipantTotal = { name: string; email: string; minutes: number };

/** One total per e-mail (case-insensitive), in the order of first appearance; minutes rounded to 0.01. */
export function sumParticipantRows(rows: readonly TParticipantRow[]): TParticipantTotal[] {
  const totals = new Map<string, TParticipantTotal>();
  for (const row of rows) {
    const key = row.email.trim().toLowerCase();
    const total = totals.get(key);
    if (total) total.minutes += row.minutes;
    else totals.set(key, { name: row.name, email: key, minutes: row.minutes });
  }
  return [...totals.values()].map((t) => ({ ...t, minutes: Math.round(t.minutes * 100) / 100 }));
}
