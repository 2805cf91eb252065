import type { Kysely, Transaction } from 'kysely';
import {
  ClassType,
  DEFAULT_TIME_ZONE,
  isDatedByEvent,
  localDayInZone,
  SELF_STUDY_CLASS_TYPES,
} from '@opence/shared';
import type { DB } from '../../db/types.ts';

/* What a standing reads besides the tracker's own rows: the site's completions, and the courses that could fill a gap. */

type TDb = Kysely<DB> | Transaction<DB>;

/** The member's completions here, with their class or episode, format and topic tags. */
export async function selectSiteCompletions(db: TDb, memberId: string) {
  const rows = await db
    .selectFrom('completions')
    .leftJoin('classes', 'classes.id', 'completions.class_id')
    .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .innerJoin('members', 'members.id', 'completions.member_id')
    .leftJoin('in_person_events', 'in_person_events.class_id', 'completions.class_id')
    .select([
      'completions.id',
      'completions.class_id',
      'completions.podcast_id',
      'completions.completed_at',
      'completions.credits',
      'completions.delivery',
      'completions.certificate_number',
      'completions.evidence',
      'classes.title as class_title',
      'classes.release_at as class_release_at',
      'podcasts.title as podcast_title',
      'members.time_zone',
      'in_person_events.place as event_place',
    ])
    .where('completions.member_id', '=', memberId)
    .orderBy('completions.completed_at')
    .execute();
  const classIds = rows.flatMap((r) => (r.class_id ? [r.class_id] : []));
  const podcastIds = rows.flatMap((r) => (r.podcast_id ? [r.podcast_id] : []));
  const classTopics = classIds.length
    ? await db
        .selectFrom('class_topics')
        .select(['class_id', 'topic_code'])
        .where('class_id', 'in', classIds)
        .execute()
    : [];
  const podcastTopics = podcastIds.length
    ? await db
        .selectFrom('podcast_topics')
        .select(['podcast_id', 'topic_code'])
        .where('podcast_id', 'in', podcastIds)
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    title: r.class_title ?? r.podcast_title ?? '',
    // The certificate's day (issue 35): a live course's own date, else the day it was earned, in the member's zone.
    day: localDayInZone(
      new Date(isDatedByEvent(r.delivery) && r.class_release_at ? r.class_release_at : r.completed_at),
      r.time_zone || DEFAULT_TIME_ZONE,
    ),
    credits: r.credits,
    delivery: r.delivery,
    place: r.event_place,
    certificateNumber: r.certificate_number,
    webinarEvidence: r.evidence,
    topics: r.class_id
      ? classTopics.filter((t) => t.class_id === r.class_id).map((t) => t.topic_code)
      : podcastTopics.filter((t) => t.podcast_id === r.podcast_id).map((t) => t.topic_code),
  }));
}

/**
 * The site's courses the tracker may suggest from (issue 36): published classes with credits the
 * member has not completed (a live webinar still to start, or an on-demand class released), with
 * what decides whether they can be taken (a recording or PDF, an exam, the price, seats) and
 * their topic tags; the newest first, and those tagged with one of `topics` besides. The shared
 * rule (suggestCourses) decides.
 */
