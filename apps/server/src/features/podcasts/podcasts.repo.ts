import type { Kysely } from 'kysely';
import { AdSlotType } from '@opence/shared';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB>;

/** Released, published episodes with their speaker, sponsor and exam; the caller narrows them. */
function episodesFrom(db: TDb, now: string) {
  return db
    .selectFrom('podcasts')
    .innerJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
    .leftJoin('speakers', 'speakers.id', 'podcasts.speaker_id')
    .leftJoin('companies', 'companies.id', 'podcasts.company_id')
    .leftJoin('exams', 'exams.podcast_id', 'podcasts.id')
    .select([
      'podcasts.id',
      'podcasts.hash',
      'podcasts.slug',
      'podcasts.show_id',
      'podcasts.title',
      'podcasts.photo',
      'podcasts.mp3',
      'podcasts.blurb',
      'podcasts.description',
      'podcasts.release_at',
      'podcasts.duration_sec',
      'podcasts.credits',
      'podcasts.ce_type_id',
      'podcast_shows.hash as show_hash',
      'speakers.name as speaker_name',
      'companies.name as company_name',
      'exams.id as exam_id',
    ])
    .where('podcasts.is_published', '=', 1)
    .where('podcasts.release_at', '<=', now);
}

/** A released episode by hash or slug. */
export function selectEpisode(db: TDb, ref: string, now: string) {
  return episodesFrom(db, now)
    .where((eb) => eb.or([eb('podcasts.hash', '=', ref), eb('podcasts.slug', '=', ref)]))
    .executeTakeFirst();
}
export type TEpisodeRecord = NonNullable<Awaited<ReturnType<typeof selectEpisode>>>;

/** The released episodes of a show, newest first. */
export function selectShowEpisodes(db: TDb, showId: string, now: string) {
  return episodesFrom(db, now)
    .where('podcasts.show_id', '=', showId)
    .orderBy('podcasts.release_at', 'desc')
    .orderBy('podcasts.id', 'desc')
    .execute();
}

/** A show by its id, or by the hash or slug a visitor asked for. */
export function selectShow(db: TDb, by: { id: string } | { ref: string }) {
  const query = db
    .selectFrom('podcast_shows')
    .leftJoin('companies', 'companies.id', 'podcast_shows.company_id')
    .select([
      'podcast_shows.id',
      'podcast_shows.hash',
      'podcast_shows.slug',
      'podcast_shows.title',
      'podcast_shows.photo',
      'podcast_shows.blurb',
      'podcast_shows.company_id',
      'companies.name as company_name',
    ]);
  return (
    'id' in by
      ? query.where('podcast_shows.id', '=', by.id)
      : query.where((eb) =>
          eb.or([eb('podcast_shows.hash', '=', by.ref), eb('podcast_shows.slug', '=', by.ref)]),
        )
  ).executeTakeFirst();
}
export type TShowRecord = NonNullable<Awaited<ReturnType<typeof selectShow>>>;

/** The member's completions among some episodes, with the local day each exam was passed on. */
export function selectCompletions(db: TDb, memberId: string, podcastIds: string[]) {
  if (podcastIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('completions')
    .leftJoin('exam_attempts', 'exam_attempts.id', 'completions.exam_attempt_id')
    .select([
      'completions.podcast_id',
      'completions.completed_at',
      'completions.certificate_number',
      'exam_attempts.local_day',
    ])
    .where('completions.member_id', '=', memberId)
    .where('completions.podcast_id', 'in', podcastIds)
    .execute();
}
export type TCompletionRecord = Awaited<ReturnType<typeof selectCompletions>>[number];

/** The active banner ads of a sponsor (drill-down banner slot), in the order staff gave them. */
export function selectSponsorBannerAds(db: TDb, companyId: string) {
  return db
    .selectFrom('ads')
    .select(['id', 'hash', 'title', 'url', 'photo'])
    .where('company_id', '=', companyId)
    .where('slot_type_id', '=', AdSlotType.DRILLDOWN_BANNER)
    .where('is_active', '=', 1)
    .where('url', 'is not', null)
    .where('photo', 'is not', null)
    .orderBy('sort')
    .orderBy('created_at')
    .execute();
}
export type TBannerAdRecord = Awaited<ReturnType<typeof selectSponsorBannerAds>>[number];

/** True when the member has logged a play of the episode. */
export async function hasPlayed(db: TDb, memberId: string, podcastId: string): Promise<boolean> {
  const row = await db
    .selectFrom('podcast_plays')
    .select('id')
    .where('member_id', '=', memberId)
    .where('podcast_id', '=', podcastId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One play of an episode (03 §8); for a member, the listen that unlocks the exam. */
export async function insertPlay(
  db: TDb,
  row: { id: string; podcastId: string; memberId: string | null; source: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('podcast_plays')
    .values({
      id: row.id,
      podcast_id: row.podcastId,
      member_id: row.memberId,
      source: row.source,
      played_at: row.at,
    })
    .execute();
}
