import type { FastifyInstance } from 'fastify';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { newPublicHash } from '../src/lib/ids.ts';
import { LOG_DIR_ENV } from './log-check/log-dir.ts';
import { startS3Server } from './s3-server.ts';

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

let withObjectStorage = false;
export type TStorageUse = { objects: number; onDisk: boolean };
/** What each app of such a file left: objects in its bucket, and whether it wrote to MEDIA_DIR. */
const storageUse: TStorageUse[] = [];

/**
 * The apps this test file builds from now on keep their files in a bucket of their own on
 * s3rver, not on disk (issue 39; test/object-storage.ts). Returns what each closed app left.
 */
export function useObjectStorage(): readonly TStorageUse[] {
  withObjectStorage = true;
  return storageUse;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof buildApp>[1] = {},
): Promise<TTestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'opence-test-'));
  const serverUrl = process.env.DATABASE_URL ?? '';
  const pgDb = serverUrl.startsWith('postgres') ? await createPostgresDatabase(serverUrl) : null;
  const s3 = withObjectStorage ? await startS3Server() : null;
  return startApp(
    {
      DATABASE_URL: pgDb ? pgDb.url : `sqlite:${path.join(dir, 'site.sqlite')}`,
      MEDIA_DIR: path.join(dir, 'media'),
      WEB_DIST: path.join(dir, 'no-web'),
      ...(process.env.DATABASE_DRIVER ? { DATABASE_DRIVER: process.env.DATABASE_DRIVER } : {}),
      ...s3?.env,
      ...env,
    },
    options,
    async () => {
      await pgDb?.drop();
      if (s3) {
        const media = path.join(dir, 'media');
        storageUse.push({
          objects: s3.objectCount(),
          onDisk: existsSync(media) || existsSync(`${media}-private`),
        });
        await s3.close();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  );
}

/** The S3_* settings of an app's bucket, for another process on the same files. */
function objectStorageEnv(config: TConfig): Record<string, string> {
  const s3 = config.objectStorage;
  if (!s3) return {};
  return {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
    S3_PRIVATE_PREFIX: s3.privatePrefix,
    ...(config.credentialKeySecret.secret
      ? { CREDENTIAL_KEY_SECRET: config.credentialKeySecret.secret }
      : {}),
  };
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
  return startApp(
    { DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, ...driver, ...objectStorageEnv(first.config) },
    {},
    async () => {},
  );
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
