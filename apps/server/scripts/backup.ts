// npm run backup [-- <target file>]: an online, consistent copy of the SQLite database, and of
// the private files (members' uploaded certificates) beside it as <target>.private. With
// S3_BUCKET set, the private files are read from the bucket into that folder (decision 1122).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { backupFolder, backupSqlite, privateBackupFolder } from '../src/lib/backup.ts';
import { copyStorage } from '../src/lib/storage-copy.ts';
import { openStorages } from '../src/lib/storage-s3.ts';
import { createLocalStorage, privateFilesDir } from '../src/lib/storage.ts';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

async function backupPrivateFiles(folder: string) {
  if (!config.objectStorage) {
    const files = backupFolder(privateFilesDir(config.mediaDir), folder);
    console.log(`Private files copied to ${files.folder} (${files.files} files, ${files.bytes} bytes).`);
    return;
  }
  if (existsSync(folder)) throw new Error(`Refusing to overwrite ${folder}`);
  const { privateFiles } = await openStorages(config.mediaDir, config.objectStorage);
  const copied = await copyStorage(privateFiles, createLocalStorage(folder));
  console.log(
    `Private files of bucket ${config.objectStorage.bucket} copied to ${folder} (${copied.copied} files, ${copied.bytes} bytes).`,
  );
}

if (config.database.dialect !== 'sqlite') {
  // The database is PostgreSQL's to copy; the private files are still ours.
  await backupPrivateFiles(path.resolve(process.argv[2] ?? `./data/backups/private-${stamp}`));
  console.log('DATABASE_URL points at PostgreSQL: copy the database with pg_dump (see README, Operations).');
  process.exit(0);
}
const target = path.resolve(process.argv[2] ?? `./data/backups/site-${stamp}.sqlite`);
const result = backupSqlite(config.database.file, target);
console.log(`Backup written to ${result.file} (${result.bytes} bytes, integrity ${result.integrity}).`);
await backupPrivateFiles(privateBackupFolder(target));
