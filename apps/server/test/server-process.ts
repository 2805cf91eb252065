import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/*
 * The real server as its own process, for tests about what only a process shows: signals,
 * crashes, restarts. 'source' runs src/server.ts through tsx (no build needed); 'dist' runs the
 * production bundle.
 */

const serverRoot = path.resolve(import.meta.dirname, '..');

export type TServerEntry = 'source' | 'dist';

export type TServerExit = { code: number | null; signal: NodeJS.Signals | null };

export type TServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<TServerExit>;
};

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(server: TServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited before it served:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Starts the server on `port` with `env` (DATABASE_URL, MEDIA_DIR, SMTP_URL …) on 127.0.0.1
 * and resolves once /api/health answers (at once with `untilHealthy: false`, for a test of the
 * start-up itself).
 */
export async function startServerProcess(options: {
  entry: TServerEntry;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
  untilHealthy?: boolean;
}): Promise<TServerProcess> {
  const args = options.entry === 'dist' ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // A late loop on the shared test machine is the machine (e2e/fixtures/global-setup.ts).
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<TServerExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server = { url, child, output: () => output, exited };
  if (options.untilHealthy === false) return server;
  try {
    await waitForHealth(server, options.timeoutMs ?? 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return server;
}
