/*
 * Frozen (docs/decisions/0003): the statements migration 2026-11-27T10-30-00_seat_counter runs on each engine, as
 * createSeatCounter in db/dialect/seat-counter.ts wrote them on 27 November 2026, copied here so that the migration never
 * depends on live code. Never edit: a change to the schema is a new migration.
 */
export const statements: Record<'sqlite' | 'postgres', readonly string[]> = {
  sqlite: [
    `create trigger seats_taken_ins after insert on seats begin update classes set seats_taken = seats_taken + 1 where id = NEW.class_id and NEW.is_waiting = 0; end`,
    `create trigger seats_taken_del after delete on seats begin update classes set seats_taken = seats_taken - 1 where id = OLD.class_id and OLD.is_waiting = 0; end`,
    `create trigger seats_taken_upd after update of is_waiting, class_id on seats begin update classes set seats_taken = seats_taken - 1 where id = OLD.class_id and OLD.is_waiting = 0; update classes set seats_taken = seats_taken + 1 where id = NEW.class_id and NEW.is_waiting = 0; end`,
    `update classes set seats_taken = (select count(*) from seats where seats.class_id = classes.id and seats.is_waiting = 0)`,
  ],
  postgres: [
    `create function seats_taken_ins() returns trigger language plpgsql as $$ begin update classes set seats_taken = seats_taken + 1 where id = NEW.class_id and NEW.is_waiting = 0; return NEW; end $$`,
    `create trigger seats_taken_ins after insert on seats for each row execute function seats_taken_ins()`,
    `create function seats_taken_del() returns trigger language plpgsql as $$ begin update classes set seats_taken = seats_taken - 1 where id = OLD.class_id and OLD.is_waiting = 0; return OLD; end $$`,
    `create trigger seats_taken_del after delete on seats for each row execute function seats_taken_del()`,
    `create function seats_taken_upd() returns trigger language plpgsql as $$ begin update classes set seats_taken = seats_taken - 1 where id = OLD.class_id and OLD.is_waiting = 0; update classes set seats_taken = seats_taken + 1 where id = NEW.class_id and NEW.is_waiting = 0; return NEW; end $$`,
    `create trigger seats_taken_upd after update of is_waiting, class_id on seats for each row execute function seats_taken_upd()`,
    `update classes set seats_taken = (select count(*) from seats where seats.class_id = classes.id and seats.is_waiting = 0)`,
  ],
};
