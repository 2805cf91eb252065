import type { Kysely } from 'kysely';
import { runFrozenStatements } from './sql/run-statements.ts';
import { statements } from './sql/2026-11-27T11-30-00_waitlist_counter.sql.ts';

/*
 * The reservation burst (issue 21, docs/decisions/0825): classes.seats_waiting, the class's
 * waitlist places, kept by triggers on seats (sql/ beside this file), so a new waitlist
 * place learns its number with the class row's lock instead of counting the waitlist's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('classes')
    .addColumn('seats_waiting', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await runFrozenStatements(db, statements);
}
