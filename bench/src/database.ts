import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { migrateToLatest, openDatabase, type TDatabase } from '../../apps/server/src/db/database.ts';
import { migrations } from '../../apps/server/src/db/migrations/index.ts';
import { seedReferenceData } from '../../apps/server/src/db/seed/demo-content.ts';
import { generate, type TFixtures } from './generate.ts';
import { WORK } from './paths.ts';

/*
 * One database per engine and scale, made fresh by default: SQLite files under bench/.work/db,
 * databases named opence_bench_<scale> (or BENCH_DATABASE_NAME_<scale>) on the PostgreSQL server
 * of BENCH_DATABASE_URL.
 */

export type TEngine = 'sqlite' | 'postgres';

const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://opence:opence@127.0.0.1:5432/opence';
const DB_DIR = path.join(WORK, 'db');

const scaleTag = (scale: number) => String(scale).replace(/[^0-9]/g, '_');

/**
 * The PostgreSQL database of a scale: opence_bench_<scale>, or BENCH_DATABASE_NAME_<scale> when
 * that is set (several people benchmarking on one PostgreSQL server each keep their own).
 */
const pgDatabaseName = (scale: number) =>
  `${process.env.BENCH_DATABASE_NAME ?? 'opence_bench'}_${scaleTag(scale)}`;

/** The DATABASE_URL the server gets for an engine and scale. */
export function databaseUrl(engine: TEngine, scale: number): string {
  if (engine === 'sqlite') return `sqlite:${path.join(DB_DIR, `bench-${scaleTag(scale)}.sqlite`)}`;
  const url = new URL(PG_SERVER);
  url.pathname = `/${pgDatabaseName(scale)}`;
  return url.toString();
}

const fixturesFile = (engine: TEngine, scale: number) =>
  path.join(DB_DIR, `${engine}-${scaleTag(scale)}.fixtures.json`);

async function dropAndCreate(engine: TEngine, scale: number): Promise<void> {
  if (engine === 'sqlite') {
    const file = databaseUrl(engine, scale).slice('sqlite:'.length);
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    return;
  }
  const name = pgDatabaseName(scale);
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Opens the benchmark database of an engine and scale with the server's own code. */
export function openBenchDatabase(engine: TEngine, scale: number): TDatabase {
  return openDatabase(loadConfig({ DATABASE_URL: databaseUrl(engine, scale) }).database);
}

/**
 * Brings a reused database to this tree's migrations before the server starts. The server's own
 * migrator refuses a database that lacks a migration named before its last one (a database
 * generated on a branch made before another branch's migration landed with an earlier name);
 * here such a migration runs too (Kysely's allowUnorderedMigrations), then PostgreSQL's
 * statistics are refreshed, as after generating.
 */
async function migrateForward(engine: TEngine, scale: number, log: (line: string) => void) {
  const database = openBenchDatabase(engine, scale);
  try {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw new Error(`migrating the reused database failed: ${String(error)}`);
    // The server's migrator reads the executed migrations in the order they ran and wants it to
    // be the names' order: one timestamp for all, so that they are read by name.
    await sql`update kysely_migration set timestamp = (select min(timestamp) from kysely_migration)`.execute(
      database.db,
    );
    const ran = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (ran.length === 0) return;
    log(`migrated the reused database: ${ran.join(', ')}`);
    if (engine === 'postgres') await sql`analyze`.execute(database.db);
  } finally {
    await database.close();
  }
}

/**
 * A database filled to the scale: fresh unless reuse is asked and an earlier one exists.
 * Migrated and seeded with reference data by the server's code, then filled by the generator.
 */
export async function prepareDatabase(
  engine: TEngine,
  scale: number,
  reuse: boolean,
  log: (line: string) => void,
): Promise<TFixtures> {
  mkdirSync(DB_DIR, { recursive: true });
  const saved = fixturesFile(engine, scale);
  if (reuse && existsSync(saved)) {
    log(`reusing the ${engine} database at scale ${scale}`);
    await migrateForward(engine, scale, log);
    return JSON.parse(readFileSync(saved, 'utf8')) as TFixtures;
  }
  const started = Date.now();
  log(`generating a fresh ${engine} database at scale ${scale}…`);
  rmSync(saved, { force: true });
  await dropAndCreate(engine, scale);
  const database = openBenchDatabase(engine, scale);
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    const fixtures = await generate(database.db, scale, log);
    // PostgreSQL's autovacuum would analyse the new tables within a minute; do it now so the
    // first measurement has planner statistics. The app never runs ANALYZE on SQLite, so
    // neither does the benchmark.
    if (engine === 'postgres') await sql`analyze`.execute(database.db);
    writeFileSync(saved, JSON.stringify(fixtures));
    log(`generated in ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(fixtures.counts)}`);
    return fixtures;
  } finally {
    await database.close();
  }
}
