import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import {
  ClassType,
  DEFAULT_TIME_ZONE,
  isDatedByEvent,
  localDayInZone,
  SELF_STUDY_CLASS_TYPES,
} from '@opence/shared';
import type {
  DB,
  TrackerCertificatesTable,
  TrackerLicencesTable,
  TrackerRemindersTable,
  TrackerRulesTable,
} from '../../db/types.ts';

/*
 * The CE tracker's queries. Every member-owned row is reached through (id, member_id). A deleted
 * licence or certificate (deleted_at set) is out of every read until it is restored within the
 * undo window; the purge job then removes it (issue 36).
 */

type TDb = Kysely<DB> | Transaction<DB>;

// Licences -----------------------------------------------------------------------------------

export function selectLicences(db: TDb, memberId: string) {
  return (
    db
      .selectFrom('tracker_licences')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      // By urgency: the period that ends first comes first (issue 36).
      .orderBy('period_end')
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  );
}
export type TLicenceRow = Awaited<ReturnType<typeof selectLicences>>[number];

export function selectLicence(db: TDb, memberId: string, id: string) {
  return db
    .selectFrom('tracker_licences')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertLicence(db: TDb, row: Insertable<TrackerLicencesTable>) {
  await db.insertInto('tracker_licences').values(row).execute();
}

export async function updateLicence(
  db: TDb,
  memberId: string,
  id: string,
  set: Updateable<TrackerLicencesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('tracker_licences')
    .set(set)
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks the licence deleted (restorable until the undo window passes). */
export async function deleteLicence(db: TDb, memberId: string, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('tracker_licences')
    .set({ deleted_at: at })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Restores a licence deleted at or after `since`; false when there is none to restore. */
export async function restoreLicence(db: TDb, memberId: string, id: string, since: string): Promise<boolean> {
  const r = await db
    .updateTable('tracker_licences')
    .set({ deleted_at: null })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', '>=', since)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The requirements marked done on these licences. */
export function selectChecks(db: TDb, licenceIds: readonly string[]) {
  if (licenceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tracker_licence_checks')
    .select(['licence_id', 'requirement_key', 'done_on'])
    .where('licence_id', 'in', [...licenceIds])
    .orderBy('requirement_key')
    .execute();
}
export type TCheckRow = Awaited<ReturnType<typeof selectChecks>>[number];

/** Marks a requirement done on a day (one row per licence and requirement: the last save wins). */
export async function upsertCheck(db: TDb, row: Insertable<DB['tracker_licence_checks']>) {
  await db
    .insertInto('tracker_licence_checks')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['licence_id', 'requirement_key'])
        .doUpdateSet({ done_on: row.done_on, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteCheck(db: TDb, licenceId: string, key: string) {
  await db
    .deleteFrom('tracker_licence_checks')
    .where('licence_id', '=', licenceId)
    .where('requirement_key', '=', key)
    .execute();
}

// Rules and topics ---------------------------------------------------------------------------

export function selectRule(db: TDb, state: string, licenceType: string) {
  return db
    .selectFrom('tracker_rules')
    .selectAll()
    .where('state', '=', state)
    .where('licence_type', '=', licenceType)
    .executeTakeFirst();
}
export type TRuleRow = NonNullable<Awaited<ReturnType<typeof selectRule>>>;

/** The console's list of rules, by state and licence type. */
export function selectRules(
  db: TDb,
  filter: { state?: string | undefined; licenceType?: string | undefined },
) {
  let q = db
    .selectFrom('tracker_rules')
    .select(['id', 'state', 'licence_type', 'total_hours', 'confidence', 'verified_on']);
  if (filter.state) q = q.where('state', '=', filter.state);
  if (filter.licenceType) q = q.where('licence_type', '=', filter.licenceType);
  return q.orderBy('state').orderBy('licence_type').execute();
}

/** One rule for the console, with the name of the staff member who verified it last. */
export function selectRuleById(db: TDb, id: string) {
  return db
    .selectFrom('tracker_rules')
    .leftJoin('members', 'members.id', 'tracker_rules.verified_by')
    .selectAll('tracker_rules')
    .select([
      'members.username as verifier_username',
      'members.firstname as verifier_firstname',
      'members.lastname as verifier_lastname',
    ])
    .where('tracker_rules.id', '=', id)
    .executeTakeFirst();
}

export async function updateRule(db: TDb, id: string, set: Updateable<TrackerRulesTable>): Promise<boolean> {
  const r = await db.updateTable('tracker_rules').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function selectTopics(db: TDb) {
  return db
    .selectFrom('tracker_topics')
    .select(['code', 'label', 'kind'])
    .orderBy('sort')
    .orderBy('code')
    .execute();
}

// Certificates -------------------------------------------------------------------------------

export function selectCertificates(db: TDb, memberId: string) {
  return db
    .selectFrom('tracker_certificates')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('completed_on', 'desc')
    .orderBy('id')
    .execute();
}
export type TCertificateRow = Awaited<ReturnType<typeof selectCertificates>>[number];

/** The bytes and files a member's uploads keep, leaving out one certificate's (the file it replaces). */
export async function selectStorageUse(db: TDb, memberId: string, exceptCertificateId: string | null = null) {
  let query = db
    .selectFrom('tracker_certificates')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes'),
      eb.fn.count<number>('storage_key').as('files'),
    ])
    .where('member_id', '=', memberId)
    .where('storage_key', 'is not', null);
  if (exceptCertificateId) query = query.where('id', '!=', exceptCertificateId);
  const row = await query.executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), files: Number(row.files) };
}

export function selectCertificate(db: TDb, memberId: string, id: string) {
  return db
    .selectFrom('tracker_certificates')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Any member's certificate, for the staff console's audited look. */
export function selectAnyCertificate(db: TDb, id: string) {
  return db
    .selectFrom('tracker_certificates')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertCertificate(db: TDb, row: Insertable<TrackerCertificatesTable>) {
  await db.insertInto('tracker_certificates').values(row).execute();
}

export async function updateCertificate(
  db: TDb,
  memberId: string,
  id: string,
  set: Updateable<TrackerCertificatesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('tracker_certificates')
    .set(set)
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks the certificate deleted; its file stays until the purge (the undo window). */
export async function deleteCertificate(db: TDb, memberId: string, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('tracker_certificates')
    .set({ deleted_at: at })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Restores a certificate deleted at or after `since`. */
export async function restoreCertificate(
  db: TDb,
  memberId: string,
  id: string,
  since: string,
): Promise<boolean> {
  const r = await db
    .updateTable('tracker_certificates')
    .set({ deleted_at: null })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', '>=', since)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// The purge after the undo window --------------------------------------------------------------

/** Certificates deleted before `before`, with their files, a batch at a time. */
export function selectPurgeableCertificates(db: TDb, before: string, limit: number) {
  return db
    .selectFrom('tracker_certificates')
    .select(['id', 'storage_key'])
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .orderBy('deleted_at')
    .limit(limit)
    .execute();
}

/** Removes one purgeable certificate's row; false when it was restored meanwhile. */
export async function purgeCertificate(db: TDb, id: string, before: string): Promise<boolean> {
  const r = await db
    .deleteFrom('tracker_certificates')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Removes the licences deleted before `before` (their reminders go by cascade). */
export async function purgeLicences(db: TDb, before: string): Promise<number> {
  const r = await db
    .deleteFrom('tracker_licences')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// The site's own completions and the courses that could fill a gap ----------------------------

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

// Deadline reminders ------------------------------------------------------------------------

/** Licences whose period ends between the two days, of members who have the reminders on. */
export function selectReminderLicences(db: TDb, fromDay: string, toDay: string) {
  return db
    .selectFrom('tracker_licences')
    .innerJoin('members', 'members.id', 'tracker_licences.member_id')
    .select([
      'tracker_licences.id',
      'tracker_licences.member_id',
      'tracker_licences.period_end',
      'members.hash as member_hash',
      'members.email',
      'members.firstname',
      'members.lastname',
    ])
    .where('tracker_licences.period_end', '>=', fromDay)
    .where('tracker_licences.period_end', '<=', toDay)
    .where('members.ce_reminders', '=', 1)
    .where('tracker_licences.deleted_at', 'is', null)
    .where('members.erased_at', 'is', null)
    .orderBy('tracker_licences.period_end')
    .orderBy('tracker_licences.id')
    .execute();
}

/** The one-click unsubscribe of the CE deadline reminders (issue 37 row 11): the profile's switch off. */
export async function turnCeRemindersOff(db: TDb, memberHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ ce_reminders: 0, updated_at: at })
    .where('hash', '=', memberHash)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function selectTrackerReminders(db: TDb, licenceIds: string[]) {
  return db
    .selectFrom('tracker_reminders')
    .select(['licence_id', 'period_end', 'kind'])
    .where('licence_id', 'in', licenceIds)
    .execute();
}

/** The claim: true when this insert made the row (so this caller sends the mail). */
export async function claimTrackerReminder(
  db: TDb,
  row: Insertable<TrackerRemindersTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('tracker_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['licence_id', 'period_end', 'kind']).doNothing())
    .returning('licence_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
