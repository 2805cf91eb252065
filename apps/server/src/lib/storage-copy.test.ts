import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import { startS3Server, type TTestS3Server } from '../../test/s3-server.ts';
import { privateBackupFolder } from './backup.ts';
import { privateFilesDir } from './storage.ts';

/*
 * The commands around the bucket (issue 39, decision 1122): npm run storage:migrate copies a
 * MEDIA_DIR and its private folder in, again without copying twice; npm run backup and restore
 * take the bucket's private files out and put them back.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'opence-storage-copy-'));
let s3: TTestS3Server;
let t: TTestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildTestApp(s3.env);
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

function databaseUrl(): string {
  const { database } = t.config;
  return database.dialect === 'sqlite' ? `sqlite:${database.file}` : database.connectionString;
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'silent', ...s3.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited ${code}: ${output}`)),
    );
  });
}

describe('npm run storage:migrate', () => {
  it('copies MEDIA_DIR and its private folder into the bucket, once, with progress', async () => {
    const mediaDir = path.join(dir, 'old-host', 'media');
    mkdirSync(path.join(mediaDir, 'uploads', '2026', '11'), { recursive: true });
    mkdirSync(path.join(mediaDir, '_w', '320', 'uploads'), { recursive: true });
    mkdirSync(path.join(privateFilesDir(mediaDir), 'tracker', 'm1'), { recursive: true });
    writeFileSync(path.join(mediaDir, 'uploads', '2026', '11', 'a photo.png'), 'png bytes');
    writeFileSync(path.join(mediaDir, 'uploads', '2026', '11', 'talk.wav'), 'wav bytes');
    writeFileSync(path.join(mediaDir, '_w', '320', 'uploads', 'x.webp'), 'webp');
    writeFileSync(path.join(privateFilesDir(mediaDir), 'tracker', 'm1', 'cert.pdf'), '%PDF private');

    const first = await runScript('storage-migrate.ts', [], { MEDIA_DIR: mediaDir });
    expect(first).toContain('media: 3/3 files (3 copied, 0 already there, 22 bytes)');
    expect(first).toContain('private files: 1/1 files (1 copied, 0 already there, 12 bytes)');
    // Run again (after a cut, or once more at the switch): nothing is copied twice.
    const second = await runScript('storage-migrate.ts', [], { MEDIA_DIR: mediaDir });
    expect(second).toContain('media: 3/3 files (0 copied, 3 already there, 0 bytes)');
    expect(second).toContain('private files: 1/1 files (0 copied, 1 already there, 0 bytes)');

    // The server on the bucket now serves them, with their types, and keeps the private one private.
    const photo = await t.app.inject({ method: 'GET', url: '/media/uploads/2026/11/a%20photo.png' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.body).toBe('png bytes');
    expect((await t.app.inject({ method: 'GET', url: '/media/tracker/m1/cert.pdf' })).statusCode).toBe(404);
    expect((await t.app.deps.privateFiles.get('tracker/m1/cert.pdf'))?.toString()).toBe('%PDF private');
  });

  it('refuses to run without S3_BUCKET, saying what to set', async () => {
    await expect(runScript('storage-migrate.ts', [], { S3_BUCKET: '' })).rejects.toThrow(
      /S3_BUCKET is not set/,
    );
  });
});

describe('npm run backup and restore with the files in a bucket', () => {
  it('copies the bucket’s private files out and puts them back', async () => {
    const { privateFiles } = t.app.deps;
    await privateFiles.put('tracker/m2/kept.pdf', '%PDF kept', 'application/pdf');
    const isSqlite = t.config.database.dialect === 'sqlite';
    const target = isSqlite ? path.join(dir, 'backups', 'site.sqlite') : path.join(dir, 'backups', 'private');
    const folder = isSqlite ? privateBackupFolder(target) : target;
    const out = await runScript('backup.ts', [target], {});
    expect(out).toMatch(/Private files of bucket opence-test copied to .* \(\d+ files/);
    expect(readFileSync(path.join(folder, 'tracker', 'm2', 'kept.pdf'), 'utf8')).toBe('%PDF kept');
    await expect(runScript('backup.ts', [target], {})).rejects.toThrow(/Refusing to overwrite/);

    // The object is lost (or the bucket emptied); the restore brings it back.
    await privateFiles.deleteFolder('tracker/m2');
    expect(await privateFiles.get('tracker/m2/kept.pdf')).toBeNull();
    // On SQLite the database is restored to a file of its own, not under the running test app.
    const restoreTo: Record<string, string> = isSqlite
      ? { DATABASE_URL: `sqlite:${path.join(dir, 'restored.sqlite')}` }
      : {};
    const restored = await runScript('restore.ts', [target], restoreTo);
    expect(restored).toMatch(/Restored \d+ private files of .* to bucket opence-test/);
    expect((await privateFiles.get('tracker/m2/kept.pdf'))?.toString()).toBe('%PDF kept');
  });
});
