import { loginLinkMail, renderMail, type TMailContent } from '../../domain/mail-templates.ts';

/*
 * The mails of live webinars (03 §5): seat confirmed, waitlist place, seat after the waitlist,
 * exam open. Dates are in the member's zone (America/New_York when none is stored: decision 0402).
 */

export type TWebinarMailFacts = {
  brand: string;
  name: string;
  title: string;
  /** The start in the member's zone, with the zone's abbreviation. */
  when: string;
  timeZone: string;
  speakerName: string | null;
};

function factsLines(f: TWebinarMailFacts): string[] {
  return [`When: ${f.when}`, ...(f.speakerName ? [`Speaker: ${f.speakerName}`] : [])];
}

const zoneLine = (f: TWebinarMailFacts) => `Times are given in the ${f.timeZone} time zone.`;
const cancelLine = (cancelUrl: string) =>
  `Cannot attend? Release your seat so that it goes to the next person on the waitlist: ${cancelUrl}`;
const greeting = (name: string) => (name ? `Hello ${name},` : 'Hello,');

type TSubjectFacts = Pick<TWebinarMailFacts, 'brand' | 'title'>;

export const seatConfirmedSubject = (f: TSubjectFacts) => `${f.brand}: your seat for ${f.title}`;
export const waitlistPlaceSubject = (f: TSubjectFacts) =>
  `${f.brand}: you are on the waitlist for ${f.title}`;

export function seatConfirmedMail(
  f: TWebinarMailFacts,
  links: { roomUrl: string; cancelUrl: string },
): TMailContent {
  return renderMail({
    brand: f.brand,
    subject: seatConfirmedSubject(f),
    greeting: greeting(f.name),
    intro: [
      `Your seat is reserved for the live webinar "${f.title}".`,
      ...factsLines(f),
      'The Enter Webinar button appears in the live room 5 minutes before the start. Open the attached calendar file to add the webinar to your calendar.',
    ],
    action: { label: 'Open the live room', url: links.roomUrl },
    outro: [zoneLine(f), cancelLine(links.cancelUrl)],
  });
}

export function waitlistPlaceMail(f: TWebinarMailFacts, links: { roomUrl: string }): TMailContent {
  return renderMail({
    brand: f.brand,
    subject: waitlistPlaceSubject(f),
    greeting: greeting(f.name),
    intro: [
      `The live webinar "${f.title}" is full, so you are on its waitlist.`,
      ...factsLines(f),
      'When a seat opens up it goes to the next person on the waitlist, and we e-mail you at once.',
    ],
    action: { label: 'Open the live room', url: links.roomUrl },
    outro: [zoneLine(f)],
  });
}

export function seatPromotedMail(
  f: TWebinarMailFacts,
  links: { loginUrl: string; cancelUrl: string },
): TMailContent {
  return loginLinkMail({
    brand: f.brand,
    name: f.name,
    subject: `${f.brand}: a seat opened up for ${f.title}`,
    intro: [
      `A seat opened up in the live webinar "${f.title}" and it is yours: you are no longer on the waitlist.`,
      ...factsLines(f),
      'Open the attached calendar file to add the webinar to your calendar.',
    ],
    actionLabel: 'Open the live room',
    url: links.loginUrl,
    outro: [zoneLine(f), cancelLine(links.cancelUrl)],
  });
}

/** The exam of a live class is open (03 §5): attendees confirm attendance first, others learn of the playback. */
export function examOpenMail(p: {
  brand: string;
  name: string;
  title: string;
  hasStarted: boolean;
  loginUrl: string;
}): TMailContent {
  return loginLinkMail({
    brand: p.brand,
    name: p.name,
    subject: `${p.brand}: the exam for ${p.title} is open`,
    intro: p.hasStarted
      ? [
          `Thank you for attending the live webinar "${p.title}".`,
          'Its exam is now open: confirm your attendance, then complete the evaluation and the exam to earn your CE credit.',
        ]
      : [
          `The exam for the live webinar "${p.title}" is now open.`,
          'You can still earn self-study credit: watch the playback once it is posted, then pass the exam.',
        ],
    actionLabel: p.hasStarted ? 'Confirm attendance and take the exam' : 'Go to the class',
    url: p.loginUrl,
  });
}

export type TReminderKind = '24h' | '1h' | 'start';

const unsubscribeLine = (url: string) =>
  `You receive reminders because you reserved a seat. Stop webinar reminders: ${url}`;

/** The subject of a reminder, or of a new time ('time'), known before the mail is rendered. */
export function webinarReminderSubject(
  f: Pick<TWebinarMailFacts, 'brand' | 'title'>,
  kind: TReminderKind | 'time',
): string {
  const subjects: Record<TReminderKind | 'time', string> = {
    '24h': `${f.brand}: tomorrow, ${f.title}`,
    '1h': `${f.brand}: in one hour, ${f.title}`,
    start: `${f.brand}: starting now, ${f.title}`,
    time: `${f.brand}: new time for ${f.title}`,
  };
  return subjects[kind];
}

/** A reminder before a live webinar (issue 25): 24 hours, 1 hour before, and at the start. */
export function webinarReminderMail(
  f: TWebinarMailFacts,
  kind: TReminderKind,
  links: { roomUrl: string; cancelUrl: string; unsubscribeUrl: string },
): TMailContent {
  const leads: Record<TReminderKind, string> = {
    '24h': `A reminder: the live webinar "${f.title}" you reserved a seat for starts in 24 hours.`,
    '1h': `A reminder: the live webinar "${f.title}" you reserved a seat for starts in one hour.`,
    start: `The live webinar "${f.title}" is starting now. Join from the live room.`,
  };
  return renderMail({
    brand: f.brand,
    subject: webinarReminderSubject(f, kind),
    greeting: greeting(f.name),
    intro: [
      leads[kind],
      ...factsLines(f),
      ...(kind === 'start' ? [] : ['Open the attached calendar file to add the webinar to your calendar.']),
    ],
    action: { label: kind === 'start' ? 'Join the live room' : 'Open the live room', url: links.roomUrl },
    outro: [
      zoneLine(f),
      ...(kind === 'start' ? [] : [cancelLine(links.cancelUrl)]),
      unsubscribeLine(links.unsubscribeUrl),
    ],
  });
}

/** A live webinar moved to another time (issue 25): its new time, the calendar file updates the event. */
export function webinarNewTimeMail(
  f: TWebinarMailFacts,
  links: { roomUrl: string; cancelUrl: string; unsubscribeUrl: string },
): TMailContent {
  return renderMail({
    brand: f.brand,
    subject: webinarReminderSubject(f, 'time'),
    greeting: greeting(f.name),
    intro: [
      `The live webinar "${f.title}" you reserved a seat for has moved to a new time. Your seat is kept.`,
      ...factsLines(f),
      'Open the attached calendar file to update the event in your calendar.',
    ],
    action: { label: 'Open the live room', url: links.roomUrl },
    outro: [zoneLine(f), cancelLine(links.cancelUrl), unsubscribeLine(links.unsubscribeUrl)],
  });
}
