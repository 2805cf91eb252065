/*
 * How a credit was earned (issue 35, docs/decisions/1040): one fact per credit, and the words
 * every document derives from it: the certificate (PDF and modal), the public verification,
 * the CE transcript, the audit pack and the AGD roster. No document prints a delivery that did
 * not happen.
 *
 * The wording follows the two accreditors a US dental CE certificate answers to:
 * - AGD PACE: the Verification of Participation names the course's format (a live course,
 *   lecture or participation, or self-instruction) and its method of delivery (in person, or
 *   electronically mediated: webinar, online, recorded media). The AGD roster's "delivery
 *   method" column takes the course type: Lecture or Self-Instruction (decision 0706).
 * - ADA CERP: activities are live (in person, or real-time distance learning such as a webinar
 *   with the chance to interact) or self-instructional (enduring material: recorded video or
 *   audio, online courses).
 * Source: AGD PACE Program Guidelines (standard on verification of participation) and the ADA
 * CERP Recognition Standards and Procedures (glossary: live, self-instructional), as read for
 * decision 1040; staff who find newer wording change this table, not the documents.
 */

import { Texts } from '../texts.ts';

/** The ways a credit is earned: the site's own five, and a certificate from elsewhere. */
export const CREDIT_DELIVERIES = [
  'on_demand',
  'podcast',
  'live_webinar_verified',
  'live_webinar_self_attested',
  'in_person',
  'external',
] as const;
export type TCreditDelivery = (typeof CREDIT_DELIVERIES)[number];

/** What documents print for one delivery. */
export type TDeliveryWording = {
  /** A short name for lists and transcripts. */
  label: string;
  /** AGD PACE format, the ADA CERP activity type beside it. */
  format: string;
  /** AGD PACE method of delivery. */
  method: string;
  /** The AGD roster's course type (its "delivery method" column). */
  agdCourseType: 'Lecture' | 'Self-Instruction';
  /** ADA CERP's words for the activity. */
  cerp: string;
  /** Live credit: the hours count as live where a board asks for live hours. */
  isLive: boolean;
  /** How attendance was established; null for self-instruction (the exam is the proof). */
  attendance: string | null;
  /** The place printed when the credit has none of its own (an event's room). */
  place: string;
};

export const DELIVERY_WORDING: Readonly<Record<Exclude<TCreditDelivery, 'external'>, TDeliveryWording>> = {
  on_demand: {
    label: 'On-demand course',
    format: 'Self-Instruction',
    method: 'Electronically Mediated (on-demand video)',
    agdCourseType: 'Self-Instruction',
    cerp: 'Self-instructional (recorded video, online)',
    isLive: false,
    attendance: null,
    place: 'Online',
  },
  podcast: {
    label: 'Podcast',
    format: 'Self-Instruction',
    method: 'Electronically Mediated (recorded audio)',
    agdCourseType: 'Self-Instruction',
    cerp: 'Self-instructional (recorded audio)',
    isLive: false,
    attendance: null,
    place: 'Online',
  },
  live_webinar_verified: {
    label: 'Live webinar',
    format: 'Live Interactive (Lecture)',
    method: 'Electronically Mediated (live webinar)',
    agdCourseType: 'Lecture',
    cerp: 'Live (interactive webinar)',
    isLive: true,
    attendance: Texts.CERT_ATTENDANCE_REPORT,
    place: 'Online (live webinar)',
  },
  live_webinar_self_attested: {
    label: 'Live webinar',
    format: 'Live Interactive (Lecture)',
    method: 'Electronically Mediated (live webinar)',
    agdCourseType: 'Lecture',
    cerp: 'Live (interactive webinar)',
    isLive: true,
    attendance: Texts.CERT_ATTENDANCE_SELF,
    place: 'Online (live webinar)',
  },
  in_person: {
    label: 'In-person event',
    format: 'Live Interactive (Lecture)',
    method: 'In Person',
    agdCourseType: 'Lecture',
    cerp: 'Live (in person)',
    isLive: true,
    attendance: Texts.CERT_ATTENDANCE_CLAIM_CODE,
    place: 'In person',
  },
};

/** A certificate from another provider: the delivery its holder entered (tracker). */
export const EXTERNAL_DELIVERY_WORDING: Readonly<Record<string, TDeliveryWording>> = {
  in_person: Object.assign({}, DELIVERY_WORDING.in_person, {
    label: 'In person (other provider)',
    attendance: 'As stated on the provider’s certificate',
  }),
  live_webinar: Object.assign({}, DELIVERY_WORDING.live_webinar_self_attested, {
    label: 'Live webinar (other provider)',
    attendance: 'As stated on the provider’s certificate',
  }),
  self_study: {
    label: 'Self-study (other provider)',
    format: 'Self-Instruction',
    method: 'As stated on the provider’s certificate',
    agdCourseType: 'Self-Instruction',
    cerp: 'Self-instructional',
    isLive: false,
    attendance: null,
    place: 'As stated on the provider’s certificate',
  },
};

export function isCreditDelivery(value: unknown): value is TCreditDelivery {
  return typeof value === 'string' && (CREDIT_DELIVERIES as readonly string[]).includes(value);
}

/** The wording of one of the site's deliveries (an unknown value reads as on-demand, the most modest claim). */
export function deliveryWording(delivery: string): TDeliveryWording {
  return DELIVERY_WORDING[delivery as keyof typeof DELIVERY_WORDING] ?? DELIVERY_WORDING.on_demand;
}

/** The delivery of a credit of the site's own, from what is known when it is earned. */
export function siteDelivery(input: {
  isPodcast: boolean;
  isInPersonEvent: boolean;
  isLiveCredit: boolean;
  isVerifiedByReport: boolean;
}): Exclude<TCreditDelivery, 'external'> {
  if (input.isPodcast) return 'podcast';
  if (input.isInPersonEvent) return 'in_person';
  if (!input.isLiveCredit) return 'on_demand';
  return input.isVerifiedByReport ? 'live_webinar_verified' : 'live_webinar_self_attested';
}

/** The tracker's three deliveries (what the requirement engine counts) for a site delivery. */
export function trackerDeliveryOf(delivery: string): 'in_person' | 'live_webinar' | 'self_study' {
  if (delivery === 'in_person') return 'in_person';
  return deliveryWording(delivery).isLive ? 'live_webinar' : 'self_study';
}

/** Whether the certificate is dated by its event (a live webinar, an in-person event) rather than the day it was earned. */
export function isDatedByEvent(delivery: string): boolean {
  return deliveryWording(delivery).isLive;
}
