import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/* The lobbies (02 §2, docs/decisions/0408): the newest drill-downs and podcast episodes they offer. */

/** The newest published drill-downs (a lobby's videos). */
export async function selectLobbyDrilldowns(db: TDb, nowIso: string, limit: number) {
  return db
    .selectFrom('drilldowns')
    .select(['hash', 'slug', 'title', 'youtube_url', 'photo'])
    .where('is_published', '=', 1)
    .where('posted_at', '<=', nowIso)
    .orderBy('posted_at', 'desc')
    .limit(limit)
    .execute();
}

/** The newest published podcast episodes, leaving out one (the episode whose exam was just passed). */
export async function selectLobbyPodcasts(db: TDb, nowIso: string, limit: number, exceptHash: string | null) {
  let query = db
    .selectFrom('podcasts')
    .innerJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
    .leftJoin('speakers', 'speakers.id', 'podcasts.speaker_id')
    .leftJoin('companies', 'companies.id', 'podcasts.company_id')
    .select([
      'podcasts.hash',
      'podcast_shows.hash as show_hash',
      'podcasts.title',
      'podcasts.photo',
      'podcasts.mp3',
      'podcasts.duration_sec',
      'podcasts.credits',
      'podcasts.blurb',
      'podcasts.featured_blurb',
      'speakers.name as speaker_name',
      'companies.name as company_name',
    ])
    .where('podcasts.is_published', '=', 1)
    .where('podcasts.release_at', '<=', nowIso);
  if (exceptHash) query = query.where('podcasts.hash', '!=', exceptHash);
  return query.orderBy('podcasts.release_at', 'desc').limit(limit).execute();
}
export type TLobbyPodcastRow = Awaited<ReturnType<typeof selectLobbyPodcasts>>[number];
