import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
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

/** Seats taken (not waitlist places) in a class: its seats left (decision 1003). */
export async function selectSeatedCount(db: TDb, classId: string): Promise<number> {
  const row = await db
    .selectFrom('seats')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class_id', '=', classId)
    .where('is_waiting', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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

/**
 * The member's rows on one class or podcast episode in one query, compiled once, because the
 * live room asks for them every 15 s per attendee: profile facts, gradebook row, completion
 * (with the local day its exam was passed on), seat, Watch Later entry, podcast plays, and the
 * exams submitted on localDay when the day is known before the profile's zone is read. Each
 * join is on a unique key, so there is one row.
 */
const learnerRowsQuery = compiledOnce(
  (
    db,
    kind: TLearnerShape,
    p: {
      memberId: string | null;
      tokenHash: string | null;
      classId: string | null;
      podcastId: string | null;
      localDay: string | null;
    },
  ) =>
    membersOrSessions(db, kind)
      .leftJoin('gradebook as g', (join) =>
        kind !== 'podcast'
          ? join.onRef('g.member_id', '=', 'm.id').on('g.class_id', '=', p.classId)
          : join.onRef('g.member_id', '=', 'm.id').on('g.podcast_id', '=', p.podcastId),
      )
      .leftJoin('completions as c', (join) =>
        kind !== 'podcast'
          ? join.onRef('c.member_id', '=', 'm.id').on('c.class_id', '=', p.classId)
          : join.onRef('c.member_id', '=', 'm.id').on('c.podcast_id', '=', p.podcastId),
      )
      .leftJoin('exam_attempts as a', 'a.id', 'c.exam_attempt_id')
      .leftJoin('seats as s', (join) =>
        join.onRef('s.member_id', '=', 'm.id').on('s.class_id', '=', p.classId),
      )
      .leftJoin('queue_items as q', (join) =>
        join.onRef('q.member_id', '=', 'm.id').on('q.class_id', '=', p.classId),
      )
      .leftJoin('exam_day_counts as d', (join) =>
        join.onRef('d.member_id', '=', 'm.id').on('d.local_day', '=', p.localDay),
      )
      .select((eb) => [
        'm.agd_number',
        'm.hide_agd_reminder',
        'm.time_zone',
        'g.id as gradebook_id',
        'g.ce_type_id as gradebook_ce_type_id',
        'g.view_count',
        'g.eval_taken_at',
        'g.started_at as gradebook_started_at',
        'g.ended_at',
        'g.created_at as gradebook_created_at',
        'c.completed_at',
        'c.score',
        'c.credits',
        'c.ce_type_id as completion_ce_type_id',
        'c.certificate_number',
        'a.local_day',
        's.id as seat_id',
        's.is_waiting',
        's.started_at as seat_started_at',
        'q.id as queue_id',
        'd.submitted',
        eb
          .selectFrom('podcast_plays as pp')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('pp.member_id', '=', 'm.id')
          .where('pp.podcast_id', '=', p.podcastId)
          .as('plays'),
      ])
      // The live room's seats left, in the same round trip (issue 21: one statement per poll),
      // from the class row's counter (kept by triggers, decision 0822): a surge's poll no
      // longer counts a thousand seats.
      .$if(kind.endsWith('seats'), (qb) =>
        qb.select((eb) =>
          eb.selectFrom('classes as sc').select('sc.seats_taken').where('sc.id', '=', p.classId).as('seated'),
        ),
      )
      // Read by session: the session and its member too, for acceptSession (domain/sessions.ts).
      .$if(kind.startsWith('session'), (qb) =>
        qb
          .select([
            sql<string>`ses.id`.as('sessionId'),
            sql<string>`ses.last_used_at`.as('last_used_at'),
            sql<string | null>`ses.second_factor_at`.as('secondFactorAt'),
            'm.id',
            'm.hash',
            'm.role',
            'm.username',
            'm.firstname',
            'm.lastname',
            'm.email',
            'm.erased_at',
          ])
          .where(sql.ref<string>('ses.token_hash'), '=', p.tokenHash),
      )
      .$if(!kind.startsWith('session'), (qb) => qb.where('m.id', '=', p.memberId)),
);

/**
 * Which rows the learner query reads: a class's, a class's with its seats taken (a live class
 * with a capacity, for its seats left), or a podcast episode's; by member id, or (the live
 * room's poll) by the session's token hash, with the session, in the same statement.
 */
type TLearnerShape = 'class' | 'class-seats' | 'podcast' | 'session-class' | 'session-class-seats';

/**
 * The learner query's first table: the member, or for a session shape the session joined to
 * its member. Both are typed as the member alone; the session's columns are named by raw
 * references where the session shape selects them.
 */
function membersOrSessions(db: TDb, kind: TLearnerShape) {
  const members = db.selectFrom('members as m');
  if (!kind.startsWith('session')) return members;
  return db
    .selectFrom('sessions as ses')
    .innerJoin('members as m', 'm.id', 'ses.member_id') as unknown as typeof members;
}

export async function selectLearnerRows(
  db: TDb,
  memberId: string,
  target: TTarget,
  localDay: string | null,
  options: { withSeated?: boolean } = {},
) {
  const classId = 'classId' in target ? target.classId : null;
  const podcastId = 'podcastId' in target ? target.podcastId : null;
  const shape = classId ? (options.withSeated ? 'class-seats' : 'class') : 'podcast';
  const [rows] = await learnerRowsQuery(db, shape, {
    memberId,
    tokenHash: null,
    classId,
    podcastId,
    localDay,
  });
  if (!rows) throw new Error(`member ${memberId} not found`);
  return rows;
}
export type TLearnerRows = Awaited<ReturnType<typeof selectLearnerRows>>;

/**
 * The live room's poll in one statement (issue 21): the session of a token hash with its
 * member, and the member's rows on a class (with its seats taken when withSeated); undefined
 * when no session has that hash.
 */
export async function selectSessionLearnerRows(
  db: TDb,
  tokenHash: string,
  classId: string,
  localDay: string | null,
  options: { withSeated?: boolean } = {},
) {
  const [rows] = await learnerRowsQuery(db, options.withSeated ? 'session-class-seats' : 'session-class', {
    memberId: null,
    tokenHash,
    classId,
    podcastId: null,
    localDay,
  });
  return rows;
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
  const attended = values.attended ? 1 : 0;
  // The same answer again (a queued confirmation delivered twice, decision 1176) keeps the time of the first.
  await db
    .updateTable('gradebook')
    .set((eb) => ({
      attended,
      ended_at: eb
        .case()
        .when(eb.or([eb('ended_at', 'is', null), eb('attended', 'is', null), eb('attended', '<>', attended)]))
        .then(values.at)
        .else(eb.ref('ended_at'))
        .end(),
      ce_type_id: values.ceTypeId,
    }))
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
