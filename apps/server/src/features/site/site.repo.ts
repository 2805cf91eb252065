import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

/** All settings as a key → value map. */
export async function selectSettings(db: Kysely<DB>): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** One text block by code, or undefined. */
export async function selectBlurb(db: Kysely<DB>, code: string) {
  return db.selectFrom('blurbs').select(['code', 'blurb']).where('code', '=', code).executeTakeFirst();
}

/** A cheap round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await db.selectFrom('settings').select('key').limit(1).execute();
}
