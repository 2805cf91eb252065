import type { Kysely, Transaction } from 'kysely';
import { ClassType } from '@opence/shared';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/*
 * Reminders (issue 25, docs/decisions/0411): the seats to remind, and the claims that make
 * each reminder go out once per seat and start time, whatever the number of processes.
 */

/** Seats (not waitlist places) of published live classes starting between from and to. */
export async function selectReminderSeats(db: TDb, fromIso: string, toIso: string) {
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
    .where('classes.release_at', '>=', fromIso)
    .where('classes.release_at', '<=', toIso)
    .where('seats.is_waiting', '=', 0)
    .where('members.erased_at', 'is', null)
    .execute();
}
export type TReminderSeat = Awaited<ReturnType<typeof selectReminderSeats>>[number];

/** The kinds of reminder rows of some seats ('time' rows carry the start a member was told). */
export async function selectReminderRows(db: TDb, seatIds: readonly string[]) {
  if (seatIds.length === 0) return [];
  return db
    .selectFrom('webinar_reminders')
    .select(['seat_id', 'kind', 'release_at'])
    .where('seat_id', 'in', seatIds)
    .execute();
}

/**
 * Claims one reminder of one seat for one start time: true when this call inserted it. A seat
 * released since the pass read it (the member cancelled, staff removed the class) claims
 * nothing: inserting its id would break the foreign key and end the whole pass.
 */
export async function claimReminder(
  db: TDb,
  row: { seatId: string; kind: '24h' | '1h' | 'start' | 'time'; releaseAt: string; at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('webinar_reminders')
    .columns(['seat_id', 'kind', 'release_at', 'created_at'])
    .expression(
      db
        .selectFrom('seats')
        .select((eb) => [
          'seats.id as seat_id',
          eb.val(row.kind).as('kind'),
          eb.val(row.releaseAt).as('release_at'),
          eb.val(row.at).as('created_at'),
        ])
        .where('seats.id', '=', row.seatId),
    )
    .onConflict((oc) => oc.columns(['seat_id', 'kind', 'release_at']).doNothing())
    .returning('seat_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Seat ids per statement when recording told start times: well under SQLite's 32,766 bound variables. */
const TOLD_CHUNK = 500;

/**
 * Records the start each new seat was told at its reservation (a 'time' row per seat), a few
 * hundred seats per statement: one statement per seat made the minute's pass as long as a surge
 * of reservations was large (bench/RESULTS.md, issue 39). Seats released since the pass read
 * them are left out by the select, as in claimReminder; rows already there are kept.
 */
export async function recordToldTimes(
  db: TDb,
  seats: readonly { seatId: string; releaseAt: string }[],
  at: string,
): Promise<void> {
  const byStart = new Map<string, string[]>();
  for (const s of seats) byStart.set(s.releaseAt, [...(byStart.get(s.releaseAt) ?? []), s.seatId]);
  for (const [releaseAt, ids] of byStart) {
    for (let i = 0; i < ids.length; i += TOLD_CHUNK) {
      await db
        .insertInto('webinar_reminders')
        .columns(['seat_id', 'kind', 'release_at', 'created_at'])
        .expression(
          db
            .selectFrom('seats')
            .select((eb) => [
              'seats.id as seat_id',
              eb.val('time').as('kind'),
              eb.val(releaseAt).as('release_at'),
              eb.val(at).as('created_at'),
            ])
            .where('seats.id', 'in', ids.slice(i, i + TOLD_CHUNK)),
        )
        .onConflict((oc) => oc.columns(['seat_id', 'kind', 'release_at']).doNothing())
        .execute();
    }
  }
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
