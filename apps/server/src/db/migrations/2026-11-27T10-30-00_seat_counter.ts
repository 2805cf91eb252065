import { PostgresAdapter, type Kysely } from 'kysely';
import { createSeatCounter } from '../dialect/seat-counter.ts';

/*
 * The reservation burst (issue 21, docs/decisions/0822). On the class row:
 * - seats_taken: its seats that are not waitlist places, kept by triggers on seats
 *   (db/dialect/seat-counter.ts), so a reservation takes the class row's lock and reads the seats
 *   taken in one statement, where it took the lock and then counted.
 * - last_arrival_ms: the latest reservation's arrival (ms since 1970), set by that statement, so
 *   that arrivals stay strictly increasing in the order the lock was taken (first come, first
 *   served, 03 §5). Null until the first reservation after this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await db.schema
    .alterTable('classes')
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('classes').addColumn('last_arrival_ms', 'bigint').execute();
  await createSeatCounter(db, dialect);
}
