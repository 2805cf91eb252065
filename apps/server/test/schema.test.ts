import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from './build-test-app.ts';

/*
 * The migrations must make the same schema on SQLite and PostgreSQL: both runs of this test
 * compare against one snapshot file, so a difference between the engines fails one of them.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function portableType(dataType: string): string {
  const type = dataType.toLowerCase();
  if (/int/.test(type)) return 'integer';
  if (/real|double|float|numeric/.test(type)) return 'double';
  if (/text|char/.test(type)) return 'text';
  return type;
}

async function namedIndexes(): Promise<string[]> {
  const { db, dialect } = t.app.deps.database;
  const query =
    dialect === 'sqlite'
      ? sql<{
          name: string;
          table: string;
        }>`select name, tbl_name as "table" from sqlite_master where type = 'index'`
      : sql<{
          name: string;
          table: string;
        }>`select indexname as name, tablename as "table" from pg_indexes where schemaname = current_schema()`;
  const { rows } = await query.execute(db);
  return rows
    .filter((r) => /_(ix|uq)$/.test(r.name) && !r.table.startsWith('fts_'))
    .map((r) => `${r.table}.${r.name}`)
    .sort();
}

describe('schema', () => {
  it('is the same on SQLite and PostgreSQL', async () => {
    const tables = await t.app.deps.database.db.introspection.getTables();
    const schema = Object.fromEntries(
      tables
        // The full-text indexes are each engine's own (migrations/sql/, docs/decisions/0210).
        .filter((table) => !table.name.startsWith('kysely_') && !table.name.startsWith('fts_'))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((table) => [
          table.name,
          table.columns
            .map((c) => `${c.name} ${portableType(c.dataType)}${c.isNullable ? '' : ' not null'}`)
            .sort(),
        ]),
    );
    await expect(
      JSON.stringify({ tables: schema, indexes: await namedIndexes() }, null, 2),
    ).toMatchFileSnapshot('./schema.snapshot.json');
  });
});
