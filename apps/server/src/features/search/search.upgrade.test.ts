import { describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { openDatabase, migrateToLatest } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { createClass, createSpeaker } from '../../../test/factories.ts';

/*
 * SQLite: migration 2026-11-27T11-00-00_search_narrow_rows rebuilds the FTS5 tables of a
 * database that already has content (docs/decisions/0212): every row indexed again, found by
 * its stems, as typed and by its speaker, and the index still follows writes after it.
 */

describe.skipIf(process.env.DATABASE_URL)('the narrow-rows migration on a database with content', () => {
  it('indexes the rows that were there, and follows writes afterwards', async () => {
    const { db, close } = openDatabase({ dialect: 'sqlite', file: ':memory:' });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('2026-11-26T15-00-00_search_transcripts');
      expect(before.error).toBeUndefined();
      const speaker = await createSpeaker(db, 'Philippa Quintessa');
      const old = await createClass(db, { title: 'Guided Implant Surgery', speaker_id: speaker.id });
      await migrateToLatest(db);
      const found = async (match: string, table = 'fts_search') =>
        (
          await sql<{ item_id: string }>`select fts_rows.item_id from ${sql.table(table)}
            join fts_rows on fts_rows.id = ${sql.ref(`${table}.rowid`)} where ${sql.ref(table)} match ${match}`.execute(
            db,
          )
        ).rows.map((r) => r.item_id);
      expect(await found('{head tags body} : ("implant"*)')).toEqual([old.id]);
      expect(await found('{head} : ("quintessa"*)')).toEqual([old.id]);
      expect(await found('{doc} : "uided"', 'fts_trigram')).toEqual([old.id]);
      const fresh = await createClass(db, { title: 'Implant Maintenance' });
      await db.deleteFrom('classes').where('id', '=', old.id).execute();
      expect(await found('{head tags body} : ("implant"*)')).toEqual([fresh.id]);
      expect(await found('{doc} : "uided"', 'fts_trigram')).toEqual([]);
    } finally {
      await close();
    }
  });
});
