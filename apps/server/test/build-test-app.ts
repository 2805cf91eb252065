import type { FastifyInstance } from 'fastify';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { newPublicHash } from '../src/lib/ids.ts';
import { LOG_DIR_ENV } from './log-check/log-dir.ts';

/*
 * A fresh, migrated database per test file: a new SQLite file in a temp folder, or, when
 * DATABASE_URL points at PostgreSQL, a new database on that server, dropped afterwards.
 */

export type TTestApp = {
  app: FastifyInstance;
  config: TConfig;
  close: () => Promise<void>;
};

/** A new database on the PostgreSQL server `serverUrl` names, and how to drop it again. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `opence_test_${newPublicHash()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TTestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'opence-test-'));
  const serverUrl = process.env.DATABASE_URL ?? '';
  const pgDb = serverUrl.startsWith('postgres') ? await createPostgresDatabase(serverUrl) : null;
  return startApp(
    {
      DATABASE_URL: pgDb ? pgDb.url : `sqlite:${path.join(dir, 'site.sqlite')}`,
      MEDIA_DIR: path.join(dir, 'media'),
      WEB_DIST: path.join(dir, 'no-web'),
      ...(process.env.DATABASE_DRIVER ? { DATABASE_DRIVER: process.env.DATABASE_DRIVER } : {}),
      ...env,
    },
    options,
    async () => {
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  );
}

/**
 * A second app on the database and media folder of `first`, as another server process would
 * be: for limits and claims that must hold across processes. Close it before `first`.
 */
export async function buildTestAppSharing(first: TTestApp): Promise<TTestApp> {
  const { database, mediaDir } = first.config;
  const databaseUrl = database.dialect === 'sqlite' ? `sqlite:${database.file}` : database.connectionString;
  const driver: Record<string, string> =
    database.dialect === 'postgres' && database.driver ? { DATABASE_DRIVER: database.driver } : {};
  return startApp({ DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, ...driver }, {}, async () => {});
}

async function startApp(
  env: Record<string, string>,
  options: NonNullable<Parameters<typeof buildApp>[1]>,
  cleanUp: () => Promise<void>,
): Promise<TTestApp> {
  const logDir = process.env[LOG_DIR_ENV];
  const config = loadConfig({
    NODE_ENV: 'test',
    // In a run with a log folder every app logs at the real server's level, for the log check.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? (logDir ? 'info' : 'silent'),
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const logFile = logDir ? createWriteStream(path.join(logDir, `${newPublicHash()}.log`)) : null;
  const logStream = logFile ? teeLog(logFile, options.logStream) : options.logStream;
  const app = await buildApp(config, { ...options, logStream });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await cleanUp();
      if (logFile) await new Promise((resolve) => logFile.end(resolve));
    },
  };
}

type TLogStream = { write: (line: string) => void };

/** Log lines go to the run's log file and to the test's own stream, when it has one. */
function teeLog(file: TLogStream, own: TLogStream | undefined): TLogStream {
  return {
    write: (line) => {
      file.write(line);
      own?.write(line);
    },
  };
}
