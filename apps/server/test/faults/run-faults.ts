import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TDatabaseConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase, type TDatabase } from '../../src/db/database.ts';
import { nowIso } from '../../src/lib/ids.ts';
import { createWebinar } from '../../src/features/seats/seats.fixtures.ts';
import { createPostgresDatabase } from '../build-test-app.ts';
import { createClass, createExam, createGradebookRow, createMember } from '../factories.ts';
import { freePort, startServerProcess, type TServerProcess } from '../server-process.ts';
import { startSmtpServer } from '../smtp-server.ts';
import { checkAfterFaults, isOutboxDelivered } from './checks.ts';
import { createLoad, type TFaultFixtures } from './load.ts';

/*
 * npm run test:faults [-- --db postgres] [--kills 22] [--clients 6]
 *
 * Runs the production server (dist/server.js) on a fresh database with mail going to a loopback
 * SMTP server, drives a mixed load at it, kills it with SIGKILL at random moments and starts it
 * again, then checks that every success answer is in the database, that no limit broke and that
 * the outbox delivered every mail (docs/decisions/0904). Exits 1 on any violation.
 *
 * PostgreSQL: --db postgres, or DATABASE_URL=postgres://… (a server where the user may create
 * databases; the run makes its own and drops it).
 */

const serverRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverRoot, '../..');
const LOCAL_POSTGRES = 'postgres://opence:opence@127.0.0.1:5432/opence';
const MAIL_FROM = 'OpenCE <no-reply@faults.opence.test>';
const WEBINAR_CAPACITY = 8;
const MEMBERS = 40;
/** How long the server serves before a kill: long enough to be busy, short enough for 20+ kills. */
const UPTIME_MS = { min: 150, max: 1_500 };
const MAIL_DRAIN_TIMEOUT_MS = 90_000;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite' },
    kills: { type: 'string', default: '22' },
    clients: { type: 'string', default: '6' },
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function newestMtime(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => statSync(path.join(e.parentPath, e.name)).mtimeMs),
  );
}

/** The run tests the bundle, so it bundles the server again when the source is newer. */
function ensureServerBundle(): void {
  const bundle = path.join(serverRoot, 'dist/server.js');
  let builtAt = 0;
  try {
    builtAt = statSync(bundle).mtimeMs;
  } catch {
    // Not built yet.
  }
  const sources = [path.join(serverRoot, 'src'), path.join(repoRoot, 'packages/shared/src')];
  if (builtAt > Math.max(...sources.map(newestMtime))) return;
  console.log('bundling the server (dist/server.js is missing or older than the source)');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@opence/server'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build --workspace @opence/server failed');
}

/** A fresh database of the chosen engine, and how to throw it away. */
async function freshDatabase(
  dir: string,
): Promise<{ url: string; config: TDatabaseConfig; drop: () => Promise<void> }> {
  if (args.db === 'postgres') {
    const server = process.env.DATABASE_URL?.startsWith('postgres')
      ? process.env.DATABASE_URL
      : LOCAL_POSTGRES;
    const pg = await createPostgresDatabase(server);
    return { url: pg.url, config: { dialect: 'postgres', connectionString: pg.url }, drop: pg.drop };
  }
  const file = path.join(dir, 'site.sqlite');
  return { url: `sqlite:${file}`, config: { dialect: 'sqlite', file }, drop: async () => undefined };
}

/** A live webinar with few seats, on-demand classes with exams, and members ready to take them. */
async function createFixtures(database: TDatabase): Promise<TFaultFixtures> {
  const { db } = database;
  await migrateToLatest(db);
  const webinar = await createWebinar(db, { capacity: WEBINAR_CAPACITY });
  const examClasses = [];
  for (let i = 0; i < 3; i++) {
    const cls = await createClass(db);
    const { questions } = await createExam(db, { classId: cls.id });
    examClasses.push({ id: cls.id, hash: cls.hash, questions: questions.length });
  }
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const member = await createMember(db);
    for (const cls of examClasses) {
      await createGradebookRow(db, member.id, { class_id: cls.id }, { eval_taken_at: nowIso() });
    }
    members.push(member);
  }
  return {
    webinar: { id: webinar.id, hash: webinar.hash, capacity: WEBINAR_CAPACITY },
    examClasses,
    members,
  };
}

