import {
  addDays,
  buildPlan,
  ClassType,
  dayLimitOf,
  hasNothingToView,
  lessonKind,
  PlanTexts,
  requirementKey,
  requirementLabel,
  seatsLeft,
  webinarEndsAt,
  type TPlan,
  type TPlanSession,
} from '@opence/shared';
import type { TPlanBookingOutcome, TTrackerPlan, TTrackerPlanBookingResponse } from '@opence/shared/schemas';
import { ApiError } from '../../lib/api-errors.ts';
import { nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import type { TTrackerContext } from './tracker.context.ts';
import type { TTrackerStandings } from './tracker.standing.service.ts';
import * as repo from './tracker.plan.repo.ts';

/*
 * The renewal plan (issue 41): the licence's checker inputs and the site's sessions, handed to
 * the shared planner; recomputed on every call, never stored (decision 1140), so a missed session,
 * a cancelled seat or a new certificate replans at once. Booking reserves through the seats
 * feature, and the calendar is written by its writer, both given by app.ts.
 */

/** A session of the plan's calendar file, keyed by its class's hash (the seats feature writes it). */
export type TPlanCalendarEntry = {
  key: string;
  path: string;
  title: string;
  description: string;
  location: string | null;
} & ({ startsAt: string; endsAt: string } | { day: string });

export type TPlanDeps = {
  /** Reserves a seat as the webinar page's button does (a held seat is answered as it is). */
  reserveSeat: (memberId: string, hash: string) => Promise<{ isWaiting: boolean }>;
  calendarOf: (entries: readonly TPlanCalendarEntry[]) => Promise<string>;
};

function sessionOf(row: repo.TPlanSessionRow): TPlanSession & { place: string | null } {
  // An event's credit is claimed with its code; a webinar's and a class's by passing the exam.
  const isEvent = row.place !== null;
  const isLive = !isEvent && row.type_id === ClassType.LIVE;
  const lesson = lessonKind({
    typeId: row.type_id,
    youtubeUrl: row.youtube_url,
    videoUrl: row.video_url,
    pdfUrl: row.pdf_url,
  });
  const hasViewing = isLive || (!hasNothingToView(lesson) && lesson !== 'premium');
  return {
    hash: row.hash,
    kind: isEvent ? 'in_person' : isLive ? 'live' : 'on_demand',
    title: row.title,
    hours: row.credits,
    topics: row.topics,
    startsAt: row.release_at,
    endsAt: isEvent || isLive ? webinarEndsAt(row.release_at, row.duration_min).toISOString() : null,
    seatsLeft: isLive ? seatsLeft(row.capacity, Number(row.seats_taken)) : null,
    isPublished: isEvent || row.is_published === 1,
    hasContent: isEvent || (row.has_exam && hasViewing),
    isBooked: row.is_booked,
    url: isLive ? `/classroom-reserve/${row.hash}` : `/classroom/${row.hash}`,
    place: row.place,
  };
}

export function createTrackerPlans(ctx: TTrackerContext, standings: TTrackerStandings, deps: TPlanDeps) {
  const { db, now } = ctx;

  async function planOf(member: TSessionMember, id: string) {
    const inputs = await standings.checkerInputs(member, id);
    const at = now();
    const { period } = inputs;
    const rows = await repo.selectPlanSessions(db, member.id, {
      now: nowIso(at),
      before: `${addDays(period.end, 1)}T00:00:00.000Z`,
    });
    const sessions = rows.map(sessionOf);
    const items = inputs.rule?.mandatory ?? [];
    const plan = buildPlan({
      rule: inputs.engine,
      items,
      context: inputs.context,
      credits: inputs.credits,
      carryOverHours: inputs.licence.carry_over_hours,
      dayLimit: dayLimitOf(inputs.rule?.notes ?? null),
      sessions,
      now: nowIso(at),
    });
    const unattended = await repo.selectUnattendedSeats(db, member.id, {
      from: period.start,
      now: nowIso(at),
    });
    const labels = new Map<string, string>([
      ['live', PlanTexts.NEED_LIVE],
      ['total', PlanTexts.NEED_TOTAL],
      ...items.map((m) => [requirementKey(m), requirementLabel(m)] as [string, string]),
    ]);
    const places = new Map(sessions.map((s) => [s.hash, s.place]));
    return {
      plan: present(inputs.licence, plan, labels, places, {
        missed: unattended
          .filter((s) => webinarEndsAt(s.release_at, s.duration_min) <= at)
          .map((s) => ({ hash: s.hash, title: s.title, startsAt: s.release_at })),
      }),
    };
  }

  return {
    /** GET /api/tracker/plan: the licence's renewal plan, built now from its gap. */
    async plan(member: TSessionMember, id: string): Promise<TTrackerPlan> {
      return (await planOf(member, id)).plan;
    },

    /**
     * POST /api/tracker/plan-booking: a seat in every live session of the plan, one after the
     * other through the seats feature (which keeps one seat per member and class, so a double or
     * concurrent tap reserves nothing twice), then the plan as it now stands.
     */
    async bookPlan(member: TSessionMember, id: string): Promise<Omit<TTrackerPlanBookingResponse, 'status'>> {
      const { plan } = await planOf(member, id);
      const seats: TTrackerPlanBookingResponse['seats'] = [];
      for (const item of plan.items) {
        if (item.kind !== 'live') continue;
        seats.push({ hash: item.hash, title: item.title, outcome: await reserve(member, item) });
      }
      return { seats, plan: (await planOf(member, id)).plan };
    },

    /** GET /api/tracker/plan-calendar: the plan as one calendar file (on-demand classes as all-day events). */
    async planCalendar(member: TSessionMember, id: string): Promise<{ filename: string; body: string }> {
      const { plan } = await planOf(member, id);
      const body = await deps.calendarOf(
        plan.items.map((item): TPlanCalendarEntry => {
          const description = `${PlanTexts.HOURS.replace('{hours}', String(item.hours))} · ${PlanTexts.SERVES.replace(
            '{needs}',
            item.serves.map((s) => s.label).join(', '),
          )}`;
          const common = {
            key: item.hash,
            path: item.url,
            title: item.title,
            description,
            location: item.place,
          };
          return item.startsAt && item.endsAt
            ? Object.assign({}, common, { startsAt: item.startsAt, endsAt: item.endsAt })
            : Object.assign({}, common, { day: item.day });
        }),
      );
      return { filename: `renewal-plan-${plan.deadline}.ics`, body };
    },
  };

  async function reserve(
    member: TSessionMember,
    item: TTrackerPlan['items'][number],
  ): Promise<TPlanBookingOutcome> {
    if (item.isBooked) return 'already';
    try {
      return (await deps.reserveSeat(member.id, item.hash)).isWaiting ? 'waitlisted' : 'reserved';
    } catch (error) {
      // Started or ended since the plan was read: the seats feature refuses it (409).
      if (error instanceof ApiError && error.statusCode === 409) return 'ended';
      throw error;
    }
  }
}

function present(
  licence: { id: string; state: string; licence_type: string; period_end: string },
  plan: TPlan,
  labels: ReadonlyMap<string, string>,
  places: ReadonlyMap<string, string | null>,
  extra: Pick<TTrackerPlan, 'missed'>,
): TTrackerPlan {
  return {
    licenceId: licence.id,
    state: licence.state,
    licenceType: licence.licence_type,
    deadline: licence.period_end,
    isNeeded: plan.needs.length > 0,
    isComplete: plan.shortfalls.length === 0,
    items: plan.items.map(({ session: s, day, serves }) => ({
      hash: s.hash,
      kind: s.kind,
      title: s.title,
      hours: s.hours,
      day,
      startsAt: s.kind === 'on_demand' ? null : s.startsAt,
      endsAt: s.endsAt,
      place: places.get(s.hash) ?? null,
      isBooked: s.isBooked,
      url: s.url,
      serves: serves.map((need) => ({ need, label: labels.get(need) ?? need })),
    })),
    shortfalls: plan.shortfalls,
    missed: extra.missed,
  };
}

export type TTrackerPlans = ReturnType<typeof createTrackerPlans>;
