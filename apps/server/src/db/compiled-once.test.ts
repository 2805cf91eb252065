import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import { createMember, type TTestMember } from '../../test/factories.ts';
import { compiledOnce } from './compiled-once.ts';

/* A query compiled once answers each call with that call's values, per shape, on each engine. */

let t: TTestApp;
let members: TTestMember[];
const compilations: string[] = [];

const memberQuery = compiledOnce(
  (db, by: 'id' | 'username', p: { value: string; role: 'member' | 'staff' }) => {
    compilations.push(by);
    return db
      .selectFrom('members')
      .select(['id', 'username'])
      .where(by === 'id' ? 'id' : 'username', '=', p.value)
      .where('role', '=', p.role);
  },
);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  members = [await createMember(db), await createMember(db), await createMember(db)];
});
afterAll(() => t.close());

describe('compiledOnce', () => {
  it('runs each call with its own values and compiles each shape once', async () => {
    const db = t.app.deps.database.db;
    for (const member of members) {
      expect(await memberQuery(db, 'id', { value: member.id, role: 'member' })).toEqual([
        { id: member.id, username: member.username },
      ]);
      expect(await memberQuery(db, 'username', { value: member.username, role: 'member' })).toEqual([
        { id: member.id, username: member.username },
      ]);
    }
    expect(await memberQuery(db, 'id', { value: members[0]!.id, role: 'staff' })).toEqual([]);
    expect(await memberQuery(db, 'id', { value: "x' or '1'='1", role: 'member' })).toEqual([]);
    expect(compilations).toEqual(['id', 'username']);
  });

  it('compiles a shape once for the database and all its transactions', async () => {
    const db = t.app.deps.database.db;
    const before = compilations.length;
    for (const member of members) {
      const found = await db
        .transaction()
        .execute((trx) => memberQuery(trx, 'id', { value: member.id, role: 'member' }));
      expect(found).toEqual([{ id: member.id, username: member.username }]);
    }
    expect(await memberQuery(db, 'id', { value: members[0]!.id, role: 'member' })).toHaveLength(1);
    expect(compilations.slice(before)).toEqual([]);
  });
});
