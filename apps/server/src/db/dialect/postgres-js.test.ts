import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/build-test-app.ts';
import { isUniqueViolation } from './index.ts';
import { PostgresJsDialect, postgresJsSql } from './postgres-js.ts';

/*
 * The postgres.js dialect on a real PostgreSQL (skipped on SQLite): values come back as they do
 * through node-postgres, a transaction keeps one connection, errors keep PostgreSQL's codes, and
 * repeated statements are prepared.
 */

const serverUrl = process.env.DATABASE_URL ?? '';
const isPostgres = serverUrl.startsWith('postgres');

type TNotes = { notes: { id: number; body: string; weight: number } };

describe.skipIf(!isPostgres)('postgres.js dialect', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: Kysely<TNotes>;

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl);
    const { Kysely } = await import('kysely');
    db = new Kysely<TNotes>({
      dialect: new PostgresJsDialect(
        postgresJsSql({ connectionString: database.url, poolSize: 2, prepare: true }),
      ),
    });
    await sql`create table notes (id integer primary key, body text not null, weight double precision not null)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('returns counts, sums and numerics as numbers, and undefined is sent as null', async () => {
    await db.insertInto('notes').values({ id: 1, body: 'one', weight: 1.5 }).execute();
    const row = await db
      .selectFrom('notes')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('id').as('total')])
      .select(sql<number>`avg(id)`.as('average'))
      .select(sql<number>`1.25::numeric`.as('decimal'))
      .select(sql<boolean>`true`.as('yes'))
      .select(sql<string | null>`${undefined}::text`.as('nothing'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 1, total: 1, average: 1, decimal: 1.25, yes: true, nothing: null });
    const updated = await db
      .updateTable('notes')
      .set({ weight: 2 })
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it('runs a transaction on one connection, commits it, and rolls back a failed one', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 2, body: 'two', weight: 1 }).execute();
      const pids = await Promise.all(
        [1, 2, 3].map(() => sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)),
      );
      expect(new Set(pids.map((r) => r.rows[0]!.pid)).size).toBe(1);
    });
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 3, body: 'three', weight: 1 }).execute();
      await trx.insertInto('notes').values({ id: 3, body: 'again', weight: 1 }).execute();
    });
    const error = await failed.catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    const ids = await db.selectFrom('notes').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
  });

  it('refuses db.connection(), whose queries would not share one session', async () => {
    const twoOnOne = db.connection().execute(async (connection) => {
      await sql`set statement_timeout = 1000`.execute(connection);
      await sql`select 1`.execute(connection);
    });
    await expect(twoOnOne).rejects.toThrow(/not supported/);
  });

  it('prepares a repeated statement and survives a schema change under it', async () => {
    const text = 'select * from notes where id = $1';
    for (let i = 0; i < 3; i++) await sql`select * from notes where id = ${1}`.execute(db);
    const prepared = async () =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
        (r) => r.statement,
      );
    // Two connections: at least one of them prepared it (the read may land on the other).
    const seen = new Set([...(await prepared()), ...(await prepared()), ...(await prepared())]);
    expect(seen.has(text)).toBe(true);
    await sql`alter table notes add column extra text`.execute(db);
    for (let i = 0; i < 3; i++) {
      const { rows } = await sql<{ extra: string | null }>`select * from notes where id = ${1}`.execute(db);
      expect(rows[0]).toMatchObject({ id: 1, extra: null });
    }
  });
});