async function main(): Promise<number> {
  const started = Date.now();
  const kills = Number(args.kills);
  if (!Number.isInteger(kills) || kills < 1) throw new Error('--kills must be a positive whole number');
  ensureServerBundle();

  const dir = mkdtempSync(path.join(tmpdir(), 'opence-faults-'));
  const database = await freshDatabase(dir);
  const smtp = await startSmtpServer();
  const port = await freePort();
  const env = {
    DATABASE_URL: database.url,
    MEDIA_DIR: path.join(dir, 'media'),
    SMTP_URL: smtp.url,
    MAIL_FROM,
    WEB_DIST: path.join(dir, 'no-web'),
    // The load comes from one machine but stands for many visitors (X-Forwarded-For).
    TRUST_PROXY: 'loopback',
  };
  const start = () => startServerProcess({ entry: 'dist', port, env });
  let server: TServerProcess | null = null;

  try {
    const setup = openDatabase(database.config);
    const fixtures = await createFixtures(setup);
    await setup.close();
    console.log(`faults: ${args.db}, ${kills} kills, ${args.clients} clients, ${MEMBERS} members`);

    const load = createLoad({ baseUrl: `http://127.0.0.1:${port}`, fixtures, clients: Number(args.clients) });
    server = await start();
    load.start();
    for (let i = 1; i <= kills; i++) {
      await sleep(randomInt(UPTIME_MS.min, UPTIME_MS.max));
      server.child.kill('SIGKILL');
      await server.exited;
      server = await start();
      process.stdout.write(`\rkilled and restarted ${i}/${kills}`);
    }
    process.stdout.write('\n');
    // The last start serves the load a little longer, then the calls in flight finish.
    await sleep(1_000);
    await load.stop();

    const db = openDatabase(database.config);
    try {
      const deadline = Date.now() + MAIL_DRAIN_TIMEOUT_MS;
      while (!(await isOutboxDelivered(db.db, smtp.messages, MAIL_FROM)) && Date.now() < deadline) {
        await sleep(250);
      }
      const drainedMs = MAIL_DRAIN_TIMEOUT_MS - (deadline - Date.now());

      server.child.kill('SIGTERM');
      const exit = await server.exited;
      server = null;
      const result = await checkAfterFaults({
        db: db.db,
        dialect: database.config.dialect,
        ledger: load.ledger,
        fixtures,
        messages: smtp.messages,
        mailFrom: MAIL_FROM,
        kills,
      });
      if (exit.code !== 0) result.violations.push(`the server exited ${exit.signal ?? exit.code} on SIGTERM`);

      const { ledger, stats } = load;
      console.log(
        [
          `requests: ${stats.sent} sent, ${stats.answered} answered (${stats.refused} with an error status), ${stats.cutOff} cut off by a kill, ${stats.whileDown} refused while the server was down`,
          `answered with success: ${ledger.registered.length} registrations, ${ledger.seats.size} seat reservations, ${ledger.passes.size} passed exams, ${[...ledger.profiles.values()].filter((p) => p.acked).length} members' profile saves, ${ledger.resetRequests} reset requests`,
          `webinar: ${result.seats.seated}/${WEBINAR_CAPACITY} seats, ${result.seats.waiting} waiting; completions: ${result.completions}`,
          `mail: ${result.mail.outboxRows} outbox rows, ${result.mail.received} received, ${result.mail.duplicates} duplicates (allowed: at most one per kill), all delivered ${(drainedMs / 1000).toFixed(1)} s after the last restart's load`,
          `graceful stop: exit ${exit.signal ?? exit.code}; total ${((Date.now() - started) / 1000).toFixed(1)} s`,
        ].join('\n'),
      );
      if (result.violations.length > 0) {
        console.error(`\n${result.violations.length} violations:\n  ${result.violations.join('\n  ')}`);
        return 1;
      }
      console.log('faults: every success answer is in the database; no limit broken; every mail delivered');
      return 0;
    } finally {
      await db.close();
    }
  } finally {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await smtp.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