export async function selectSuggestionClasses(
  db: TDb,
  memberId: string,
  opts: { now: string; topics: readonly string[]; limit: number },
) {
  const base = () =>
    db
      .selectFrom('classes')
      .select([
        'classes.id',
        'classes.hash',
        'classes.title',
        'classes.credits',
        'classes.type_id',
        'classes.release_at',
        'classes.capacity',
        'classes.seats_taken',
        'classes.price',
        'classes.youtube_url',
        'classes.video_url',
        'classes.pdf_url',
        'classes.is_published',
      ])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('exams').select('exams.id').whereRef('exams.class_id', '=', 'classes.id'))
          .as('has_exam'),
      )
      .where('classes.is_published', '=', 1)
      .where('classes.is_tutorial', '=', 0)
      .where('classes.credits', '>', 0)
      .where((eb) =>
        eb.or([
          eb.and([eb('classes.type_id', '=', ClassType.LIVE), eb('classes.release_at', '>', opts.now)]),
          eb.and([
            eb('classes.type_id', 'in', SELF_STUDY_CLASS_TYPES),
            eb('classes.release_at', '<=', opts.now),
          ]),
        ]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('completions')
              .select('completions.id')
              .whereRef('completions.class_id', '=', 'classes.id')
              .where('completions.member_id', '=', memberId),
          ),
        ),
      );
  const newest = await base()
    .orderBy('classes.release_at', 'desc')
    .orderBy('classes.id')
    .limit(opts.limit)
    .execute();
  const tagged = opts.topics.length
    ? await base()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('class_topics')
              .select('class_topics.class_id')
              .whereRef('class_topics.class_id', '=', 'classes.id')
              .where('class_topics.topic_code', 'in', [...opts.topics]),
          ),
        )
        .orderBy('classes.release_at', 'desc')
        .orderBy('classes.id')
        .limit(opts.limit)
        .execute()
    : [];
  return withTags(newest, tagged, (ids) =>
    db
      .selectFrom('class_topics')
      .select(['class_id as id', 'topic_code'])
      .where('class_id', 'in', ids)
      .execute(),
  );
}

/** The newest rows and the newest on the topics, once each, with their topic tags and whether they have an exam. */
async function withTags<R extends { id: string; has_exam: unknown }>(
  newest: R[],
  tagged: R[],
  tagsOf: (ids: string[]) => Promise<{ id: string; topic_code: string }[]>,
) {
  const rows = [...new Map([...newest, ...tagged].map((r) => [r.id, r])).values()];
  const tags = rows.length ? await tagsOf(rows.map((r) => r.id)) : [];
  return rows.map((r) =>
    Object.assign({}, r, {
      has_exam: Boolean(r.has_exam),
      topics: tags.filter((t) => t.id === r.id).map((t) => t.topic_code),
    }),
  );
}

/** Published, released episodes with credits the member has not completed, with exam, audio and topics (newest, and tagged). */
export async function selectSuggestionPodcasts(
  db: TDb,
  memberId: string,
  opts: { now: string; topics: readonly string[]; limit: number },
) {
  const base = () =>
    db
      .selectFrom('podcasts')
      .innerJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
      .select([
        'podcasts.id',
        'podcasts.hash',
        'podcasts.title',
        'podcasts.credits',
        'podcasts.release_at',
        'podcasts.mp3',
        'podcasts.is_published',
        'podcast_shows.hash as show_hash',
      ])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('exams').select('exams.id').whereRef('exams.podcast_id', '=', 'podcasts.id'))
          .as('has_exam'),
      )
      .where('podcasts.is_published', '=', 1)
      .where('podcasts.credits', '>', 0)
      .where('podcasts.release_at', '<=', opts.now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('completions')
              .select('completions.id')
              .whereRef('completions.podcast_id', '=', 'podcasts.id')
              .where('completions.member_id', '=', memberId),
          ),
        ),
      );
  const newest = await base()
    .orderBy('podcasts.release_at', 'desc')
    .orderBy('podcasts.id')
    .limit(opts.limit)
    .execute();
  const tagged = opts.topics.length
    ? await base()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('podcast_topics')
              .select('podcast_topics.podcast_id')
              .whereRef('podcast_topics.podcast_id', '=', 'podcasts.id')
              .where('podcast_topics.topic_code', 'in', [...opts.topics]),
          ),
        )
        .orderBy('podcasts.release_at', 'desc')
        .orderBy('podcasts.id')
        .limit(opts.limit)
        .execute()
    : [];
  return withTags(newest, tagged, (ids) =>
    db
      .selectFrom('podcast_topics')
      .select(['podcast_id as id', 'topic_code'])
      .where('podcast_id', 'in', ids)
      .execute(),
  );
}
