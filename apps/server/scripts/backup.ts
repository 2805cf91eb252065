// npm run backup [-- <target file>]: an online, consistent copy of the SQLite database, and of
// the private files (members' uploaded certificates) beside it as <target>.private.
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { backupFolder, backupSqlite, privateBackupFolder } from '../src/lib/backup.ts';
import { privateFilesDir } from '../src/lib/storage.ts';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const privateFiles = privateFilesDir(config.mediaDir);
if (config.database.dialect !== 'sqlite') {
  // The database is PostgreSQL's to copy; the private files are still ours.
  const folder = path.resolve(process.argv[2] ?? `./data/backups/private-${stamp}`);
  const files = backupFolder(privateFiles, folder);
  console.log(`Private files copied to ${files.folder} (${files.files} files, ${files.bytes} bytes).`);
  console.log('DATABASE_URL points at PostgreSQL: copy the database with pg_dump (see README, Operations).');
  process.exit(0);
}
const target = path.resolve(process.argv[2] ?? `./data/backups/site-${stamp}.sqlite`);
const result = backupSqlite(config.database.file, target);
console.log(`Backup written to ${result.file} (${result.bytes} bytes, integrity ${result.integrity}).`);
const files = backupFolder(privateFiles, privateBackupFolder(target));
console.log(`Private files copied to ${files.folder} (${files.files} files, ${files.bytes} bytes).`);
