import type { Kysely, Transaction } from 'kysely';
import { AdSlotType } from '@opence/shared';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A published, posted drill-down by hash or slug, with its active banner ad (if it has one). */
export function selectDrilldown(db: TDb, ref: string, now: string) {
  return db
    .selectFrom('drilldowns')
    .leftJoin('ads', (join) =>
      join
        .onRef('ads.id', '=', 'drilldowns.banner_ad_id')
        .on('ads.is_active', '=', 1)
        .on('ads.slot_type_id', '=', AdSlotType.DRILLDOWN_BANNER),
    )
    .select([
      'drilldowns.id',
      'drilldowns.hash',
      'drilldowns.slug',
      'drilldowns.title',
      'drilldowns.author',
      'drilldowns.posted_at',
      'drilldowns.description',
      'drilldowns.youtube_url',
      'drilldowns.video_url',
      'drilldowns.photo',
      'ads.id as ad_id',
      'ads.hash as ad_hash',
      'ads.title as ad_title',
      'ads.url as ad_url',
      'ads.photo as ad_photo',
    ])
    .where((eb) => eb.or([eb('drilldowns.hash', '=', ref), eb('drilldowns.slug', '=', ref)]))
    .where('drilldowns.is_published', '=', 1)
    .where('drilldowns.posted_at', '<=', now)
    .executeTakeFirst();
}
export type TDrilldownRecord = NonNullable<Awaited<ReturnType<typeof selectDrilldown>>>;

/** The newest posted drill-downs other than the one shown. */
export function selectRecentDrilldowns(db: TDb, exceptId: string, now: string, limit: number) {
  return db
    .selectFrom('drilldowns')
    .select(['hash', 'slug', 'title', 'author', 'photo', 'blurb', 'posted_at'])
    .where('is_published', '=', 1)
    .where('posted_at', '<=', now)
    .where('id', '!=', exceptId)
    .orderBy('posted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
export type TRecentDrilldownRecord = Awaited<ReturnType<typeof selectRecentDrilldowns>>[number];

/** One view of the page or play of the video (docs/decisions/0603). */
export async function insertDrilldownView(
  db: TDb,
  row: { id: string; drilldownId: string; memberId: string | null; kind: 'view' | 'play'; at: string },
): Promise<void> {
  await db
    .insertInto('drilldown_views')
    .values({
      id: row.id,
      drilldown_id: row.drilldownId,
      member_id: row.memberId,
      kind: row.kind,
      viewed_at: row.at,
    })
    .execute();
}

/** An active banner ad (the drill-down slot) by its public hash. */
export function selectBannerAd(db: TDb, hash: string) {
  return db
    .selectFrom('ads')
    .select(['id', 'url'])
    .where('hash', '=', hash)
    .where('slot_type_id', '=', AdSlotType.DRILLDOWN_BANNER)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}
