import { type Kysely, sql } from 'kysely';
import type { TDialectName } from './index.ts';

/*
 * The class row's waitlist counter (issue 21, docs/decisions/0825): classes.seats_waiting is the
 * number of the class's waitlist places, kept by triggers on seats as seats_taken is
 * (seat-counter.ts), so every path that changes a seat keeps it. A reservation reads it with the
 * class row's lock: a new waitlist place is the last in line (arrivals are strictly increasing),
 * so its number is the places before it plus one, where it took a count of the waitlist's rows.
 *
 * Frozen with the migration 2026-11-27T11-30-00_waitlist_counter: a later change is a new migration.
 */

/** One trigger: the engine's event, the seats it concerns, and the counter's change. */
const TRIGGERS = [
  {
    name: 'seats_waiting_ins',
    event: 'insert',
    when: 'NEW.is_waiting = 1',
    sets: ['seats_waiting = seats_waiting + 1 where id = NEW.class_id and NEW.is_waiting = 1'],
  },
  {
    name: 'seats_waiting_del',
    event: 'delete',
    when: 'OLD.is_waiting = 1',
    sets: ['seats_waiting = seats_waiting - 1 where id = OLD.class_id and OLD.is_waiting = 1'],
  },
  {
    name: 'seats_waiting_upd',
    event: 'update of is_waiting, class_id',
    when: 'OLD.is_waiting = 1 or NEW.is_waiting = 1',
    sets: [
      'seats_waiting = seats_waiting - 1 where id = OLD.class_id and OLD.is_waiting = 1',
      'seats_waiting = seats_waiting + 1 where id = NEW.class_id and NEW.is_waiting = 1',
    ],
  },
] as const;

/**
 * Adds the counter's triggers and counts the waitlist places already held. A trigger fires only
 * for a waitlist place (its `when`), so taking a seat writes the class row no more than before.
 */
export async function createWaitlistCounter(db: Kysely<unknown>, dialect: TDialectName): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const t of TRIGGERS) {
    const body = t.sets.map((s) => `update classes set ${s};`).join(' ');
    if (dialect === 'sqlite') {
      await run(`create trigger ${t.name} after ${t.event} on seats when ${t.when} begin ${body} end`);
      continue;
    }
    const row = t.event === 'delete' ? 'OLD' : 'NEW';
    await run(
      `create function ${t.name}() returns trigger language plpgsql as $$ begin ${body} return ${row}; end $$`,
    );
    await run(
      `create trigger ${t.name} after ${t.event} on seats for each row when (${t.when}) execute function ${t.name}()`,
    );
  }
  await run(
    `update classes set seats_waiting = (select count(*) from seats where seats.class_id = classes.id and seats.is_waiting = 1)`,
  );
}
