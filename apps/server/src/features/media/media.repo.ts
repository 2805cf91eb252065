import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB>;

/** The member's saved positions among the given media. */
export async function selectPositions(db: TDb, memberId: string, media: string[]) {
  if (media.length === 0) return [];
  return db
    .selectFrom('media_positions')
    .select(['media', 'position_sec', 'duration_sec', 'updated_at'])
    .where('member_id', '=', memberId)
    .where('media', 'in', media)
    .execute();
}

export async function upsertPosition(
  db: TDb,
  row: { memberId: string; media: string; positionSec: number; durationSec: number; at: string },
) {
  await db
    .insertInto('media_positions')
    .values({
      member_id: row.memberId,
      media: row.media,
      position_sec: row.positionSec,
      duration_sec: row.durationSec,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'media']).doUpdateSet({
        position_sec: row.positionSec,
        duration_sec: row.durationSec,
        updated_at: row.at,
      }),
    )
    .execute();
}

export async function selectPrefs(db: TDb, memberId: string) {
  return db
    .selectFrom('media_prefs')
    .select(['speed', 'captions_on'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function upsertPrefs(
  db: TDb,
  row: { memberId: string; speed: number; captionsOn: boolean; at: string },
) {
  const values = { speed: row.speed, captions_on: row.captionsOn ? 1 : 0, updated_at: row.at };
  await db
    .insertInto('media_prefs')
    .values({ member_id: row.memberId, ...values })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
    .execute();
}

export async function selectCaptionTracks(db: TDb, media: string) {
  return db
    .selectFrom('media_captions')
    .select(['lang', 'label'])
    .where('media', '=', media)
    .orderBy('lang')
    .execute();
}

export async function selectCaptionFile(db: TDb, media: string, lang: string) {
  return db
    .selectFrom('media_captions')
    .select(['vtt', 'updated_at'])
    .where('media', '=', media)
    .where('lang', '=', lang)
    .executeTakeFirst();
}

export async function upsertCaptions(
  db: TDb,
  row: { media: string; lang: string; label: string; vtt: string; by: string; at: string },
) {
  const values = { label: row.label, vtt: row.vtt, updated_by: row.by, updated_at: row.at };
  await db
    .insertInto('media_captions')
    .values({ media: row.media, lang: row.lang, ...values })
    .onConflict((oc) => oc.columns(['media', 'lang']).doUpdateSet(values))
    .execute();
}

export async function selectTranscript(db: TDb, media: string) {
  return db
    .selectFrom('media_transcripts')
    .select(['format', 'body'])
    .where('media', '=', media)
    .executeTakeFirst();
}

export async function upsertTranscript(
  db: TDb,
  row: { media: string; format: 'vtt' | 'text'; body: string; plain: string; by: string; at: string },
) {
  const values = {
    format: row.format,
    body: row.body,
    plain: row.plain,
    updated_by: row.by,
    updated_at: row.at,
  };
  await db
    .insertInto('media_transcripts')
    .values({ media: row.media, ...values })
    .onConflict((oc) => oc.column('media').doUpdateSet(values))
    .execute();
}

/** Does the medium exist (its owner row by hash, or a sponsor video by id)? */
export async function mediumExists(db: TDb, kind: string, ref: string): Promise<boolean> {
  const table =
    kind === 'podcast'
      ? 'podcasts'
      : kind === 'class'
        ? 'classes'
        : kind === 'drilldown'
          ? 'drilldowns'
          : null;
  if (table) {
    return !!(await db.selectFrom(table).select('id').where('hash', '=', ref).executeTakeFirst());
  }
  return !!(await db.selectFrom('sponsor_videos').select('id').where('id', '=', ref).executeTakeFirst());
}

/**
 * Can a member play the medium now (issue 37 row 7): a published episode, class or drill-down
 * (an episode or class once released), or an active sponsor video.
 */
export async function mediumPlayable(db: TDb, kind: string, ref: string, now: string): Promise<boolean> {
  if (kind === 'podcast' || kind === 'class') {
    const table = kind === 'podcast' ? 'podcasts' : 'classes';
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('hash', '=', ref)
      .where('is_published', '=', 1)
      .where('release_at', '<=', now)
      .executeTakeFirst();
    return !!row;
  }
  if (kind === 'drilldown') {
    const row = await db
      .selectFrom('drilldowns')
      .select('id')
      .where('hash', '=', ref)
      .where('is_published', '=', 1)
      .executeTakeFirst();
    return !!row;
  }
  const row = await db
    .selectFrom('sponsor_videos')
    .select('id')
    .where('id', '=', ref)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return !!row;
}

/** Every medium staff can caption or transcribe: episodes, and the classes, drill-downs and sponsor videos with a video. */
export async function selectAllMedia(db: TDb) {
  const [podcasts, classes, drilldowns, sponsorVideos, captions, transcripts] = await Promise.all([
    db.selectFrom('podcasts').select(['hash', 'title']).orderBy('release_at', 'desc').execute(),
    db
      .selectFrom('classes')
      .select(['hash', 'title', 'video_url', 'youtube_url'])
      .where((eb) => eb.or([eb('video_url', 'is not', null), eb('youtube_url', 'is not', null)]))
      .orderBy('title')
      .execute(),
    db
      .selectFrom('drilldowns')
      .select(['hash', 'title', 'video_url', 'youtube_url'])
      .where((eb) => eb.or([eb('video_url', 'is not', null), eb('youtube_url', 'is not', null)]))
      .orderBy('title')
      .execute(),
    db
      .selectFrom('sponsor_videos')
      .select(['id', 'headline', 'video_url'])
      .where('video_url', 'is not', null)
      .orderBy('headline')
      .execute(),
    db.selectFrom('media_captions').select(['media', 'lang']).execute(),
    db.selectFrom('media_transcripts').select('media').execute(),
  ]);
  return { podcasts, classes, drilldowns, sponsorVideos, captions, transcripts };
}
