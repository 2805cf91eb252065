/*
 * npm run test:security: sqlmap (the Debian package; this script installs nothing) against the
 * built server on 127.0.0.1 with a fresh database of demo content, over the parameters of the
 * login, search, list, class and exam calls. Exits 1 on any injection finding, or when a run
 * could not test what it was asked to; exits 0 with a "skipped" line when sqlmap is missing.
 * The choices (level, risk, techniques, how the login limit is kept out of the way) are in
 * docs/decisions/0903-sqlmap-attack-run.md.
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../build-test-app.ts';
import { freePort, startServerProcess, type TServerProcess } from '../server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverBundle = path.join(repoRoot, 'apps/server/dist/server.js');
const DEMO_MEMBER = { u: 'demo.member', p: 'demo-pass-1' };

/**
 * Every payload family sqlmap has for the engine under test (level 5, risk 3), with boolean,
 * error, UNION and time-based techniques. Stacked queries are left out: neither driver runs
 * more than one statement per call. Refusals (400 for input the schemas reject, 401 for a
 * broken token, 404 for an unknown hash) are pages to compare, not errors to stop at.
 */
const SQLMAP_OPTIONS = [
  '--batch',
  '--level=3',
  '--risk=3',
  '--technique=BEUT',
  '--time-sec=2',
  '--ignore-code=400,401,403,404,409',
  '--disable-coloring',
];

type TTarget = {
  name: string;
  url: string;
  /** A JSON body: the call is a POST. */
  body?: Record<string, unknown>;
  params: string[];
  /** Options for this target only. */
  extra?: string[];
};

type TOutcome = { name: string; seconds: number; problem: string | null };

function sqlmapVersion(): string | null {
  const probe = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  return probe.error ? null : (probe.stdout.split('\n')[0]?.trim() ?? '');
}

