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

/**
 * Every public page of content for the sitemap: published classes, released episodes, blog
 * posts and drill-downs, with when each last changed.
 */
export async function selectSitemapContent(db: Kysely<DB>, now: string) {
  const [classes, podcasts, posts, drilldowns] = await Promise.all([
    db
      .selectFrom('classes')
      .select(['hash', 'slug', 'type_id', 'updated_at'])
      .where('is_published', '=', 1)
      .orderBy('updated_at', 'desc')
      .execute(),
    db
      .selectFrom('podcasts')
      .innerJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
      .select(['podcasts.hash', 'podcast_shows.hash as show_hash', 'podcasts.updated_at'])
      .where('podcasts.is_published', '=', 1)
      .where('podcasts.release_at', '<=', now)
      .orderBy('podcasts.updated_at', 'desc')
      .execute(),
    db
      .selectFrom('blog_posts')
      .select(['slug', 'updated_at'])
      .where('is_published', '=', 1)
      .orderBy('updated_at', 'desc')
      .execute(),
    db
      .selectFrom('drilldowns')
      .select(['slug', 'created_at as updated_at'])
      .where('is_published', '=', 1)
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return { classes, podcasts, posts, drilldowns };
}
