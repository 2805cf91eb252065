import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createSeatedMember, type TTestMember } from './factories.ts';

/*
 * On PostgreSQL the hot member calls run prepared statements: planned once per connection, then
 * only executed (decision 0816). The app runs on a pool of one connection here, so the
 * connection that served the calls is the one whose pg_prepared_statements is read. PostgreSQL
 * plans a prepared statement's first five runs for their values (custom plans) and then keeps
 * one generic plan when it is not worse; a statement planned at every run would show a custom
 * plan per run. Sent unnamed (the named statements removed), nothing shows as prepared at all.
 */

const isPostgres = (process.env.DATABASE_URL ?? '').startsWith('postgres');
const RUNS = 30;

type TPrepared = { statement: string; generic_plans: number; custom_plans: number };

describe.skipIf(!isPostgres)('prepared statements on PostgreSQL', () => {
  let t: TTestApp;
  let member: TTestMember;
  let live: string;
  const runs = new Map<string, number>();
  let capturing = false;

  beforeAll(async () => {
    t = await buildTestApp(
      { DATABASE_POOL_SIZE: '1' },
      {
        onQuery: (query) => {
          if (capturing) runs.set(query.sql, (runs.get(query.sql) ?? 0) + 1);
        },
      },
    );
    ({ member, live } = await createSeatedMember(t.app.deps.database.db, {
      startsInMs: -10 * 60_000,
      completions: 3,
    }));
  });
  afterAll(() => t?.close());

  it('prepares the live-room poll, seats and completed-webinars once and does not plan them at every run', async () => {
    const calls = [
      `/api/class?c=${live}&tzOffsetMin=300&s=${member.token}`,
      `/api/seats?s=${member.token}`,
      `/api/completed-webinars?s=${member.token}&page=0`,
    ];
    capturing = true;
    for (let i = 0; i < RUNS; i++) {
      for (const url of calls) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
      }
    }
    capturing = false;
    // The statements run at every call (a text read once and then cached by the app is not hot).
    const selects = [...runs]
      .filter(([text, count]) => count >= RUNS && /^select\b/i.test(text))
      .map(([text]) => text);
    expect(selects.length).toBeGreaterThan(1);

    const { rows } = await sql<TPrepared>`
      select statement, generic_plans, custom_plans from pg_prepared_statements
    `.execute(t.app.deps.database.db);
    const byText = new Map(rows.map((row) => [row.statement, row]));
    for (const text of selects) {
      const prepared = byText.get(text);
      expect(prepared, `not prepared: ${text}`).toBeDefined();
      // At most the first five runs are planned for their values; the rest reuse one plan.
      expect(Number(prepared!.custom_plans), `planned at every run: ${text}`).toBeLessThanOrEqual(5);
      expect(Number(prepared!.generic_plans), text).toBeGreaterThan(0);
    }
  });
});
