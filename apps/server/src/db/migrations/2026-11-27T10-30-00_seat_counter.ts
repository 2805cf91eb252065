import type { Kysely } from 'kysely';
import { runFrozenStatements } from './sql/run-statements.ts';
import { statements } from './sql/2026-11-27T10-30-00_seat_counter.sql.ts';

/*
 * The reservation burst (issue 21, docs/decisions/0822). On the class row:
 * - seats_taken: its seats that are not waitlist places, kept by triggers on seats
 *   (sql/ beside this file), so a reservation takes the class row's lock and reads the seats
 *   taken in one statement, where it took the lock and then counted. The triggers change it in the
 *   statement that changes a seat, so every path does (a reservation, a cancel, a promotion, an
 *   erasure, a cascade, the seed, the benchmark's generator, a test's fixture); no application
 *   code writes the column.
 * - last_arrival_ms: the latest reservation's arrival (ms since 1970), set by that statement, so
 *   that arrivals stay strictly increasing in the order the lock was taken (first come, first
 *   served, 03 §5). Null until the first reservation after this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('classes')
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('classes').addColumn('last_arrival_ms', 'bigint').execute();
  await runFrozenStatements(db, statements);
}
