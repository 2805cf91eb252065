import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { newId } from '../../lib/ids.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A learning record's subject: a class or a podcast episode (the gradebook holds both). */
export type TTarget = { classId: string } | { podcastId: string };

/** A published class by hash or slug, with its speaker, sponsor and whether it has an exam. */
export async function selectClass(db: TDb, ref: string) {
  return db
    .selectFrom('classes')
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .leftJoin('exams', 'exams.class_id', 'classes.id')
    .selectAll('classes')
    .select([
      'speakers.name as speaker_name',
      'speakers.credentials as speaker_credentials',
      'speakers.photo as speaker_photo',
      'speakers.bio as speaker_bio',
      'companies.name as company_name',
      'exams.id as exam_id',
    ])
    .where((eb) => eb.or([eb('classes.hash', '=', ref), eb('classes.slug', '=', ref)]))
    .where('classes.is_published', '=', 1)
    .executeTakeFirst();
}
export type TClassRow = NonNullable<Awaited<ReturnType<typeof selectClass>>>;

const targetColumn = (target: TTarget) =>
  'classId' in target
    ? (['gradebook.class_id', target.classId] as const)
    : (['gradebook.podcast_id', target.podcastId] as const);

/** The member's gradebook row for a class or podcast, if any. */
export async function selectGradebook(db: TDb, memberId: string, target: TTarget) {
  const [column, id] = targetColumn(target);
  return db
    .selectFrom('gradebook')
    .selectAll()
    .where('gradebook.member_id', '=', memberId)
    .where(column, '=', id)
    .executeTakeFirst();
}

/** The member's completion of a class or podcast, with the local day its exam was passed on. */
export async function selectCompletion(db: TDb, memberId: string, target: TTarget) {
  const query = db
    .selectFrom('completions')
    .leftJoin('exam_attempts', 'exam_attempts.id', 'completions.exam_attempt_id')
    .select([
      'completions.id',
      'completions.completed_at',
      'completions.score',
      'completions.credits',
      'completions.ce_type_id',
      'completions.certificate_number',
      'exam_attempts.local_day',
    ])
    .where('completions.member_id', '=', memberId);
  return (
    'classId' in target
      ? query.where('completions.class_id', '=', target.classId)
      : query.where('completions.podcast_id', '=', target.podcastId)
  ).executeTakeFirst();
}

/** The member's seat or waitlist place in a class. */
export async function selectSeat(db: TDb, memberId: string, classId: string) {
  return db
    .selectFrom('seats')
    .select(['id', 'is_waiting', 'started_at'])
    .where('member_id', '=', memberId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
}

/** How many plays of a podcast episode the member has logged. */
export async function countPodcastPlays(db: TDb, memberId: string, podcastId: string): Promise<number> {
  const row = await db
    .selectFrom('podcast_plays')
    .select((eb) => eb.fn.countAll<number>().as('plays'))
    .where('member_id', '=', memberId)
    .where('podcast_id', '=', podcastId)
    .executeTakeFirstOrThrow();
  return Number(row.plays);
}

/** The member's fields that studentData carries. */
export async function selectMemberFacts(db: TDb, memberId: string) {
  return db
    .selectFrom('members')
    .select(['agd_number', 'hide_agd_reminder', 'time_zone'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** Exams the member submitted on a local day (toward the daily limit). */
export async function selectSubmittedOn(db: TDb, memberId: string, localDay: string): Promise<number> {
  const row = await db
    .selectFrom('exam_day_counts')
    .select('submitted')
    .where('member_id', '=', memberId)
    .where('local_day', '=', localDay)
    .executeTakeFirst();
  return row?.submitted ?? 0;
}

export async function selectQueueItem(db: TDb, memberId: string, classId: string) {
  return db
    .selectFrom('queue_items')
    .select('id')
    .where('member_id', '=', memberId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
}

/**
 * Counts a view: the member's gradebook row is created on the first view (the class enters CE
 * in Progress) and its view count goes up atomically on every later one.
 */
export async function upsertGradebookView(
  db: TDb,
  row: { memberId: string; classId: string; ceTypeId: number; at: string },
): Promise<string> {
  const saved = await db
    .insertInto('gradebook')
    .values({
      id: newId(),
      member_id: row.memberId,
      class_id: row.classId,
      ce_type_id: row.ceTypeId,
      view_count: 1,
      last_viewed_at: row.at,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'class_id']).doUpdateSet((eb) => ({
        view_count: eb('gradebook.view_count', '+', 1),
        last_viewed_at: row.at,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

export async function insertClassView(db: TDb, row: { classId: string; memberId: string; at: string }) {
  await db
    .insertInto('class_views')
    .values({ id: newId(), class_id: row.classId, member_id: row.memberId, viewed_at: row.at })
    .execute();
}

/** Records the attendance confirmation on the member's gradebook row. */
export async function updateAttendance(
  db: TDb,
  gradebookId: string,
  values: { attended: boolean; ceTypeId: number; at: string },
) {
  await db
    .updateTable('gradebook')
    .set({ attended: values.attended ? 1 : 0, ended_at: values.at, ce_type_id: values.ceTypeId })
    .where('id', '=', gradebookId)
    .execute();
}

/** Adds a class to the member's Watch Later list; adding it twice keeps the first entry. */
export async function insertQueueItem(db: TDb, row: { memberId: string; classId: string; at: string }) {
  await db
    .insertInto('queue_items')
    .values({ id: newId(), member_id: row.memberId, class_id: row.classId, created_at: row.at })
    .onConflict((oc) => oc.columns(['member_id', 'class_id']).doNothing())
    .execute();
}

export async function deleteQueueItem(db: TDb, memberId: string, classId: string) {
  await db
    .deleteFrom('queue_items')
    .where('member_id', '=', memberId)
    .where('class_id', '=', classId)
    .execute();
}
