import type { Kysely } from 'kysely';
import { AdSlotType } from '@opence/shared';
import type { DB } from '../../db/types.ts';

type TAdsDb = Kysely<DB>;

/** Active mobile banner sets in the order staff gave them (01 §9). */
export function selectListBanners(db: TAdsDb) {
  return db
    .selectFrom('ads')
    .select(['hash', 'title', 'photo', 'image_urls'])
    .where('slot_type_id', '=', AdSlotType.MOBILE_LIST)
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('created_at')
    .execute();
}

/** An active mobile banner by its public hash, with what its modal shows. */
export function selectMobileAd(db: TAdsDb, hash: string) {
  return db
    .selectFrom('ads')
    .select(['id', 'hash', 'title', 'button_text', 'blurb', 'confirmation_title', 'confirmation_message'])
    .where('hash', '=', hash)
    .where('slot_type_id', '=', AdSlotType.MOBILE_LIST)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** Counts one view (1) or click (2) of an ad (03 §8). */
export async function insertAdEvent(
  db: TAdsDb,
  row: { id: string; adId: string; eventId: number; memberId: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('ad_events')
    .values({ id: row.id, ad_id: row.adId, event_id: row.eventId, member_id: row.memberId, at: row.at })
    .execute();
}

/** Stores an e-mail left in a banner as a lead for its sponsor (03 §8). */
export async function insertAdLead(
  db: TAdsDb,
  row: { id: string; adId: string; memberId: string | null; email: string; at: string },
): Promise<void> {
  await db
    .insertInto('ad_leads')
    .values({ id: row.id, ad_id: row.adId, member_id: row.memberId, email: row.email, created_at: row.at })
    .execute();
}

/** True when the featured slot's kind of item with this public id exists. */
export async function featuredTargetExists(
  db: TAdsDb,
  slotTypeId: number,
  publicId: string,
): Promise<boolean> {
  const query =
    slotTypeId === AdSlotType.FEATURED_CLASS
      ? db.selectFrom('classes').select('id').where('hash', '=', publicId)
      : slotTypeId === AdSlotType.FEATURED_PODCAST
        ? db.selectFrom('podcasts').select('id').where('hash', '=', publicId)
        : db.selectFrom('blog_posts').select('id').where('slug', '=', publicId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Counts a click on a featured teaser by slot type (03 §8). */
export async function insertFeaturedClick(
  db: TAdsDb,
  row: { id: string; slotTypeId: number; targetHash: string; memberId: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('featured_clicks')
    .values({
      id: row.id,
      slot_type_id: row.slotTypeId,
      target_hash: row.targetHash,
      member_id: row.memberId,
      at: row.at,
    })
    .execute();
}
