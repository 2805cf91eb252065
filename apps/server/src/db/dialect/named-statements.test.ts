import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/build-test-app.ts';
import { namedStatementClient } from './named-statements.ts';

/* The naming client on a real PostgreSQL (skipped on SQLite): when it names, its cap, its fallback. */

const serverUrl = process.env.DATABASE_URL ?? '';
const isPostgres = serverUrl.startsWith('postgres');

describe.skipIf(!isPostgres)('named statements', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let client: pg.Client;
  const prepared = async () =>
    (await client.query({ text: 'select statement from pg_prepared_statements' })).rows.map(
      (row: { statement: string }) => row.statement,
    );

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl);
    const Client = namedStatementClient(3);
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('names a text the second time it runs, not the first', async () => {
    await client.query('create table notes (id integer primary key, body text)', []);
    await client.query('insert into notes values ($1, $2)', [1, 'one']);
    expect(await prepared()).toEqual([]);
    await client.query('insert into notes values ($1, $2)', [2, 'two']);
    expect(await prepared()).toEqual(['insert into notes values ($1, $2)']);
  });

  it('keeps working through a schema change that invalidates a prepared statement', async () => {
    const text = 'select * from notes where id = $1';
    await client.query(text, [1]);
    await client.query(text, [1]);
    expect(await prepared()).toContain(text);
    await client.query('alter table notes add column extra text default $$x$$', []);
    const { rows } = await client.query(text, [1]);
    expect(rows).toEqual([{ id: 1, body: 'one', extra: 'x' }]);
    // Prepared again, under a new name, the next time it is seen.
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, body: 'two', extra: 'x' }]);
  });

  it('sends texts beyond its cap unnamed', async () => {
    for (let i = 0; i < 5; i++) {
      await client.query(`select ${i} as n where $1::int = 1`, [1]);
      await client.query(`select ${i} as n where $1::int = 1`, [1]);
    }
    const named = (await client.query({ text: 'select count(*)::int as n from pg_prepared_statements' }))
      .rows[0];
    // Three named by this client (the cap) plus the one dropped by the schema change, which the
    // backend keeps until the connection closes; without the cap there would be seven.
    expect(named.n).toBeLessThanOrEqual(4);
  });
});
