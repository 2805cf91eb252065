// npm run restore -- <backup file>: puts a backup in place. Stop the server first.
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { restoreSqlite } from '../src/lib/backup.ts';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(1);
}
const config = loadConfig();
if (config.database.dialect !== 'sqlite') {
  console.error('DATABASE_URL points at PostgreSQL: use pg_restore or psql (see README, Operations).');
  process.exit(1);
}
const { previous } = restoreSqlite(path.resolve(source), config.database.file);
console.log(
  `Restored ${source} to ${config.database.file}.${previous ? ` The previous file is kept as ${previous}.` : ''}`,
);
