// npm run restore -- <backup file>: puts a backup in place, and the private files kept beside it
// (<backup>.private). With PostgreSQL, give the private files' folder. Stop the server first.
// With S3_BUCKET set, the private files go back into the bucket (decision 1122).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { privateBackupFolder, restoreFolder, restoreSqlite } from '../src/lib/backup.ts';
import { copyStorage } from '../src/lib/storage-copy.ts';
import { openStorages } from '../src/lib/storage-s3.ts';
import { createLocalStorage, privateFilesDir } from '../src/lib/storage.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(1);
}
const config = loadConfig();

async function restoreFiles(folder: string) {
  if (!config.objectStorage) {
    const privateFiles = privateFilesDir(config.mediaDir);
    const { previous } = restoreFolder(folder, privateFiles);
    console.log(
      `Restored the private files of ${folder} to ${privateFiles}.${previous ? ` The previous folder is kept as ${previous}.` : ''}`,
    );
    return;
  }
  if (!existsSync(folder)) throw new Error(`No folder at ${folder}`);
  const { privateFiles } = await openStorages(config.mediaDir, config.objectStorage);
  // Files uploaded after the backup stay in the bucket: no restored row names them.
  const copied = await copyStorage(createLocalStorage(folder), privateFiles, { overwrite: true });
  console.log(
    `Restored ${copied.copied} private files of ${folder} to bucket ${config.objectStorage.bucket}.`,
  );
}

if (config.database.dialect !== 'sqlite') {
  await restoreFiles(path.resolve(source));
  console.log(
    'DATABASE_URL points at PostgreSQL: restore the database with pg_restore or psql (see README, Operations).',
  );
  process.exit(0);
}
const { previous } = restoreSqlite(path.resolve(source), config.database.file);
console.log(
  `Restored ${source} to ${config.database.file}.${previous ? ` The previous file is kept as ${previous}.` : ''}`,
);
const folder = privateBackupFolder(path.resolve(source));
if (existsSync(folder)) await restoreFiles(folder);
else console.log(`No private files beside the backup (${folder}): the private folder is left as it is.`);
