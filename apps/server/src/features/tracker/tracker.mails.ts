import { fillText as fill, studentName, trackerDay, hoursText as h, TrackerTexts as T } from '@opence/shared';
import type { TTrackerStanding } from '@opence/shared/schemas';
import { renderMail, type TMailContent } from '../../domain/mail-templates.ts';

/* The CE deadline reminder (issue 23): days left, what is still missing, free courses for it. */

const TYPES: Record<string, string> = {
  dentist: 'dentist',
  dental_hygienist: 'dental hygienist',
  dental_assistant: 'dental assistant',
};
const MAX_COURSES = 6;

/**
 * What is still missing, one line each: the total, live hours, every requirement that applies
 * and is not met (never one that does not apply or that the licence has not answered yet).
 */
export function missingLines(standing: TTrackerStanding): string[] {
  const lines: string[] = [];
  const hours = (label: string, counted: number, required: number) =>
    fill(T.REMINDER_LINE, { label, counted: h(counted), required: h(required) });
  if (standing.total.met === false && standing.total.required !== null)
    lines.push(hours(T.TOTAL, standing.total.counted, standing.total.required));
  if (standing.live?.met === false && standing.live.required !== null)
    lines.push(hours(T.LIVE_MIN, standing.live.counted, standing.live.required));
  for (const r of standing.requirements) {
    if (r.status !== 'missing') continue;
    lines.push(
      r.kind === 'hours' && r.required !== null
        ? hours(r.label, r.counted, r.required)
        : fill(T.REMINDER_TOPIC_LINE, { label: r.label }),
    );
  }
  return lines;
}

export function trackerReminderMail(f: {
  brand: string;
  firstname: string | null;
  lastname: string | null;
  standing: TTrackerStanding;
  /** Days to the deadline on the job's day. */
  daysLeft: number;
  publicUrl: string;
}): TMailContent {
  const { licence } = f.standing;
  const days = Math.max(0, f.daysLeft);
  const missing = missingLines(f.standing);
  const byHash = new Map(f.standing.gap.flatMap((need) => need.courses).map((c) => [c.hash, c]));
  const courses = [...byHash.values()]
    .slice(0, MAX_COURSES)
    .map((c) =>
      fill(T.REMINDER_COURSE, { title: c.title, credits: h(c.credits), url: `${f.publicUrl}${c.url}` }),
    );
  const name = studentName(f.firstname, f.lastname);
  return renderMail({
    brand: f.brand,
    subject: fill(T.REMINDER_SUBJECT, { brand: f.brand, days, state: licence.state }),
    greeting: name ? `Hello ${name},` : 'Hello,',
    intro: [
      fill(T.REMINDER_INTRO, {
        state: licence.state,
        type: TYPES[licence.licenceType] ?? licence.licenceType,
        number: licence.licenceNumber,
        day: trackerDay(licence.periodEnd),
        days,
      }),
      ...(licence.periodBasis === 'unconfirmed' ? [T.REMINDER_UNCONFIRMED] : []),
      ...(missing.length ? [T.REMINDER_MISSING, ...missing] : [T.REMINDER_MET]),
      ...(courses.length ? [T.REMINDER_COURSES, ...courses] : []),
    ],
    action: { label: T.REMINDER_ACTION, url: `${f.publicUrl}/tracker` },
    outro: [T.BOARD_NOTE, fill(T.REMINDER_OFF, { url: `${f.publicUrl}/account` })],
  });
}
