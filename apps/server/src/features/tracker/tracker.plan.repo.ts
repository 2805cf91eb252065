import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { ClassType, SELF_STUDY_CLASS_TYPES } from '@opence/shared';
import type { DB } from '../../db/types.ts';

/* What a renewal plan reads besides the standing (issue 41): the sessions it may use, and the member's missed seats. */

type TDb = Kysely<DB> | Transaction<DB>;

/** The class has no completion of the member's: what is done is neither planned nor missed. */
function notCompleted(eb: ExpressionBuilder<DB, 'classes'>, memberId: string) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('completions')
        .select('completions.id')
        .whereRef('completions.class_id', '=', 'classes.id')
        .where('completions.member_id', '=', memberId),
    ),
  );
}

/** Sessions read per kind: the soonest live and in-person ones, the newest on-demand classes. */
const PER_KIND = 200;

/**
 * The site's free classes with credits the member has not completed that a plan may use: live
 * webinars and in-person events starting between now and the deadline (the soonest first), and
 * released on-demand classes (the newest first), with their length, seats, the member's seat,
 * the event's place, whether they have an exam and something to take, and their topic tags. The
 * shared planner (buildPlan) decides.
 */
export async function selectPlanSessions(db: TDb, memberId: string, opts: { now: string; before: string }) {
  const base = () =>
    db
      .selectFrom('classes')
      .leftJoin('in_person_events', 'in_person_events.class_id', 'classes.id')
      .select([
        'classes.id',
        'classes.hash',
        'classes.title',
        'classes.credits',
        'classes.type_id',
        'classes.release_at',
        'classes.duration_min',
        'classes.capacity',
        'classes.seats_taken',
        'classes.youtube_url',
        'classes.video_url',
        'classes.pdf_url',
        'classes.is_published',
        'in_person_events.place',
      ])
      .select((eb) => [
        eb
          .exists(eb.selectFrom('exams').select('exams.id').whereRef('exams.class_id', '=', 'classes.id'))
          .as('has_exam'),
        eb
          .exists(
            eb
              .selectFrom('seats')
              .select('seats.id')
              .whereRef('seats.class_id', '=', 'classes.id')
              .where('seats.member_id', '=', memberId)
              .where('seats.is_waiting', '=', 0),
          )
          .as('is_booked'),
      ])
      // An in-person event's class is never published (it is not in the catalogue): staff made it an event.
      .where((eb) => eb.or([eb('classes.is_published', '=', 1), eb('in_person_events.id', 'is not', null)]))
      .where('classes.is_tutorial', '=', 0)
      .where('classes.credits', '>', 0)
      .where((eb) => eb.or([eb('classes.price', 'is', null), eb('classes.price', '=', 0)]))
      .where((eb) => notCompleted(eb, memberId));
  const [timed, onDemand] = await Promise.all([
    base()
      .where('classes.release_at', '>', opts.now)
      .where('classes.release_at', '<', opts.before)
      .where((eb) =>
        eb.or([eb('classes.type_id', '=', ClassType.LIVE), eb('in_person_events.id', 'is not', null)]),
      )
      .orderBy('classes.release_at')
      .orderBy('classes.id')
      .limit(PER_KIND)
      .execute(),
    base()
      .where('classes.release_at', '<=', opts.now)
      .where('classes.type_id', 'in', SELF_STUDY_CLASS_TYPES)
      .where('in_person_events.id', 'is', null)
      .orderBy('classes.release_at', 'desc')
      .orderBy('classes.id')
      .limit(PER_KIND)
      .execute(),
  ]);
  const rows = [...timed, ...onDemand];
  const tags = rows.length
    ? await db
        .selectFrom('class_topics')
        .select(['class_id', 'topic_code'])
        .where(
          'class_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return rows.map((r) =>
    Object.assign({}, r, {
      has_exam: Boolean(r.has_exam),
      is_booked: Boolean(r.is_booked),
      topics: tags.filter((t) => t.class_id === r.id).map((t) => t.topic_code),
    }),
  );
}
export type TPlanSessionRow = Awaited<ReturnType<typeof selectPlanSessions>>[number];

/**
 * The member's seats (not waitlist places) on classes that started in the period and before now,
 * not joined, not marked attended and not completed: candidates for a missed session (the service
 * checks the end).
 */
export async function selectUnattendedSeats(db: TDb, memberId: string, opts: { from: string; now: string }) {
  return (
    db
      .selectFrom('seats')
      .innerJoin('classes', 'classes.id', 'seats.class_id')
      .select(['classes.hash', 'classes.title', 'classes.release_at', 'classes.duration_min'])
      .where('seats.member_id', '=', memberId)
      .where('seats.is_waiting', '=', 0)
      .where((eb) => eb.or([eb('seats.attended', 'is', null), eb('seats.attended', '=', 0)]))
      // Started: the member joined the room; the credit waits on the exam, not on a new session.
      .where('seats.started_at', 'is', null)
      .where('classes.release_at', '>=', opts.from)
      .where('classes.release_at', '<', opts.now)
      .where((eb) => notCompleted(eb, memberId))
      .orderBy('classes.release_at')
      .execute()
  );
}
