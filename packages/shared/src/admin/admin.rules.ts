/*
 * Pure rules of the staff console (no zod, no I/O), shared by the browser and the server.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A stored UTC time as the value of a datetime-local input, in the zone this code runs in
 * (the staff member's browser): '2026-12-01T09:30'. Empty for no value.
 */
export function toLocalDateTimeInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value, read in the zone this code runs in, as UTC ISO-8601; '' for blank
 * or unreadable input (the schema then names the field).
 */
export function fromLocalDateTimeInput(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return '';
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** True once a YYYY-MM-DD approval end date lies before today (in UTC). */
export function isApprovalExpired(approvalEnd: string, now: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(approvalEnd)) return false;
  return approvalEnd < now.toISOString().slice(0, 10);
}
