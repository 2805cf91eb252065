import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/*
 * The waitlist rule (03 §5), the one place it is written (docs/decisions/0008): the member n-th
 * in line for a seat of a class gets one when the class has no capacity or n is within its free
 * seats (capacity − seats taken). A new arrival is first in line (n = 1): it waits once the
 * seats taken fill the capacity. A released seat goes to the waitlist places numbered within the
 * free seats, first come first served (arrival, then id). It is SQL over the class row's counter
 * (seats_taken, kept by triggers: 0822) because the reservation on PostgreSQL decides in the one
 * statement that takes the class row's lock, where no TypeScript runs; SQLite's reservation and
 * every promotion read the same expression.
 */

/** True when the member `place`-th in line gets a seat; the query must have `classes` in scope. */
export function getsSeat(place: RawBuilder<number>): RawBuilder<boolean> {
  return sql<boolean>`(classes.capacity is null or ${place} <= classes.capacity - classes.seats_taken)`;
}

/** 1 when a new arrival is a waitlist place, else 0 (the value of seats.is_waiting). */
export const ARRIVAL_WAITS = sql<number>`case when ${getsSeat(sql.lit(1))} then 0 else 1 end`;

/**
 * The waitlist places the class's free seats now take, head of the line first: every place when
 * the class has no capacity, none when its seats are all taken.
 */
export async function selectWaitlistPromotions(db: TDb, classId: string) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('seats')
        .select([
          'seats.id',
          'seats.class_id',
          'seats.member_id',
          'seats.cancel_code',
          (w) =>
            w.fn
              .agg<number>('row_number')
              .over((ob) => ob.orderBy('seats.created_at').orderBy('seats.id'))
              .as('place'),
        ])
        .where('seats.class_id', '=', classId)
        .where('seats.is_waiting', '=', 1)
        .as('line'),
    )
    .innerJoin('classes', 'classes.id', 'line.class_id')
    .select(['line.id', 'line.member_id', 'line.cancel_code'])
    .where(getsSeat(sql.ref('line.place')))
    .orderBy('line.place')
    .execute();
}

/** A waitlist place's number: 1 for the head of the line (the order selectWaitlistPromotions moves it in). */
export async function selectWaitlistPosition(
  db: TDb,
  seat: { id: string; class_id: string; created_at: string },
): Promise<number> {
  const row = await db
    .selectFrom('seats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', seat.class_id)
    .where('is_waiting', '=', 1)
    .where((eb) =>
      eb.or([
        eb('created_at', '<', seat.created_at),
        eb.and([eb('created_at', '=', seat.created_at), eb('id', '<=', seat.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function promoteSeat(db: TDb, seatId: string, at: string): Promise<void> {
  await db.updateTable('seats').set({ is_waiting: 0, promoted_at: at }).where('id', '=', seatId).execute();
}
