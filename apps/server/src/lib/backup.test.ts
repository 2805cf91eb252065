import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import { backupFolder, backupSqlite, privateBackupFolder, restoreFolder, restoreSqlite } from './backup.ts';
import { privateFilesDir } from './storage.ts';
import { newId, nowIso } from './ids.ts';

const isSqlite = !process.env.DATABASE_URL?.startsWith('postgres');
let t: TTestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'opence-backup-'));

beforeAll(async () => {
  if (isSqlite) t = await buildTestApp();
});
afterAll(() => t?.close());

/** Writes support messages until told to stop, as a site under load would. */
async function writeUntil(stop: { done: boolean }): Promise<number> {
  const db = t.app.deps.database.db;
  let written = 0;
  while (!stop.done) {
    const row = {
      id: newId(),
      name: 'Load',
      office: 'Office',
      email: 'a@b.test',
      phone: '5555555555',
      subject: 'Other',
      comment: `n${written}`,
      created_at: nowIso(),
    };
    await db.insertInto('support_messages').values(row).execute();
    written++;
    await new Promise((r) => setImmediate(r));
  }
  return written;
}

function runBackupCommand(databaseFile: string, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', target], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: `sqlite:${databaseFile}`, MEDIA_DIR: t.config.mediaDir },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`backup exited ${code}: ${output}`)),
    );
  });
}

function databaseFile(): string {
  const { database } = t.config;
  if (database.dialect !== 'sqlite') throw new Error('SQLite only');
  return database.file;
}

describe.skipIf(!isSqlite)('SQLite backup and restore', () => {
  it('takes a consistent copy while the site writes, and restores it', async () => {
    const file = databaseFile();
    const stop = { done: false };
    const load = writeUntil(stop);
    const target = path.join(dir, 'copy.sqlite');
    // A member's uploaded certificate in the private folder goes with the backup.
    const privateDir = privateFilesDir(t.config.mediaDir);
    mkdirSync(path.join(privateDir, 'tracker', 'm1'), { recursive: true });
    writeFileSync(path.join(privateDir, 'tracker', 'm1', 'c1.pdf'), '%PDF-1.4 certificate');
    // The real command, in its own process, while this process keeps writing.
    const output = await runBackupCommand(file, target);
    stop.done = true;
    const written = await load;
    expect(output).toMatch(/integrity ok/);
    expect(output).toMatch(/Private files copied to .*copy\.private \(1 files, 20 bytes\)/);
    const copiedFile = path.join(privateBackupFolder(target), 'tracker', 'm1', 'c1.pdf');
    expect(readFileSync(copiedFile, 'utf8')).toBe('%PDF-1.4 certificate');
    expect(written).toBeGreaterThan(0);
    const backup = { file: target };

    const copy = new Database(backup.file, { readonly: true });
    const copied = (copy.prepare('select count(*) as n from support_messages').get() as { n: number }).n;
    const tables = copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
      n: number;
    };
    copy.close();
    expect(copied).toBeGreaterThan(0);
    expect(copied).toBeLessThanOrEqual(written);
    expect(tables.n).toBeGreaterThan(40);

    const restoredFile = path.join(dir, 'restored', 'site.sqlite');
    restoreSqlite(backup.file, restoredFile);
    const restored = new Database(restoredFile, { readonly: true });
    expect((restored.prepare('select count(*) as n from support_messages').get() as { n: number }).n).toBe(
      copied,
    );
    restored.close();
  });

  it('restores the private files, keeping the folder it replaces', () => {
    const source = path.join(dir, 'files-source');
    mkdirSync(path.join(source, 'tracker'), { recursive: true });
    writeFileSync(path.join(source, 'tracker', 'a.png'), 'png');
    const copy = backupFolder(source, path.join(dir, 'files-copy'));
    expect(copy).toMatchObject({ files: 1, bytes: 3 });
    expect(() => backupFolder(source, copy.folder)).toThrow(/Refusing to overwrite/);
    const live = path.join(dir, 'files-live');
    mkdirSync(live);
    writeFileSync(path.join(live, 'newer.pdf'), 'x');
    const { previous } = restoreFolder(copy.folder, live);
    expect(readFileSync(path.join(live, 'tracker', 'a.png'), 'utf8')).toBe('png');
    expect(existsSync(path.join(live, 'newer.pdf'))).toBe(false);
    expect(existsSync(path.join(previous!, 'newer.pdf'))).toBe(true);
    // Nothing uploaded yet: an empty copy, not an error.
    expect(backupFolder(path.join(dir, 'none'), path.join(dir, 'empty-copy'))).toMatchObject({ files: 0 });
  });

  it('refuses to overwrite an existing file and to restore a damaged backup', async () => {
    const target = path.join(dir, 'twice.sqlite');
    backupSqlite(databaseFile(), target);
    expect(() => backupSqlite(databaseFile(), target)).toThrow(/Refusing to overwrite/);
    const damaged = path.join(dir, 'damaged.sqlite');
    writeFileSync(damaged, 'not a database');
    expect(() => restoreSqlite(damaged, path.join(dir, 'x.sqlite'))).toThrow();
  });
});
