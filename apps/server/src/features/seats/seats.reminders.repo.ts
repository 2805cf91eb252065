import type { Kysely, Transaction } from 'kysely';
import { ClassType } from '@opence/shared';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/*
 * Reminders (issue 25, docs/decisions/0411): the seats to remind, and the claims that make
 * each reminder go out once per seat and start time, whatever the number of processes.
 */

/** Seats (not waitlist places) of published live classes, with what a reminder mail needs. */
function reminderSeats(db: TDb) {
  return db
    .selectFrom('classes')
    .innerJoin('seats', 'seats.class_id', 'classes.id')
    .innerJoin('members', 'members.id', 'seats.member_id')
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('reminder_optouts', 'reminder_optouts.member_id', 'seats.member_id')
    .select([
      'seats.id as seat_id',
      'seats.created_at as seat_created_at',
      'seats.cancel_code',
      'classes.hash',
      'classes.title',
      'classes.release_at',
      'classes.duration_min',
      'speakers.name as speaker_name',
      'members.id as member_id',
      'members.hash as member_hash',
      'members.email',
      'members.firstname',
      'members.lastname',
      'members.time_zone',
      'reminder_optouts.member_id as opted_out',
    ])
    .where('classes.type_id', '=', ClassType.LIVE)
    .where('classes.is_published', '=', 1)
    .where('seats.is_waiting', '=', 0)
    .where('members.erased_at', 'is', null);
}
export type TReminderSeat = Awaited<ReturnType<ReturnType<typeof reminderSeats>['execute']>>[number];

/** Published live classes starting between from and to (the classes a reminder may be due for). */
export async function selectLiveClassesStarting(db: TDb, fromIso: string, toIso: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'release_at'])
    .where('type_id', '=', ClassType.LIVE)
    .where('is_published', '=', 1)
    .where('release_at', '>=', fromIso)
    .where('release_at', '<=', toIso)
    .execute();
}

/**
 * The seats of one class still owed one kind of reminder for its present start: taken by
 * `createdBy` (a seat taken after the reminder's moment skips it), not opted out, not sent yet.
 * The database leaves out the seats already reminded, so a class of thousands of seats costs
 * the minute's pass nothing once they are (issue 39: the pass ran through every surge).
 */
export async function selectSeatsOwedReminder(
  db: TDb,
  p: { classId: string; kind: '24h' | '1h' | 'start'; createdBy: string | null; limit: number },
) {
  let query = reminderSeats(db)
    .where('classes.id', '=', p.classId)
    .where('reminder_optouts.member_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webinar_reminders as sent')
            .select('sent.seat_id')
            .whereRef('sent.seat_id', '=', 'seats.id')
            .where('sent.kind', '=', p.kind)
            .whereRef('sent.release_at', '=', 'classes.release_at'),
        ),
      ),
    );
  if (p.createdBy !== null) query = query.where('seats.created_at', '<=', p.createdBy);
  return query.limit(p.limit).execute();
}

/**
 * Seats of classes starting between from and to whose present start no 'time' row records:
 * seats never seen (`told_before` false: their confirmation told the start) and seats whose class
 * moved (`told_before` true: owed the new time). Seats already told their start are left out by
 * the database, so the minute's watch over a year of seats reads only what changed.
 */
export async function selectSeatsWithUntoldStart(db: TDb, fromIso: string, toIso: string, limit: number) {
  const rows = await reminderSeats(db)
    .where('classes.release_at', '>=', fromIso)
    .where('classes.release_at', '<=', toIso)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webinar_reminders as told')
            .select('told.seat_id')
            .whereRef('told.seat_id', '=', 'seats.id')
            .where('told.kind', '=', 'time')
            .whereRef('told.release_at', '=', 'classes.release_at'),
        ),
      ),
    )
    .select(({ exists, selectFrom }) =>
      exists(
        selectFrom('webinar_reminders as earlier')
          .select('earlier.seat_id')
          .whereRef('earlier.seat_id', '=', 'seats.id')
          .where('earlier.kind', '=', 'time'),
      ).as('told_before'),
    )
    .limit(limit)
    .execute();
  // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
  return rows.map((r) => Object.assign(r, { told_before: Boolean(r.told_before) }));
}

/**
 * Claims one reminder of some seats for one start time: the seats this call inserted a row
 * for. Seats claimed before (another scheduler, an earlier pass) are left out by the conflict,
 * and seats released since the pass read them (the member cancelled, staff removed the class)
 * by the select: inserting their ids would break the foreign key and end the whole pass.
 */
export async function claimReminders(
  db: TDb,
  p: { seatIds: readonly string[]; kind: '24h' | '1h' | 'start' | 'time'; releaseAt: string; at: string },
): Promise<string[]> {
  if (p.seatIds.length === 0) return [];
  const rows = await db
    .insertInto('webinar_reminders')
    .columns(['seat_id', 'kind', 'release_at', 'created_at'])
    .expression(
      db
        .selectFrom('seats')
        .select((eb) => [
          'seats.id as seat_id',
          eb.val(p.kind).as('kind'),
          eb.val(p.releaseAt).as('release_at'),
          eb.val(p.at).as('created_at'),
        ])
        .where('seats.id', 'in', p.seatIds),
    )
    .onConflict((oc) => oc.columns(['seat_id', 'kind', 'release_at']).doNothing())
    .returning('seat_id')
    .execute();
  return rows.map((r) => r.seat_id);
}

/** Seat ids per statement when recording told start times: well under SQLite's 32,766 bound variables. */
const TOLD_CHUNK = 500;

/**
 * Records the start each new seat was told at its reservation (a 'time' row per seat), a few
 * hundred seats per statement: one statement per seat made the minute's pass as long as a surge
 * of reservations was large (bench/RESULTS.md, issue 39). Rows already there are kept; returns
 * how many were recorded.
 */
export async function recordToldTimes(
  db: TDb,
  seats: readonly { seatId: string; releaseAt: string }[],
  at: string,
): Promise<number> {
  const byStart = new Map<string, string[]>();
  for (const s of seats) byStart.set(s.releaseAt, [...(byStart.get(s.releaseAt) ?? []), s.seatId]);
  let recorded = 0;
  for (const [releaseAt, ids] of byStart) {
    for (let i = 0; i < ids.length; i += TOLD_CHUNK) {
      const seatIds = ids.slice(i, i + TOLD_CHUNK);
      recorded += (await claimReminders(db, { seatIds, kind: 'time', releaseAt, at })).length;
    }
  }
  return recorded;
}

/** The member a reminder token names, by public hash. */
export async function selectMemberIdByHash(db: TDb, hash: string) {
  return db
    .selectFrom('members')
    .select('id')
    .where('hash', '=', hash)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** Records a member's unsubscribe from reminders (once; a second click changes nothing). */
export async function insertReminderOptout(db: TDb, memberId: string, at: string): Promise<void> {
  await db
    .insertInto('reminder_optouts')
    .values({ member_id: memberId, created_at: at })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}
