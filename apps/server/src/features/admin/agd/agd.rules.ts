import { DEFAULT_TIME_ZONE, deliveryWording, isDatedByEvent, isKnownTimeZone, Limits } from '@opence/shared';

/*
 * The AGD weekly roster (03 §7), as pure rules: which AGD numbers the AGD accepts, the week a
 * run covers, and one completion as a row of the AGD's CSV, columns in the AGD's order.
 */

export const AGD_CSV_HEADER = [
  'AGD member ID number',
  'course date',
  'course title',
  'number of hours',
  'AGD subject code',
  'delivery method',
  'instructor name',
  'location',
] as const;

/** Where an online course took place, as the roster names it (docs/decisions/0706). */
export const AGD_LOCATION = 'Online';

const SUBMITTABLE = new RegExp(`^\\d{${Limits.AGD_SUBMIT_DIGITS}}$`);

/** The AGD roster accepts six-digit member ids only; other numbers are held back for staff. */
export function isSubmittableAgdNumber(agdNumber: string | null | undefined): boolean {
  return SUBMITTABLE.test((agdNumber ?? '').trim());
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The week a weekly run covers: it ends at the start (Monday 00:00 UTC) of the week `now`
 * falls in, and is named by that date, so every process computes the same run key.
 */
export function weeklyPeriod(now: Date): { runKey: string; periodStart: Date; periodEnd: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const periodEnd = new Date(midnight - daysSinceMonday * DAY_MS);
  return {
    runKey: `week-${periodEnd.toISOString().slice(0, 10)}`,
    periodStart: new Date(periodEnd.getTime() - 7 * DAY_MS),
    periodEnd,
  };
}

/** A moment as the AGD's course date, MM/DD/YYYY, in the member's zone. */
export function agdDate(iso: string, timeZone: string | null): string {
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

export type TRosterCompletion = {
  agdNumber: string;
  completedAt: string;
  /** The event date of a live class: its date is the course date (as on the certificate). */
  liveEventAt: string | null;
  /** How the credit was earned (decision 1040): the course type and the place follow from it. */
  delivery: string;
  /** An in-person event's place. */
  place: string | null;
  title: string;
  credits: number;
  agdCode: string | null;
  instructor: string | null;
  timeZone: string | null;
};

/** One completion as a row of the AGD roster, in the column order of AGD_CSV_HEADER. */
export function agdRosterRow(c: TRosterCompletion): (string | number)[] {
  return [
    c.agdNumber.trim(),
    agdDate(isDatedByEvent(c.delivery) && c.liveEventAt ? c.liveEventAt : c.completedAt, c.timeZone),
    c.title,
    c.credits,
    c.agdCode ?? '',
    deliveryWording(c.delivery).agdCourseType,
    c.instructor ?? '',
    c.delivery === 'in_person' && c.place ? c.place : AGD_LOCATION,
  ];
}
