import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { TLoadShedding } from './lib/load-shedding.ts';
import { MEDIA_PREFIX, type TObjectStorageConfig } from './lib/storage-s3.ts';

const ZDatabaseUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || /^(sqlite:|postgres(ql)?:\/\/)/.test(v), {
    message: 'must be empty (SQLite at ./data/site.sqlite), sqlite:<path>, or postgres://…',
  });

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: ZDatabaseUrl.default(''),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://ce.example.com' }).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), { message: 'must be smtp://… or smtps://…' })
    .default(''),
  MAIL_FROM: z.string().default('OpenCE <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  MEDIA_DIR: z.string().default('./data/media'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  DATABASE_NAMED_STATEMENTS: z.enum(['true', 'false']).optional(),
  DATABASE_DRIVER: z.enum(['pg', 'postgres-js']).optional(),
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(1_000_000).default(256),
  SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  CREDENTIAL_KEY_SECRET: z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional(),
  CREDENTIAL_KEY_SECRET_FILE: z.string().trim().min(1).optional(),
  // Certificate import (issue 41, decision 1137): the OCR program and how many reads at once.
  OCR_TESSERACT: z.string().trim().min(1).default('tesseract'),
  OCR_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  OCR_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^[\w.:/,\s-]*$/, { message: 'must list addresses, CIDR ranges or loopback/uniquelocal' })
    .default(''),
  // Object storage (decision 1120): S3_BUCKET set selects it; the rest are checked only then.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^$|^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3–63 lowercase letters, digits, dots or dashes',
    })
    .default(''),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be the S3 API origin, such as https://s3.amazonaws.com' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  S3_SECRET_ACCESS_KEY: z.string().trim().default(''),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PRIVATE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, {
      message: "must be a folder in the bucket such as 'private/' (letters, digits, . _ - and /)",
    })
    .refine((v) => !`${v.replace(/\/$/, '')}/`.startsWith(MEDIA_PREFIX) && !/(^|\/)\.\.?(\/|$)/.test(v), {
      message: `must not be or lie under '${MEDIA_PREFIX}' (public media), nor hold . or ..`,
    })
    .default('private/'),
});

export type TDatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | {
      dialect: 'postgres';
      connectionString: string;
      /** Connections per server process; unset, sized from the machine (dialect/index.ts). */
      poolSize?: number;
      /** Prepare repeated statements once per connection (default true; decision 0816). */
      namedStatements?: boolean;
      /** The PostgreSQL driver: postgres.js (unset, the default) or node-postgres (decision 0827). */
      driver?: 'pg' | 'postgres-js';
    };

export type TConfig = {
  port: number;
  host: string;
  database: TDatabaseConfig;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDist: string | null;
  mediaDir: string;
  seedDemo: boolean;
  isTest: boolean;
  /** Server processes sharing the port (node:cluster); more than 1 wants PostgreSQL. */
  webConcurrency: number;
  /**
   * Addresses of the reverse proxies whose X-Forwarded-For is believed (comma-separated;
   * addresses, CIDR ranges, or proxy-addr's names such as loopback). Empty, the default, takes
   * the client address from the connection: otherwise any client could name its own address
   * and step around the per-address limits.
   */
  trustedProxies: string | null;
  /** When the server refuses requests fast instead of queueing them (lib/load-shedding.ts). */
  loadShedding: TLoadShedding;
  /** The S3-compatible bucket that holds every file (S3_BUCKET set), else null: MEDIA_DIR on disk. */
  objectStorage: TObjectStorageConfig | null;
  /**
   * What seals the credential signing keys in the database (docs/decisions/1131): the secret
   * itself (CREDENTIAL_KEY_SECRET), else a file made once per install, beside the media folder.
   */
  credentialKeySecret: { secret: string | null; file: string };
  /** Reading photos and scanned PDFs of certificates (lib/ocr.ts, decision 1137). */
  ocr: { tesseract: string; concurrency: number; queue: number; timeoutMs: number };
};

export class ConfigError extends Error {}

function databaseConfig(url: string, e: z.infer<typeof ZEnv>): TDatabaseConfig {
  if (url.startsWith('postgres')) {
    return {
      dialect: 'postgres',
      connectionString: url,
      poolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(e.WEB_CONCURRENCY),
      ...(e.DATABASE_NAMED_STATEMENTS ? { namedStatements: e.DATABASE_NAMED_STATEMENTS === 'true' } : {}),
      ...(e.DATABASE_DRIVER ? { driver: e.DATABASE_DRIVER } : {}),
    };
  }
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : './data/site.sqlite';
  return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
}

/**
 * Connections per server process when DATABASE_POOL_SIZE is unset: two per core of this machine,
 * shared among the processes (WEB_CONCURRENCY), at least two each. More connections than cores
 * only add backends that plan and wait on the same rows; a connection is also where statements
 * are prepared, so fewer connections prepare less.
 */
export function defaultPoolSize(processes: number, cores = availableParallelism()): number {
  return Math.max(2, Math.ceil((2 * cores) / processes));
}

function objectStorageConfig(e: z.infer<typeof ZEnv>): TObjectStorageConfig | null {
  if (!e.S3_BUCKET) return null;
  /*
   * A bucket is for several hosts on one database: each must open the credential keys the others
   * sealed, which a secret file made per host would not (decision 1131).
   */
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'CREDENTIAL_KEY_SECRET'] as const).filter(
    (name) => !e[name],
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when S3_BUCKET is set`).join('\n')}`,
    );
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: (e.S3_ENDPOINT ?? 'https://s3.amazonaws.com').replace(/\/$/, ''),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    privatePrefix: `${e.S3_PRIVATE_PREFIX.replace(/\/$/, '')}/`,
  };
}

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    database: databaseConfig(e.DATABASE_URL, e),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    // @fastify/static wants an absolute root; a relative WEB_DIST is taken from the working directory.
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    mediaDir: path.resolve(e.MEDIA_DIR),
    seedDemo: e.SEED_DEMO === 'true',
    isTest: e.NODE_ENV === 'test',
    webConcurrency: e.WEB_CONCURRENCY,
    trustedProxies: e.TRUST_PROXY || null,
    credentialKeySecret: {
      secret: e.CREDENTIAL_KEY_SECRET ?? null,
      file: path.resolve(
        e.CREDENTIAL_KEY_SECRET_FILE ??
          path.join(path.dirname(path.resolve(e.MEDIA_DIR)), 'credential-key.secret'),
      ),
    },
    ocr: {
      tesseract: e.OCR_TESSERACT,
      concurrency: e.OCR_CONCURRENCY,
      queue: e.OCR_QUEUE,
      timeoutMs: 30_000,
    },
    loadShedding: {
      maxInFlight: e.SHED_MAX_IN_FLIGHT,
      maxEventLoopDelayMs: e.SHED_MAX_EVENT_LOOP_DELAY_MS,
      retryAfterS: 1,
    },
    objectStorage: objectStorageConfig(e),
  };
}
