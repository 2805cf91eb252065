import { z } from 'zod';

/*
 * The renewal plan's calls (issue 41): GET /api/tracker/plan, POST /api/tracker/plan-booking and
 * GET /api/tracker/plan-calendar, each with the licence's id (ZTrackerIdQuery).
 */

export const PLAN_BOOKING_OUTCOMES = ['reserved', 'already', 'waitlisted', 'ended'] as const;
export type TPlanBookingOutcome = (typeof PLAN_BOOKING_OUTCOMES)[number];

export const ZTrackerPlanItem = z.object({
  hash: z.string(),
  kind: z.enum(['live', 'on_demand', 'in_person']),
  title: z.string(),
  hours: z.number(),
  /** The day it is taken ('YYYY-MM-DD'): a session's own day (UTC), an on-demand class's planned day. */
  day: z.string(),
  /** Live and in person: when it starts and ends (ISO); on demand: null. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** In person: where. */
  place: z.string().nullable(),
  /** Live: the member holds a seat. */
  isBooked: z.boolean(),
  url: z.string(),
  /** The needs it serves, in the member's words. */
  serves: z.array(z.object({ need: z.string(), label: z.string() })),
});
export type TTrackerPlanItem = z.infer<typeof ZTrackerPlanItem>;

export const ZTrackerPlan = z.object({
  licenceId: z.string(),
  state: z.string(),
  licenceType: z.string(),
  /** The licence's deadline: the CE period's last day. */
  deadline: z.string(),
  /** Nothing missing: no plan needed. */
  isNeeded: z.boolean(),
  /** The plan meets every requirement the tracker holds the licence to. */
  isComplete: z.boolean(),
  items: z.array(ZTrackerPlanItem),
  /** What the plan cannot meet, each naming its rule in the member's words. */
  shortfalls: z.array(
    z.object({
      need: z.string(),
      kind: z.enum(['topic', 'card', 'assessment', 'live', 'total']),
      text: z.string(),
    }),
  ),
  /** Live sessions of the period the member held a seat in, that ended without attendance: replanned. */
  missed: z.array(z.object({ hash: z.string(), title: z.string(), startsAt: z.string() })),
});
export type TTrackerPlan = z.infer<typeof ZTrackerPlan>;

export const ZTrackerPlanResponse = z.object({ status: z.literal(true), plan: ZTrackerPlan });
export type TTrackerPlanResponse = z.infer<typeof ZTrackerPlanResponse>;

export const ZTrackerPlanBookingResponse = z.object({
  status: z.literal(true),
  /** Each live session of the plan and what became of its seat. */
  seats: z.array(z.object({ hash: z.string(), title: z.string(), outcome: z.enum(PLAN_BOOKING_OUTCOMES) })),
  /** The plan as it stands after the booking. */
  plan: ZTrackerPlan,
});
export type TTrackerPlanBookingResponse = z.infer<typeof ZTrackerPlanBookingResponse>;
