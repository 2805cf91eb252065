import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checksum, emittedSql, type TEngineName } from './migration-sql.ts';
import { migrations } from './migrations/index.ts';

/*
 * Landed migrations are frozen (docs/decisions/0003): the SQL each one emits on each engine is
 * kept as a checksum in migrations/sql-checksums.json. A change to a landed migration's SQL, or
 * to anything it imports, fails here. A new migration's checksums are recorded once with
 * RECORD_MIGRATION_CHECKSUMS=1 (on SQLite and with DATABASE_URL on PostgreSQL); a recorded one is
 * never overwritten.
 */

const FILE = new URL('./migrations/sql-checksums.json', import.meta.url);
type TChecksums = Record<string, Partial<Record<TEngineName, string>>>;

const engine: TEngineName = process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
const recording = process.env.RECORD_MIGRATION_CHECKSUMS === '1';

describe(`migrations on ${engine}`, () => {
  it('emit the SQL they emitted when they landed', async () => {
    const recorded: TChecksums = existsSync(FILE) ? JSON.parse(readFileSync(FILE, 'utf8')) : {};
    const emitted = await emittedSql(engine);
    const changed: string[] = [];
    const unrecorded: string[] = [];
    for (const [name, statements] of emitted) {
      const sum = checksum(statements);
      const kept = recorded[name]?.[engine];
      if (kept === undefined) {
        if (recording) recorded[name] = Object.assign(recorded[name] ?? {}, { [engine]: sum });
        else unrecorded.push(name);
      } else if (kept !== sum) {
        changed.push(name);
      }
    }
    if (recording) writeFileSync(FILE, `${JSON.stringify(recorded, null, 2)}\n`);
    expect(changed, 'landed migrations whose SQL changed').toEqual([]);
    expect(unrecorded, 'migrations without a recorded checksum (RECORD_MIGRATION_CHECKSUMS=1)').toEqual([]);
  }, 120_000);

  it('are all recorded, and nothing recorded is missing from the list', () => {
    const recorded: TChecksums = JSON.parse(readFileSync(FILE, 'utf8'));
    expect(Object.keys(recorded).sort()).toEqual(Object.keys(migrations).sort());
  });
});