function ensureBuilt(): void {
  if (existsSync(serverBundle)) return;
  console.log('building the server (apps/server/dist/server.js is missing)…');
  // Builds rewrite the shared dist folders, so they take the end-to-end lock (CONTRIBUTING.md).
  const build = spawnSync('flock', ['/tmp/opence-e2e.lock', 'npm', 'run', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** Runs sqlmap on one target; the problem is null when it tested every parameter and found nothing. */
async function attack(target: TTarget, dbms: string, workDir: string): Promise<TOutcome> {
  const outputDir = path.join(workDir, target.name);
  const args = [
    '-u',
    target.url,
    ...(target.body ? ['--data', JSON.stringify(target.body)] : []),
    '-p',
    target.params.join(','),
    `--dbms=${dbms}`,
    `--output-dir=${outputDir}`,
    ...SQLMAP_OPTIONS,
    ...(target.extra ?? []),
  ];
  const started = Date.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.once('error', reject);
    child.once('close', () => resolve(text));
  });
  writeFileSync(path.join(workDir, `${target.name}.txt`), output);
  return { name: target.name, seconds: (Date.now() - started) / 1000, problem: judge(output, outputDir) };
}

/** sqlmap's verdict on one run, read from its output and its per-host log of injection points. */
function judge(output: string, outputDir: string): string | null {
  const log = path.join(outputDir, '127.0.0.1', 'log');
  if (
    /identified the following injection point/.test(output) ||
    (existsSync(log) && statSync(log).size > 0)
  ) {
    return `INJECTION FOUND:\n${existsSync(log) ? readFileSync(log, 'utf8') : output}`;
  }
  // A limit answering 429 would blind the run: it must see every answer the application gives.
  if (/429 \(Too Many Requests\)/.test(output)) return 'the run was rate-limited (429): nothing was tested';
  if (!/all tested parameters do not appear to be injectable/.test(output)) {
    const last = output.trim().split('\n').slice(-6).join('\n');
    return `sqlmap did not finish testing every parameter:\n${last}`;
  }
  return null;
}

/**
 * A deliberately injectable endpoint (SQL built by string concatenation on an in-memory SQLite
 * database). sqlmap must find it with the same options, or this run proves nothing.
 */
async function startCanary(): Promise<{ url: string; close: () => Promise<void> }> {
  const db = new Database(':memory:');
  db.exec(
    "create table items (id integer primary key, name text); insert into items values (1, 'one'), (2, 'two')",
  );
  const server = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://canary').searchParams.get('id') ?? '1';
    try {
      const rows = db.prepare(`select name from items where id = ${id}`).all();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
    } catch {
      res.writeHead(500).end('error');
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/item?id=1`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        db.close();
      }),
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_MEMBER),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`the demo member could not sign in (${res.status})`);
  return body.token;
}

async function firstOnDemandHash(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/ondemand?s=${token}`);
  const body = (await res.json()) as { data?: { hash: string }[] };
  const hash = body.data?.[0]?.hash;
  if (!hash) throw new Error('the demo content has no on-demand class');
  return hash;
}

function targets(baseUrl: string, token: string, classHash: string): TTarget[] {
  const api = `${baseUrl}/api`;
  // Random client addresses (believed from loopback, TRUST_PROXY) and, for p, random usernames
  // keep the login limit out of the way.
  const spoofAddress = ['--tamper=xforwardedfor'];
  return [
    { name: 'login-u', url: `${api}/login`, body: DEMO_MEMBER, params: ['u'], extra: spoofAddress },
    {
      name: 'login-p',
      url: `${api}/login`,
      body: DEMO_MEMBER,
      params: ['p'],
      extra: [...spoofAddress, "--eval=import random; u='probe%d' % random.randint(0, 10**9)"],
    },
    { name: 'search', url: `${api}/search?q=implant&cid=&coid=&s=${token}`, params: ['q', 'cid', 'coid'] },
    {
      name: 'ondemand',
      url: `${api}/ondemand?q=&cid=&coid=&page=0&s=${token}`,
      params: ['q', 'cid', 'coid', 'page'],
    },
    {
      name: 'class',
      url: `${api}/class?c=${classHash}&tzOffsetMin=300&s=${token}`,
      params: ['c', 'tzOffsetMin', 's'],
    },
    { name: 'exam', url: `${api}/exam?c=${classHash}&p=&s=${token}`, params: ['c', 'p', 's'] },
    {
      name: 'grade-exam',
      url: `${api}/grade-exam`,
      body: { s: token, c: classHash, a: [1, 2, 3, 4, 5], tzOffsetMin: 300 },
      params: ['c', 's', 'tzOffsetMin'],
    },
  ];
}

async function main(): Promise<number> {
  const version = sqlmapVersion();
  if (!version) {
    console.log('test:security skipped: sqlmap is not installed (apt-get install sqlmap)');
    return 0;
  }
  ensureBuilt();
  const started = Date.now();
  const workDir = mkdtempSync(path.join(tmpdir(), 'opence-sqlmap-'));
  const serverUrl = process.env.DATABASE_URL ?? '';
  const pgDb = serverUrl.startsWith('postgres') ? await createPostgresDatabase(serverUrl) : null;
  const dbms = pgDb ? 'PostgreSQL' : 'SQLite';
  console.log(`sqlmap ${version} against the built server on ${dbms}; logs in ${workDir}`);

  const outcomes: TOutcome[] = [];
  const canary = await startCanary();
  let server: TServerProcess | null = null;
  try {
    server = await startServerProcess({
      entry: 'dist',
      port: await freePort(),
      env: {
        DATABASE_URL: pgDb ? pgDb.url : `sqlite:${path.join(workDir, 'site.sqlite')}`,
        MEDIA_DIR: path.join(workDir, 'media'),
        WEB_DIST: path.join(workDir, 'no-web'),
        SEED_DEMO: 'true',
        // sqlmap stands where a reverse proxy would, so its made-up X-Forwarded-For is believed.
        TRUST_PROXY: 'loopback',
      },
      timeoutMs: 60_000,
    });
    const caught = await attack({ name: 'canary', url: canary.url, params: ['id'] }, 'SQLite', workDir);
    if (!caught.problem?.startsWith('INJECTION FOUND')) {
      throw new Error(`sqlmap missed the deliberately injectable canary:\n${caught.problem ?? 'no finding'}`);
    }
    console.log(`  canary       found, as it must be (${caught.seconds.toFixed(0)} s)`);
    const token = await signIn(server.url);
    const classHash = await firstOnDemandHash(server.url, token);
    for (const target of targets(server.url, token, classHash)) {
      const outcome = await attack(target, dbms, workDir);
      outcomes.push(outcome);
      const verdict = outcome.problem ? `FAIL ${outcome.problem}` : 'no injection';
      console.log(`  ${outcome.name.padEnd(12)} ${verdict} (${outcome.seconds.toFixed(0)} s)`);
    }
  } finally {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await canary.close();
    await pgDb?.drop();
  }
  const failed = outcomes.filter((o) => o.problem);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (failed.length > 0) {
    console.log(
      `test:security FAILED on ${failed.map((o) => o.name).join(', ')} in ${seconds} s; see ${workDir}`,
    );
    return 1;
  }
  rmSync(workDir, { recursive: true, force: true });
  console.log(`test:security passed: no injection in ${outcomes.length} calls (${seconds} s)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
