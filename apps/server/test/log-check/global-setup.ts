import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOG_DIR_ENV } from './log-dir.ts';

/*
 * Tokens and passwords never reach a log (issue 11 hardening), checked over a whole run: every
 * test app logs at info level into this run's folder, every test file lists the secrets the
 * server issued (record-secrets.ts), and the end of the run fails if any log holds one of them.
 */

const TOKEN_LENGTH = 43;
const TOKEN_RUN = /[A-Za-z0-9_-]{43,}/g;

/** The secrets found in `log`: tokens by a set lookup of every 43-character window, passwords by search. */
function leakedSecrets(log: string, secrets: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const [run] of log.matchAll(TOKEN_RUN)) {
    for (let i = 0; i + TOKEN_LENGTH <= run.length; i++) {
      const window = run.slice(i, i + TOKEN_LENGTH);
      if (secrets.has(window)) found.add(window);
    }
  }
  for (const secret of secrets) {
    if (secret.length !== TOKEN_LENGTH && log.includes(secret)) found.add(secret);
  }
  return [...found];
}

function readAll(dir: string, extension: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'opence-test-logs-'));
  process.env[LOG_DIR_ENV] = dir;
  return () => {
    const secrets = new Set(readAll(dir, '.secrets').flatMap((text) => text.split('\n')));
    const logs = readAll(dir, '.log');
    const leaked = logs.flatMap((log) => leakedSecrets(log, secrets));
    if (leaked.length > 0) {
      // The folder stays for whoever looks into it.
      const shown = leaked.slice(0, 5).map((s) => `${s.slice(0, 6)}…`);
      // Vitest reports an error thrown here but still exits with 0 on its own.
      process.exitCode = 1;
      throw new Error(
        `${leaked.length} issued token(s) or password(s) appear in the test logs (${shown.join(', ')}); logs kept in ${dir}`,
      );
    }
    const lines = logs.reduce((sum, log) => sum + log.split('\n').length - 1, 0);
    console.log(
      `log check: ${lines} log lines of ${logs.length} apps hold none of ${secrets.size} issued secrets`,
    );
    rmSync(dir, { recursive: true, force: true });
  };
}
