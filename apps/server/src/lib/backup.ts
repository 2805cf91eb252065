import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * Online, consistent copies of the embedded SQLite database. VACUUM INTO writes the snapshot of
 * one read transaction to a new file; in WAL mode the site keeps reading and writing meanwhile.
 * (The page-copying backup API restarts whenever another connection writes, so under steady
 * load it never finishes.) PostgreSQL deployments use pg_dump (README).
 */

export type TBackupResult = { file: string; bytes: number; integrity: string };

function checkIntegrity(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** Copies the live database at `source` to `target` (a new file) and verifies the copy. */
export function backupSqlite(source: string, target: string): TBackupResult {
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  if (existsSync(target)) throw new Error(`Refusing to overwrite ${target}`);
  mkdirSync(path.dirname(target), { recursive: true });
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
  const integrity = checkIntegrity(target);
  if (integrity !== 'ok') throw new Error(`Backup failed its integrity check: ${integrity}`);
  return { file: target, bytes: statSync(target).size, integrity };
}

/**
 * Puts a backup in place of the database at `target`. The server must be stopped: the old
 * file and its WAL are moved aside (kept as .before-restore) rather than deleted.
 */
export function restoreSqlite(backup: string, target: string): { previous: string | null } {
  const integrity = checkIntegrity(backup);
  if (integrity !== 'ok') throw new Error(`The backup is damaged: ${integrity}`);
  mkdirSync(path.dirname(target), { recursive: true });
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${Date.now()}`;
    renameSync(target, previous);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(backup, target);
  return { previous };
}
