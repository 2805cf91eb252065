import { DEFAULT_TIME_ZONE, isKnownTimeZone, studentName, webinarDateTime } from '@opence/shared';
import type { TMailAttachment, TOutgoingMail } from '../../lib/mail/outbox.ts';
import { mailTemplate } from '../../lib/mail/templates.ts';
import { unsubscribeHeaders } from '../../domain/unsubscribe.ts';
import { webinarCalendar } from './seats.calendar.ts';
import {
  seatConfirmedMail,
  seatConfirmedSubject,
  waitlistPlaceMail,
  waitlistPlaceSubject,
  type TWebinarMailFacts,
} from './seats.mails.ts';
import type { TMailee, TWebinarRow } from './seats.repo.ts';

/*
 * The parts every webinar mail is made of (the room and cancel links, the facts in the member's
 * zone, the calendar file), and the mail of a new reservation, queued as its facts and rendered
 * by the outbox worker (docs/decisions/1116): the request that takes the seat writes about 600
 * bytes of facts instead of 5–7 KB of text, HTML and calendar file.
 */

/** The member's stored zone when it is a real one, otherwise the default (decision 0402). */
export function mailTimeZone(stored: string | null): string {
  return stored && isKnownTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

export function webinarLinks(publicUrl: string) {
  return {
    roomUrl: (hash: string) => `${publicUrl}/live/${encodeURIComponent(hash)}`,
    cancelUrl: (code: string) => `${publicUrl}/cancel-seat/${encodeURIComponent(code)}`,
  };
}

type TCalendarWebinar = Pick<TWebinarRow, 'hash' | 'title' | 'speaker_name' | 'release_at' | 'duration_min'>;

export function webinarCalendarFile(
  publicUrl: string,
  webinar: TCalendarWebinar,
  brand: string,
  at: Date,
): string {
  return webinarCalendar({
    uid: `${webinar.hash}@${new URL(publicUrl).host}`,
    stampedAt: at,
    brand,
    title: webinar.title,
    speakerName: webinar.speaker_name,
    releaseDateUTC: webinar.release_at,
    durationMin: webinar.duration_min,
    roomUrl: webinarLinks(publicUrl).roomUrl(webinar.hash),
  });
}

export function webinarCalendarAttachment(
  publicUrl: string,
  webinar: TCalendarWebinar,
  brand: string,
  at: Date,
): TMailAttachment {
  return {
    filename: 'webinar.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    contentBase64: Buffer.from(webinarCalendarFile(publicUrl, webinar, brand, at)).toString('base64'),
  };
}

type TMaileeName = Pick<TMailee, 'firstname' | 'lastname' | 'time_zone'>;

export function webinarMailFacts(
  brand: string,
  mailee: TMaileeName,
  webinar: Pick<TWebinarRow, 'title' | 'release_at' | 'speaker_name'>,
): TWebinarMailFacts {
  const timeZone = mailTimeZone(mailee.time_zone);
  return {
    brand,
    name: studentName(mailee.firstname, mailee.lastname),
    title: webinar.title,
    when: webinarDateTime(webinar.release_at, timeZone),
    timeZone,
    speakerName: webinar.speaker_name,
  };
}

/** What the mail of a new reservation is rendered from: plain values, stored as JSON. */
export type TReservationMailFacts = {
  publicUrl: string;
  brand: string;
  mailee: TMaileeName;
  webinar: TCalendarWebinar;
  cancelCode: string;
  /** 1: a waitlist place (no calendar file, no cancel link); 0: a seat. */
  isWaiting: number;
  /** When the seat was taken (ISO): the calendar file's stamp. */
  at: string;
  /** The one-click unsubscribe of reminders every webinar mail carries (issue 25). */
  unsubscribeUrl: string;
};

function renderReservationMail(f: TReservationMailFacts) {
  const facts = webinarMailFacts(f.brand, f.mailee, f.webinar);
  const links = webinarLinks(f.publicUrl);
  const roomUrl = links.roomUrl(f.webinar.hash);
  const headers = unsubscribeHeaders(f.unsubscribeUrl);
  if (f.isWaiting === 1) return Object.assign(waitlistPlaceMail(facts, { roomUrl }), { headers });
  return Object.assign(seatConfirmedMail(facts, { roomUrl, cancelUrl: links.cancelUrl(f.cancelCode) }), {
    attachments: [webinarCalendarAttachment(f.publicUrl, f.webinar, f.brand, new Date(f.at))],
    headers,
  });
}

export const reservationMailTemplate = mailTemplate('seat-reservation', renderReservationMail);

/** The reservation's mail as the outbox queues it: address, kind and subject, and its facts. */
export function queuedReservationMail(to: string, f: TReservationMailFacts): TOutgoingMail {
  const subjectFacts = { brand: f.brand, title: f.webinar.title };
  return {
    to,
    kind: f.isWaiting === 1 ? 'seat-waitlist' : 'seat',
    subject: f.isWaiting === 1 ? waitlistPlaceSubject(subjectFacts) : seatConfirmedSubject(subjectFacts),
    text: '',
    template: reservationMailTemplate.queued(f),
  };
}
