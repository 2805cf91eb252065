import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';

/* The checkpoint worker moves the write-ahead log into the database file off the event loop. */

const dir = mkdtempSync(path.join(tmpdir(), 'opence-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkpoint worker', () => {
  it('checkpoints a log the serving connection no longer checkpoints itself', async () => {
    const file = path.join(dir, 'site.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('create table notes (id integer primary key, body text)');
    const insert = db.prepare('insert into notes (body) values (?)');
    db.transaction(() => {
      for (let i = 0; i < 2_000; i++) insert.run('x'.repeat(500));
    })();
    const sizeBefore = statSync(file).size;

    const checkpointer = startCheckpointer(file, 50);
    const deadline = Date.now() + 10_000;
    while (statSync(file).size === sizeBefore && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await checkpointer.stop();
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 500_000);
    expect(db.prepare('select count(*) as n from notes').get()).toEqual({ n: 2_000 });
    db.close();
  });
});
