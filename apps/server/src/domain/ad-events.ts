import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.ts';
import { newId } from '../lib/ids.ts';

/** One counted view (1) or click (2) of an ad (03 §8, 02 §9 ad event ids). */
export type TAdEvent = { adId: string; eventId: number; memberId: string | null; at: string };

/**
 * Counts ad views and clicks. Shared by every page that shows an ad (drill-downs, podcasts),
 * so an ad's counts mean the same wherever it appeared.
 */
export async function recordAdEvents(db: Kysely<DB> | Transaction<DB>, events: TAdEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('ad_events')
    .values(
      events.map((e) => ({
        id: newId(),
        ad_id: e.adId,
        event_id: e.eventId,
        member_id: e.memberId,
        at: e.at,
      })),
    )
    .execute();
}
