import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TYPES_FILE, generateDbTypes } from '../scripts/db-types.codegen.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';

/*
 * src/db/types.ts is what kysely-codegen makes of the migrated schema (decision 0018), on the
 * engine this run uses: the SQLite run and the PostgreSQL run each compare it with the committed
 * file, so a migration without `npm run db:types`, or a schema the engines hold differently,
 * fails here.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('db/types.ts', () => {
  it('is what kysely-codegen makes of the migrated schema on this engine', async () => {
    const { db, dialect } = t.app.deps.database;
    const generated = await generateDbTypes(db, dialect);
    expect(generated, 'src/db/types.ts is out of date: run npm run db:types').toBe(
      readFileSync(DB_TYPES_FILE, 'utf8'),
    );
  });
});
