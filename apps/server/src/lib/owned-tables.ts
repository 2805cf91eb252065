import type { Kysely, Transaction } from 'kysely';

/*
 * A module of lib that keeps state in the database (the scheduler's claims, rate limits, the mail
 * outbox) declares the tables it owns, column for column as db/types.ts declares them for the
 * whole schema, and takes any database whose schema has them: lib never imports db/ (decision
 * 0004). Kysely's type is invariant in its schema, so each such function is generic
 * (`TSchema extends TOwn`, checked at every call: a column that drifts from db/types.ts is a type
 * error there) and reads the database through its own declaration.
 */

/** A database or transaction whose schema has (at least) the tables TOwn. */
export type TWithTables<TSchema> = Kysely<TSchema> | Transaction<TSchema>;

/** A reader of databases whose schema has the tables TOwn, as Kysely<TOwn>. */
export function ownTables<TOwn>() {
  return <TSchema extends TOwn>(db: TWithTables<TSchema>): Kysely<TOwn> => db as unknown as Kysely<TOwn>;
}
