import { PostgresAdapter, type Kysely } from 'kysely';
import { createWaitlistCounter } from '../dialect/waitlist-counter.ts';

/*
 * The reservation burst (issue 21, docs/decisions/0825): classes.seats_waiting, the class's
 * waitlist places, kept by triggers on seats (db/dialect/waitlist-counter.ts), so a new waitlist
 * place learns its number with the class row's lock instead of counting the waitlist's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await db.schema
    .alterTable('classes')
    .addColumn('seats_waiting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createWaitlistCounter(db, dialect);
}
