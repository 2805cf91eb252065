import { type Kysely, Migrator, sql } from 'kysely';
import type { TDatabaseConfig } from '../config.ts';
import { createKysely, type TDialectName, type TQueryObserver } from './dialect/index.ts';
import { migrationRenames, migrations } from './migrations/index.ts';
import type { DB } from './types.ts';

export type TDatabase = {
  db: Kysely<DB>;
  dialect: TDialectName;
  close: () => Promise<void>;
};

/** Opens the database the configuration names; onQuery sees every query (tests). */
export function openDatabase(config: TDatabaseConfig, onQuery?: TQueryObserver): TDatabase {
  const { db, close } = createKysely(config, onQuery);
  return { db, dialect: config.dialect, close };
}

/** Brings the schema up to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  await applyMigrationRenames(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * A database that ran a migration under its old name records it under the new one, so the
 * migrator sees it as applied and in order (docs/decisions/0003). A fresh database has no
 * record table yet and nothing to rename.
 */
async function applyMigrationRenames(db: Kysely<DB>): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return;
  for (const [from, to] of Object.entries(migrationRenames)) {
    await sql`update kysely_migration set name = ${to} where name = ${from}`.execute(db);
  }
}
