import Database from 'better-sqlite3';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
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

/** Files and bytes under a folder. */
function folderSize(folder: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

export type TFolderBackupResult = { folder: string; files: number; bytes: number };

/**
 * Copies a folder of files (the private files: members' uploaded certificates) to `target`, a
 * new folder. Taken after the database's copy: keys are never reused, so every file a row of
 * that copy names was there already; only a file deleted in between can be missing, and its
 * certificate was being deleted too. A missing source folder (nothing uploaded yet) gives an
 * empty copy.
 */
export function backupFolder(source: string, target: string): TFolderBackupResult {
  if (existsSync(target)) throw new Error(`Refusing to overwrite ${target}`);
  mkdirSync(target, { recursive: true });
  if (existsSync(source)) cpSync(source, target, { recursive: true, preserveTimestamps: true });
  return { folder: target, ...folderSize(target) };
}

/** Puts a folder copy in place of `target`; the folder it replaces is kept as .before-restore. */
export function restoreFolder(backup: string, target: string): { previous: string | null } {
  if (!existsSync(backup) || !statSync(backup).isDirectory()) throw new Error(`No folder at ${backup}`);
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${Date.now()}`;
    renameSync(target, previous);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(backup, target, { recursive: true, preserveTimestamps: true });
  return { previous };
}

/** Where a database backup's private files go: beside it, `<name>.private`. */
export const privateBackupFolder = (databaseBackup: string) =>
  `${databaseBackup.replace(/\.sqlite$/, '')}.private`;
