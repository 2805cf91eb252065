import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import { migrateToLatest } from './database.ts';
import { migrationRenames, migrations } from './migrations/index.ts';

/*
 * Migration names are their real time (docs/decisions/0003): a name dated later than today
 * sorts after a migration written today, which the migrator then refuses on every database
 * that already ran the later one.
 */

const nameTime = (name: string): number => {
  const [, date, h, m, s] = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})_/.exec(name) ?? [];
  return Date.parse(`${date}T${h}:${m}:${s}Z`);
};

describe('migration names', () => {
  it('are dated, listed in the order they sort in, and none is dated in the future', () => {
    const names = Object.keys(migrations);
    for (const name of names) expect(Number.isFinite(nameTime(name)), name).toBe(true);
    expect(names).toEqual([...names].sort());
    const future = names.filter((name) => nameTime(name) > Date.now());
    expect(future).toEqual([]);
  });

  it('rename only to a listed migration, from a name no longer listed', () => {
    for (const [from, to] of Object.entries(migrationRenames)) {
      expect(migrations[to], to).toBeDefined();
      expect(migrations[from], from).toBeUndefined();
    }
  });
});

describe('a database that ran a migration under its old name', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is migrated again without running it twice, and records the new name', async () => {
    const db = t.app.deps.database.db;
    for (const [from, to] of Object.entries(migrationRenames)) {
      await sql`update kysely_migration set name = ${from} where name = ${to}`.execute(db);
    }
    // The renamed migration adds a column: running it again would fail.
    expect(await migrateToLatest(db)).toEqual([]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const recorded = rows.map((r) => r.name).sort();
    expect(recorded).toEqual(Object.keys(migrations).sort());
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))(
  'a PostgreSQL database whose search index was made by the code of 25 November',
  () => {
    let t: TTestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    const index = async () => {
      const db = t.app.deps.database.db;
      const { rows } = await sql<{ name: string; options: string[] | null }>`
        select c.relname as name, c.reloptions as options from pg_class c
        where c.relkind in ('i', 'I') and c.relname like 'fts_%'`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.name, (r.options ?? []).sort().join(',')]));
    };

    it('gets the index every other database has', async () => {
      const db = t.app.deps.database.db;
      const today = await index();
      // The index as the first version of the full-text migration made it, before the convergence.
      await sql`drop index fts_docs_item_id_ix`.execute(db);
      await sql`alter table fts_docs add primary key (kind, item_id)`.execute(db);
      for (const name of ['fts_docs_vector_ix', 'fts_docs_doc_trgm_ix', 'fts_docs_head_trgm_ix']) {
        await sql.raw(`alter index ${name} reset (fastupdate)`).execute(db);
      }
      expect(await index()).not.toEqual(today);

      // The convergence, as a database that ran the old code runs it (later migrations ran since).
      await migrations['2026-11-27T21-17-00_search_index_converged']!.up(db as never);
      expect(await index()).toEqual(today);
      expect(today['fts_docs_vector_ix']).toBe('fastupdate=off');
    });
  },
);
