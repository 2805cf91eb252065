import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { CeType, ClassType, SELF_STUDY_CLASS_TYPES } from '@opence/shared';
import type {
  DB,
  TrackerCertificatesTable,
  TrackerLicencesTable,
  TrackerRemindersTable,
  TrackerRulesTable,
} from '../../db/types.ts';

/* The CE tracker's queries. Every member-owned row is reached through (id, member_id). */

type TDb = Kysely<DB> | Transaction<DB>;

// Licences -----------------------------------------------------------------------------------

export function selectLicences(db: TDb, memberId: string) {
  return db
    .selectFrom('tracker_licences')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type TLicenceRow = Awaited<ReturnType<typeof selectLicences>>[number];

export function selectLicence(db: TDb, memberId: string, id: string) {
  return db
    .selectFrom('tracker_licences')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('id', '=', id)
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
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteLicence(db: TDb, memberId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('tracker_licences')
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
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
    .executeTakeFirst();
}

/** Any member's certificate, for the staff console's audited look. */
export function selectAnyCertificate(db: TDb, id: string) {
  return db.selectFrom('tracker_certificates').selectAll().where('id', '=', id).executeTakeFirst();
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
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteCertificate(db: TDb, memberId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('tracker_certificates')
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// The site's own completions and the courses that could fill a gap ----------------------------

/** The member's completions here, with their class or episode, format and topic tags. */
export async function selectSiteCompletions(db: TDb, memberId: string) {
  const rows = await db
    .selectFrom('completions')
    .leftJoin('classes', 'classes.id', 'completions.class_id')
    .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .select([
      'completions.id',
      'completions.class_id',
      'completions.podcast_id',
      'completions.completed_at',
      'completions.credits',
      'completions.ce_type_id',
      'classes.title as class_title',
      'podcasts.title as podcast_title',
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
    completedAt: r.completed_at,
    credits: r.credits,
    live: r.ce_type_id === CeType.LIVE,
    topics: r.class_id
      ? classTopics.filter((t) => t.class_id === r.class_id).map((t) => t.topic_code)
      : podcastTopics.filter((t) => t.podcast_id === r.podcast_id).map((t) => t.topic_code),
  }));
}

const FREE_SELF_STUDY = SELF_STUDY_CLASS_TYPES.filter((t) => t !== ClassType.PREMIUM);

/**
 * Free published classes with credits that the member has not completed: on-demand ones
 * released by now, or live webinars still to start with a free seat. Tagged with `topic` when
 * given. Live ones first when `liveOnly`.
 */
export async function selectGapClasses(
  db: TDb,
  memberId: string,
  opts: { topic: string | null; liveOnly: boolean; now: string; limit: number },
) {
  let q = db
    .selectFrom('classes')
    .select([
      'classes.id',
      'classes.hash',
      'classes.title',
      'classes.credits',
      'classes.type_id',
      'classes.release_at',
      'classes.capacity',
    ])
    .select((eb) =>
      eb
        .selectFrom('seats')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('seats.class_id', '=', 'classes.id')
        .where('seats.is_waiting', '=', 0)
        .as('taken'),
    )
    .where('classes.is_published', '=', 1)
    .where('classes.is_tutorial', '=', 0)
    .where('classes.credits', '>', 0)
    .where((eb) => eb.or([eb('classes.price', 'is', null), eb('classes.price', '=', 0)]))
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
  const live = (eb: ExpressionBuilder<DB, 'classes'>) =>
    eb.and([
      eb('classes.type_id', '=', ClassType.LIVE),
      eb('classes.release_at', '>', opts.now),
      eb.or([
        eb('classes.capacity', 'is', null),
        eb(
          'classes.capacity',
          '>',
          eb
            .selectFrom('seats')
            .select((s) => s.fn.countAll<number>().as('n'))
            .whereRef('seats.class_id', '=', 'classes.id')
            .where('seats.is_waiting', '=', 0),
        ),
      ]),
    ]);
  q = opts.liveOnly
    ? q.where(live)
    : q.where((eb) =>
        eb.or([
          live(eb),
          eb.and([eb('classes.type_id', 'in', FREE_SELF_STUDY), eb('classes.release_at', '<=', opts.now)]),
        ]),
      );
  if (opts.topic) {
    const topic = opts.topic;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('class_topics')
          .select('class_topics.class_id')
          .whereRef('class_topics.class_id', '=', 'classes.id')
          .where('class_topics.topic_code', '=', topic),
      ),
    );
  }
  return q.orderBy('classes.release_at', 'desc').orderBy('classes.id').limit(opts.limit).execute();
}

/** Published episodes with credits, tagged with the topic, not completed by the member. */
export function selectGapPodcasts(
  db: TDb,
  memberId: string,
  opts: { topic: string; now: string; limit: number },
) {
  return db
    .selectFrom('podcasts')
    .innerJoin('podcast_shows', 'podcast_shows.id', 'podcasts.show_id')
    .innerJoin('podcast_topics', 'podcast_topics.podcast_id', 'podcasts.id')
    .select([
      'podcasts.id',
      'podcasts.hash',
      'podcasts.title',
      'podcasts.credits',
      'podcast_shows.hash as show_hash',
    ])
    .where('podcast_topics.topic_code', '=', opts.topic)
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
    )
    .orderBy('podcasts.release_at', 'desc')
    .orderBy('podcasts.id')
    .limit(opts.limit)
    .execute();
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
