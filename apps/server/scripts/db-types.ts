// npm run db:types: writes src/db/types.ts from a fresh SQLite database migrated to the newest
// migration (kysely-codegen, decision 0018). test/db-types.test.ts checks the file on both engines.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { DB_TYPES_FILE, generateDbTypes } from './db-types.codegen.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'opence-db-types-'));
const database = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'schema.sqlite') });
try {
  await migrateToLatest(database.db);
  writeFileSync(DB_TYPES_FILE, await generateDbTypes(database.db, 'sqlite'));
  console.log(`Wrote ${path.relative(process.cwd(), DB_TYPES_FILE)}.`);
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
