/*
 * Frozen (docs/decisions/0003): the statements migration 2026-11-27T11-30-00_waitlist_counter runs on each engine, as
 * createWaitlistCounter in db/dialect/waitlist-counter.ts wrote them on 27 November 2026, copied here so that the migration never
 * depends on live code. Never edit: a change to the schema is a new migration.
 */
export const statements: Record<'sqlite' | 'postgres', readonly string[]> = {
  sqlite: [
    `create trigger seats_waiting_ins after insert on seats when NEW.is_waiting = 1 begin update classes set seats_waiting = seats_waiting + 1 where id = NEW.class_id and NEW.is_waiting = 1; end`,
    `create trigger seats_waiting_del after delete on seats when OLD.is_waiting = 1 begin update classes set seats_waiting = seats_waiting - 1 where id = OLD.class_id and OLD.is_waiting = 1; end`,
    `create trigger seats_waiting_upd after update of is_waiting, class_id on seats when OLD.is_waiting = 1 or NEW.is_waiting = 1 begin update classes set seats_waiting = seats_waiting - 1 where id = OLD.class_id and OLD.is_waiting = 1; update classes set seats_waiting = seats_waiting + 1 where id = NEW.class_id and NEW.is_waiting = 1; end`,
    `update classes set seats_waiting = (select count(*) from seats where seats.class_id = classes.id and seats.is_waiting = 1)`,
  ],
  postgres: [
    `create function seats_waiting_ins() returns trigger language plpgsql as $$ begin update classes set seats_waiting = seats_waiting + 1 where id = NEW.class_id and NEW.is_waiting = 1; return NEW; end $$`,
    `create trigger seats_waiting_ins after insert on seats for each row when (NEW.is_waiting = 1) execute function seats_waiting_ins()`,
    `create function seats_waiting_del() returns trigger language plpgsql as $$ begin update classes set seats_waiting = seats_waiting - 1 where id = OLD.class_id and OLD.is_waiting = 1; return OLD; end $$`,
    `create trigger seats_waiting_del after delete on seats for each row when (OLD.is_waiting = 1) execute function seats_waiting_del()`,
    `create function seats_waiting_upd() returns trigger language plpgsql as $$ begin update classes set seats_waiting = seats_waiting - 1 where id = OLD.class_id and OLD.is_waiting = 1; update classes set seats_waiting = seats_waiting + 1 where id = NEW.class_id and NEW.is_waiting = 1; return NEW; end $$`,
    `create trigger seats_waiting_upd after update of is_waiting, class_id on seats for each row when (OLD.is_waiting = 1 or NEW.is_waiting = 1) execute function seats_waiting_upd()`,
    `update classes set seats_waiting = (select count(*) from seats where seats.class_id = classes.id and seats.is_waiting = 1)`,
  ],
};
