import { type Kysely, sql } from 'kysely';
import type { TDialectName } from './index.ts';

/*
 * The class row's seat counter (issue 21, docs/decisions/0822): classes.seats_taken is the number
 * of the class's seats that are not waitlist places. Triggers on seats keep it, in the statement
 * that changes a seat, so every path does: the reservation, a cancel, a promotion, a member's
 * erasure, a deleted member or class (cascades), the demo seed, the benchmark's generator, a
 * test's fixture. No application code writes the column. The reservation reads it with the class
 * row's lock in one statement (seats.repo.ts claimArrival).
 *
 * Frozen with the migration 2026-11-27T10-30-00_seat_counter: a later change is a new migration.
 */

/** One trigger: the engine's event, and the counter's change (SQL over OLD and NEW). */
const TRIGGERS = [
  {
    name: 'seats_taken_ins',
    event: 'insert',
    sets: ['seats_taken = seats_taken + 1 where id = NEW.class_id and NEW.is_waiting = 0'],
  },
  {
    name: 'seats_taken_del',
    event: 'delete',
    sets: ['seats_taken = seats_taken - 1 where id = OLD.class_id and OLD.is_waiting = 0'],
  },
  {
    name: 'seats_taken_upd',
    event: 'update of is_waiting, class_id',
    sets: [
      'seats_taken = seats_taken - 1 where id = OLD.class_id and OLD.is_waiting = 0',
      'seats_taken = seats_taken + 1 where id = NEW.class_id and NEW.is_waiting = 0',
    ],
  },
] as const;

/** Adds the counter's triggers and counts the seats already held. */
export async function createSeatCounter(db: Kysely<unknown>, dialect: TDialectName): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const t of TRIGGERS) {
    const body = t.sets.map((s) => `update classes set ${s};`).join(' ');
    if (dialect === 'sqlite') {
      await run(`create trigger ${t.name} after ${t.event} on seats begin ${body} end`);
      continue;
    }
    const row = t.event === 'delete' ? 'OLD' : 'NEW';
    await run(
      `create function ${t.name}() returns trigger language plpgsql as $$ begin ${body} return ${row}; end $$`,
    );
    await run(`create trigger ${t.name} after ${t.event} on seats for each row execute function ${t.name}()`);
  }
  await run(
    `update classes set seats_taken = (select count(*) from seats where seats.class_id = classes.id and seats.is_waiting = 0)`,
  );
}
