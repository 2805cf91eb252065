import { z } from 'zod';
import { ZToken } from '../api.schema.ts';
import { ZSeatRow } from '../catalog/catalog.schema.ts';
import { ZPendingRow } from '../member-lists/member-lists.schema.ts';
import { ZOfficeAssignment } from '../offices/offices.schema.ts';

/*
 * GET /api/member-home (issue 22, decision 1005): what a signed-in member's home starts with, in
 * one call: the class to continue, the other exams pending, the next reserved webinar, this
 * year's credits and what the CE tracker says is still needed. Added beside the spec's routes.
 */

export const ZMemberHomeQuery = z.object({ s: ZToken.optional() });
export type TMemberHomeQuery = z.infer<typeof ZMemberHomeQuery>;

/** One of the member's licences in the CE tracker (by urgency), and how many hours its period still needs. */
export const ZMemberHomeLicence = z.object({
  licenceId: z.string(),
  state: z.string(),
  licenceType: z.string(),
  periodEnd: z.string().describe('The last day of the renewal period, YYYY-MM-DD.'),
  daysLeft: z.number().int(),
  hoursRequired: z.number().nullable().describe('null where no rule for the state and licence is known.'),
  hoursCounted: z.number(),
  hoursNeeded: z.number().nullable().describe('Hours still needed for the total: 0 once met.'),
  needs: z.array(z.string()).describe('What is still missing, in words: topics, live hours, the total.'),
  periodConfirmed: z
    .boolean()
    .describe('false: the period was saved before it could be confirmed; the member is asked to confirm it.'),
});
export type TMemberHomeLicence = z.infer<typeof ZMemberHomeLicence>;

export const ZMemberHome = z.object({
  /** The class in progress the member was on last (CE in Progress' first row). */
  continueClass: ZPendingRow.nullable(),
  /** Every class in progress (its exam not passed yet), and the next few after the first. */
  pendingExams: z.object({ count: z.number().int(), rows: z.array(ZPendingRow) }),
  /** The next webinar the member holds a seat in (not a waitlist place), with the room's state. */
  nextWebinar: ZSeatRow.extend({
    isRoomOpen: z.boolean().describe('Enter Webinar is offered: from 5 minutes before the start.'),
  }).nullable(),
  /** Credits of completions on a day of this calendar year, in the member's zone. */
  creditsThisYear: z.object({ year: z.number().int(), credits: z.number(), courses: z.number().int() }),
  /** The CE tracker's licences (an empty list when the member has entered none). */
  licences: z.array(ZMemberHomeLicence),
  /** What the member's offices assigned them (issue 43), soonest due first. */
  assignments: z.array(ZOfficeAssignment),
});
export type TMemberHome = z.infer<typeof ZMemberHome>;

export const ZMemberHomeResponse = z.object({ status: z.literal(true), home: ZMemberHome });
export type TMemberHomeResponse = z.infer<typeof ZMemberHomeResponse>;
