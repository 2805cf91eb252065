import Database from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LiteralLimitSqliteDialect } from './literal-limit.ts';

/* A bound LIMIT makes SQLite plan the statement again at every run (decision 0814). */

type TNotes = { notes: { id: number; body: string } };

const sqlite = new Database(':memory:');
sqlite.exec('create table notes (id integer primary key, body text)');
const insert = sqlite.prepare('insert into notes (body) values (?)');
for (let i = 1; i <= 10; i++) insert.run(`note ${i}`);
const db = new Kysely<TNotes>({ dialect: new LiteralLimitSqliteDialect({ database: sqlite }) });
afterAll(() => db.destroy());

describe('LIMIT on SQLite', () => {
  it('is written into the SQL as a number, while OFFSET and values stay parameters', () => {
    const query = db.selectFrom('notes').select('id').where('body', '!=', 'x').limit(3).offset(4).compile();
    expect(query.sql).toBe('select "id" from "notes" where "body" != ? limit 3 offset ?');
    expect(query.parameters).toEqual(['x', 4]);
  });

  it('stays a parameter when it is not a whole number (compiledOnce markers are strings)', () => {
    const query = db
      .selectFrom('notes')
      .select('id')
      .limit('\u0000marker' as unknown as number)
      .compile();
    expect(query.sql).toBe('select "id" from "notes" limit ?');
  });

  it('pages the same rows as before', async () => {
    const page = await db.selectFrom('notes').select('body').orderBy('id').limit(3).offset(6).execute();
    expect(page.map((row) => row.body)).toEqual(['note 7', 'note 8', 'note 9']);
  });
});
