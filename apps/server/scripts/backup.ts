// npm run backup [-- <target file>]: an online, consistent copy of the SQLite database.
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { backupSqlite } from '../src/lib/backup.ts';

const config = loadConfig();
if (config.database.dialect !== 'sqlite') {
  console.error('DATABASE_URL points at PostgreSQL: use pg_dump (see README, Operations).');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? `./data/backups/site-${stamp}.sqlite`);
const result = backupSqlite(config.database.file, target);
console.log(`Backup written to ${result.file} (${result.bytes} bytes, integrity ${result.integrity}).`);
