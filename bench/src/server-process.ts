import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT, SERVER_ENTRY, WEB_DIST_COPY, WORK } from './paths.ts';

/** A process the benchmark started and will stop, listening on 127.0.0.1. */
export type TProcess = { url: string; child: ChildProcess; stop: () => Promise<void>; databaseUrl: string };

/** A free port on 127.0.0.1, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until GET url answers 200, or fails when the process exits or time runs out. */
async function waitUntilReady(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** Stops a child with SIGTERM (SIGKILL after 15 s) and waits for it to exit. */
function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * Starts the production build (`node apps/server/dist/server.js`, from the benchmark's copy)
 * on a database. Request logging is off (LOG_LEVEL=warn, docs/decisions/0801); the log goes
 * to bench/.work/logs.
 */
export async function startServer(opts: {
  databaseUrl: string;
  workers: number;
  label: string;
  /** Demo content on the empty database (the page-weight benchmark); off for the API benchmark. */
  seedDemo?: boolean;
  /** Another build to run (bench:web --base): its server entry and web dist; the benchmark's copy by default. */
  build?: { serverEntry: string; webDist: string };
}): Promise<TProcess> {
  const port = await freePort();
  const logDir = path.join(WORK, 'logs');
  mkdirSync(logDir, { recursive: true });
  const log = openSync(path.join(logDir, `${opts.label}.log`), 'w');
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, opts.build?.serverEntry ?? SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: opts.databaseUrl,
      SEED_DEMO: opts.seedDemo ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: opts.build?.webDist ?? WEB_DIST_COPY,
      MEDIA_DIR: path.join(WORK, `media-${opts.label}`),
      WEB_CONCURRENCY: String(opts.workers),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitUntilReady(`${url}/api/docs`, child, `server (${opts.label})`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop, databaseUrl: opts.databaseUrl };
}

/**
 * The ceiling: a bare node:http server in its own process returning the given bytes, the most
 * any Node server could do for that answer on this machine in this run.
 */
export async function startCeiling(bodyFile: string): Promise<TProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'src', 'ceiling-server.ts'), String(port), bodyFile],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitUntilReady(url, child, 'ceiling server', 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop, databaseUrl: '' };
}
