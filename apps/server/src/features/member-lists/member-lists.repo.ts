import type { Kysely, SelectQueryBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { DB } from '../../db/types.ts';
import { SESSION_COLUMNS } from '../../domain/sessions.ts';

/*
 * The member lists' queries. Every query is scoped to one member (member_id = the caller), and
 * each list's count and page are built from the same base query, so totalRows always equals
 * the rows the pages hold.
 */

export type TWindow = { offset: number; limit: number };

/** A member: by id, or (one statement per call, issue 21) as the member of a session's token hash. */
type TMemberRef = string | SelectQueryBuilder<DB, 'sessions', { member_id: string }>;

/** The number of rows a list's base query selects. */
async function countOf<TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The columns of a class every class row of these lists shows (speakers and companies left-joined). */
const CLASS_COLUMNS = [
  'classes.hash',
  'classes.title',
  'classes.photo',
  'classes.release_at',
  'speakers.name as speaker_name',
  'companies.name as company_name',
] as const;
/** The class's own credits, where no completion says what was earned. */
const CLASS_CREDIT_COLUMNS = ['classes.credits', 'classes.ce_type_id'] as const;

// Watch Later (01 §2): the member's queued classes that are still published.
const queueBase = (db: Kysely<DB>, memberId: string) =>
  db
    .selectFrom('queue_items')
    .innerJoin('classes', 'classes.id', 'queue_items.class_id')
    .where('queue_items.member_id', '=', memberId)
    .where('classes.is_published', '=', 1);

export const countQueue = (db: Kysely<DB>, memberId: string) => countOf(queueBase(db, memberId));

/** A page of the member's Watch Later list, most recently added first. */
export async function selectQueuePage(db: Kysely<DB>, memberId: string, window: TWindow) {
  return queueBase(db, memberId)
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .select([...CLASS_COLUMNS, ...CLASS_CREDIT_COLUMNS, 'queue_items.id as queue_id'])
    .orderBy('queue_items.created_at', 'desc')
    .orderBy('queue_items.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * CE in Progress (decision 0501): published classes with an exam that the member viewed (or, for
 * a live class, started) and has not completed.
 */
const pendingBase = (db: Kysely<DB>, memberId: string) =>
  db
    .selectFrom('gradebook')
    .innerJoin('classes', 'classes.id', 'gradebook.class_id')
    .innerJoin('exams', 'exams.class_id', 'classes.id')
    .where('gradebook.member_id', '=', memberId)
    .where('classes.is_published', '=', 1)
    .where((eb) => eb.or([eb('gradebook.view_count', '>', 0), eb('gradebook.started_at', 'is not', null)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('completions')
            .select('completions.id')
            .whereRef('completions.class_id', '=', 'gradebook.class_id')
            .where('completions.member_id', '=', memberId),
        ),
      ),
    );

export const countPending = (db: Kysely<DB>, memberId: string) => countOf(pendingBase(db, memberId));

/** A page of the member's classes in progress, most recently viewed first. */
export async function selectPendingPage(db: Kysely<DB>, memberId: string, window: TWindow) {
  return pendingBase(db, memberId)
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .select((eb) => [
      ...CLASS_COLUMNS,
      ...CLASS_CREDIT_COLUMNS,
      eb.fn
        .coalesce('gradebook.last_viewed_at', 'gradebook.started_at', 'gradebook.created_at')
        .as('active_at'),
    ])
    .orderBy('active_at', 'desc')
    .orderBy('gradebook.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

// CE Completed (01 §2): the member's completions, a class or a podcast episode each. A completion
// made by claiming an in-person event (its event_claims row) is filed under In-person, not among
// the classes (issue 36, docs/decisions/1051).
const completedClassesBase = (db: Kysely<DB>, memberId: TMemberRef) =>
  db
    .selectFrom('completions')
    .innerJoin('classes', 'classes.id', 'completions.class_id')
    .where('completions.member_id', '=', memberId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('event_claims')
            .select('event_claims.event_id')
            .whereRef('event_claims.member_id', '=', 'completions.member_id')
            .whereRef('event_claims.completion_id', '=', 'completions.id'),
        ),
      ),
    );

/** The member's claimed in-person events (issue 36): a claim, its completion, its event and class. */
const completedInPersonBase = (db: Kysely<DB>, memberId: string) =>
  db
    .selectFrom('event_claims')
    .innerJoin('completions', 'completions.id', 'event_claims.completion_id')
    .innerJoin('in_person_events', 'in_person_events.id', 'event_claims.event_id')
    .innerJoin('classes', 'classes.id', 'in_person_events.class_id')
    .where('event_claims.member_id', '=', memberId);

export const countCompletedInPerson = (db: Kysely<DB>, memberId: string) =>
  countOf(completedInPersonBase(db, memberId));

/** A page of the member's claimed in-person events, newest claim first. */
export async function selectCompletedInPersonPage(db: Kysely<DB>, memberId: string, window: TWindow) {
  return completedInPersonBase(db, memberId)
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .select([
      'classes.hash',
      'classes.title',
      'classes.photo',
      'classes.release_at',
      'in_person_events.place',
      'speakers.name as speaker_name',
      'completions.credits',
      'completions.agd_code',
      'completions.certificate_number',
      'completions.agd_submitted_at',
      'event_claims.created_at as claimed_at',
    ])
    .orderBy('event_claims.created_at', 'desc')
    .orderBy('completions.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

const completedPodcastsBase = (db: Kysely<DB>, memberId: string) =>
  db
    .selectFrom('completions')
    .innerJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .innerJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
    .where('completions.member_id', '=', memberId);

export const countCompletedClasses = (db: Kysely<DB>, memberId: string) =>
  countOf(completedClassesBase(db, memberId));
export const countCompletedPodcasts = (db: Kysely<DB>, memberId: string) =>
  countOf(completedPodcastsBase(db, memberId));

/** The page query of selectCompletedClassesPage, by member id or by the member of a session. */
const completedClassesPageQuery = (db: Kysely<DB>, memberId: TMemberRef, window: TWindow) =>
  completedClassesBase(db, memberId)
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .leftJoin('exam_attempts', 'exam_attempts.id', 'completions.exam_attempt_id')
    .select([
      'completions.completed_at',
      'completions.credits',
      'completions.ce_type_id',
      'completions.agd_code',
      'completions.certificate_number',
      'completions.agd_submitted_at',
      'exam_attempts.local_day',
      ...CLASS_COLUMNS,
      'classes.description',
      'classes.agd_code as class_agd_code',
      'classes.agd_category',
      'classes.is_ca_dental_board',
      'classes.ca_course_number',
      'completions.id as completion_id',
    ])
    .orderBy('completions.completed_at', 'desc')
    .orderBy('completions.id', 'desc')
    .limit(window.limit)
    .offset(window.offset);

/** A page of the member's completed classes, newest completion first. */
export async function selectCompletedClassesPage(db: Kysely<DB>, memberId: string, window: TWindow) {
  return completedClassesPageQuery(db, memberId, window).execute();
}

/**
 * GET /api/completed-webinars in one statement (issue 21), as the live room's poll reads its
 * rows: the session of a token hash with its member (SESSION_COLUMNS, for acceptSession) and
 * the member's time zone, the count of the member's completed classes, and the page asked for,
 * one row per completion, or one row without a completion when the page is empty; no row when
 * no session has the hash. The count and the page name the member by a subquery on the token
 * hash that does not depend on the outer row, so each engine runs it once (PostgreSQL as an
 * init plan) rather than once per row.
 */
const sessionCompletedClassesQuery = compiledOnce(
  // The page size is the shape, not a value: SQLite's dialect writes a LIMIT into the text
  // only when it is a number at build time (decision 0814), and plans a bound one at every run.
  (db, limit: `${number}`, p: { tokenHash: string; offset: number }) => {
    const kysely = db as Kysely<DB>;
    const sessionMember = kysely
      .selectFrom('sessions')
      .select('sessions.member_id')
      .where('sessions.token_hash', '=', p.tokenHash);
    const page = completedClassesPageQuery(kysely, sessionMember, {
      limit: Number(limit),
      offset: p.offset,
    }).as('p');
    return kysely
      .selectFrom('sessions as ses')
      .innerJoin('members as m', 'm.id', 'ses.member_id')
      .leftJoin(page, (join) => join.onTrue())
      .select([...SESSION_COLUMNS, 'm.time_zone as session_time_zone'])
      .select(
        completedClassesBase(kysely, sessionMember)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .as('total_rows'),
      )
      .selectAll('p')
      .where('ses.token_hash', '=', p.tokenHash)
      .orderBy('p.completed_at', 'desc')
      .orderBy('p.completion_id', 'desc');
  },
);

/**
 * The session of a token hash (undefined when none) with its member's time zone, the number of
 * the member's completed classes and the page of them at `window` (empty beyond the last).
 */
export async function selectSessionCompletedClasses(db: Kysely<DB>, tokenHash: string, window: TWindow) {
  const rows = await sessionCompletedClassesQuery(db, `${window.limit}`, {
    tokenHash,
    offset: window.offset,
  });
  const [first] = rows;
  if (!first) return undefined;
  type TPageRow = Awaited<ReturnType<typeof selectCompletedClassesPage>>[number];
  return {
    session: first,
    timeZone: first.session_time_zone,
    totalRows: Number(first.total_rows ?? 0),
    // A row with a completion has every column of the page (the completion's are not null).
    rows: rows.filter((row) => row.completion_id !== null) as TPageRow[],
  };
}

/** A page of the member's completed podcast episodes, newest completion first. */
export async function selectCompletedPodcastsPage(db: Kysely<DB>, memberId: string, window: TWindow) {
  return completedPodcastsBase(db, memberId)
    .leftJoin('exam_attempts', 'exam_attempts.id', 'completions.exam_attempt_id')
    .select([
      'completions.completed_at',
      'completions.credits',
      'completions.ce_type_id',
      'completions.certificate_number',
      'completions.agd_submitted_at',
      'exam_attempts.local_day',
      'podcasts.hash',
      'podcasts.title',
      'podcasts.description',
      'podcasts.photo',
      'podcast_shows.hash as show_hash',
      'podcast_shows.photo as show_photo',
    ])
    .orderBy('completions.completed_at', 'desc')
    .orderBy('completions.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** The member's time zone (for a completion without an exam attempt's local day) and AGD number. */
export async function selectMemberFacts(db: Kysely<DB>, memberId: string) {
  return db
    .selectFrom('members')
    .select(['time_zone', 'agd_number'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/**
 * Viewed Tutorials (01 §2): published product tutorials the member viewed, by a class view or a
 * gradebook row with views (either may exist alone: staff may prune class_views).
 */
const tutorialHistoryBase = (db: Kysely<DB>, memberId: string) =>
  db
    .selectFrom('classes')
    .where('classes.is_tutorial', '=', 1)
    .where('classes.is_published', '=', 1)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('class_views')
            .select('class_views.id')
            .whereRef('class_views.class_id', '=', 'classes.id')
            .where('class_views.member_id', '=', memberId),
        ),
        eb.exists(
          eb
            .selectFrom('gradebook')
            .select('gradebook.id')
            .whereRef('gradebook.class_id', '=', 'classes.id')
            .where('gradebook.member_id', '=', memberId)
            .where('gradebook.view_count', '>', 0),
        ),
      ]),
    );

export const countTutorialHistory = (db: Kysely<DB>, memberId: string) =>
  countOf(tutorialHistoryBase(db, memberId));

/** A page of the member's viewed tutorials, most recently viewed first. */
export async function selectTutorialHistoryPage(db: Kysely<DB>, memberId: string, window: TWindow) {
  return tutorialHistoryBase(db, memberId)
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .select((eb) => [
      ...CLASS_COLUMNS,
      ...CLASS_CREDIT_COLUMNS,
      eb.fn
        .coalesce(
          eb
            .selectFrom('class_views')
            .select((v) => v.fn.max('class_views.viewed_at').as('m'))
            .whereRef('class_views.class_id', '=', 'classes.id')
            .where('class_views.member_id', '=', memberId),
          eb
            .selectFrom('gradebook')
            .select('gradebook.last_viewed_at')
            .whereRef('gradebook.class_id', '=', 'classes.id')
            .where('gradebook.member_id', '=', memberId),
          'classes.release_at',
        )
        .as('viewed_at'),
    ])
    .orderBy('viewed_at', 'desc')
    .orderBy('classes.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
