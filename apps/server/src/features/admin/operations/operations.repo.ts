import { sql, type Kysely, type Transaction } from 'kysely';
import { ClassType } from '@opence/shared';
import type { EVALUATION_QUESTIONS } from '@opence/shared/schemas';
import { classEndIso } from '../../../db/dialect/class-end.ts';
import type { TDialectName } from '../../../db/dialect/index.ts';
import type { DB } from '../../../db/types.ts';
import { matching } from '../authoring/authoring.repo.ts';

/*
 * Queries of the staff console's operations: dashboard counts, seat lists, evaluation results,
 * sponsor reports, members, the mail outbox and the audit log.
 */

type TDb = Kysely<DB> | Transaction<DB>;

const countOf = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);

// Dashboard

export function selectUpcomingLive(db: TDb, dialect: TDialectName, now: string, limit: number) {
  return db
    .selectFrom('classes')
    .select(['id', 'title', 'release_at', 'capacity'])
    .where('type_id', '=', ClassType.LIVE)
    .where(classEndIso(dialect), '>', now)
    .orderBy('release_at')
    .limit(limit)
    .execute();
}

/** Seats and waitlist places per class. */
export async function selectSeatCounts(db: TDb, classIds: string[]) {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('seats')
    .select(['class_id', 'is_waiting', (eb) => eb.fn.countAll<number>().as('n')])
    .where('class_id', 'in', classIds)
    .groupBy(['class_id', 'is_waiting'])
    .execute();
}

export function countMembersSince(db: TDb, since: string) {
  return countOf(
    db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'member')
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
  );
}

export function countCompletionsSince(db: TDb, since: string) {
  return countOf(
    db
      .selectFrom('completions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('completed_at', '>=', since)
      .executeTakeFirstOrThrow(),
  );
}

export function selectOutboxCounts(db: TDb) {
  return db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['pending', 'sending', 'failed'])
    .groupBy('status')
    .execute();
}

export function selectSetting(db: TDb, key: string) {
  return db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
}

export function selectLastAgdSubmission(db: TDb) {
  return db
    .selectFrom('agd_submissions')
    .select(['id', 'created_at', 'row_count'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// Classes: seats, recording, evaluations

export function selectClass(db: TDb, classId: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'title', 'type_id', 'release_at', 'duration_min', 'capacity'])
    .where('id', '=', classId)
    .executeTakeFirst();
}

export function selectSeatList(db: TDb, classId: string) {
  return db
    .selectFrom('seats')
    .innerJoin('members', 'members.id', 'seats.member_id')
    .select([
      'members.username',
      'members.firstname',
      'members.lastname',
      'members.email',
      'seats.created_at',
      'seats.is_waiting',
      'seats.privacy_optin',
      'seats.started_at',
      'seats.attended',
    ])
    .where('seats.class_id', '=', classId)
    .orderBy('seats.is_waiting')
    .orderBy('seats.created_at')
    .orderBy('seats.id')
    .execute();
}

export async function attachRecording(
  db: TDb,
  classId: string,
  recording: { youtubeUrl: string | null; videoUrl: string | null },
  at: string,
) {
  await db
    .updateTable('classes')
    .set({
      type_id: ClassType.PRODUCED_PLAYBACK,
      youtube_url: recording.youtubeUrl,
      video_url: recording.videoUrl,
      recording_attached_at: at,
      updated_at: at,
    })
    .where('id', '=', classId)
    .execute();
}

export function selectTitle(db: TDb, table: 'classes' | 'podcasts', id: string) {
  return db.selectFrom(table).select('title').where('id', '=', id).executeTakeFirst();
}

const EVALUATION_COLUMNS = {
  courseObjectives: 'course_objectives',
  courseUseful: 'course_useful',
  courseAppropriate: 'course_appropriate',
  courseLogical: 'course_logical',
  instructorCommunication: 'instructor_communication',
  instructorPreparedness: 'instructor_preparedness',
  instructorEffectiveness: 'instructor_effectiveness',
  sitePresentation: 'site_presentation',
  siteNavigation: 'site_navigation',
  siteComparison: 'site_comparison',
} as const satisfies Record<(typeof EVALUATION_QUESTIONS)[number]['question'], string>;

/** The number of evaluations and the average of each rating. */
export async function selectEvaluationAverages(db: TDb, column: 'class_id' | 'podcast_id', id: string) {
  const row = await db
    .selectFrom('evaluations')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      ...Object.entries(EVALUATION_COLUMNS).map(([name, col]) => eb.fn.avg<number | null>(col).as(name)),
    ])
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return row as unknown as Record<keyof typeof EVALUATION_COLUMNS | 'n', number | string | null>;
}

export function selectEvaluationComments(
  db: TDb,
  column: 'class_id' | 'podcast_id',
  id: string,
  limit: number,
) {
  return db
    .selectFrom('evaluations')
    .select(['created_at', 'comments', 'other_topics'])
    .where(column, '=', id)
    .where((eb) => eb.or([eb('comments', '!=', ''), eb('other_topics', '!=', '')]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

// Sponsor reports

export function selectCompanies(db: TDb) {
  return db.selectFrom('companies').select(['id', 'name']).orderBy('name').execute();
}

export function selectCompany(db: TDb, id: string) {
  return db.selectFrom('companies').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** Rows per company of each sponsor report. */
export async function selectSponsorCounts(db: TDb) {
  const [videos, surveys, adLeads, ebooks, optins] = await Promise.all([
    db
      .selectFrom('sponsor_video_answers as a')
      .innerJoin('sponsor_videos as v', 'v.id', 'a.sponsor_video_id')
      .select(['v.company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('v.company_id')
      .execute(),
    db
      .selectFrom('survey_answers as a')
      .innerJoin('surveys as s', 's.id', 'a.survey_id')
      .select(['s.company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('s.company_id')
      .execute(),
    db
      .selectFrom('ad_leads as l')
      .innerJoin('ads', 'ads.id', 'l.ad_id')
      .select(['ads.company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('ads.company_id')
      .execute(),
    db
      .selectFrom('ebook_requests as r')
      .innerJoin('ebooks as e', 'e.id', 'r.ebook_id')
      .select(['e.company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('e.company_id')
      .execute(),
    db
      .selectFrom('seats')
      .innerJoin('classes', 'classes.id', 'seats.class_id')
      .select(['classes.company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('seats.privacy_optin', '=', 1)
      .groupBy('classes.company_id')
      .execute(),
  ]);
  return { videos, surveys, leads: [...adLeads, ...ebooks, ...optins] };
}

const CONTACT = [
  'm.username',
  'm.title',
  'm.firstname',
  'm.lastname',
  'm.email',
  'm.office_name',
  'm.job_title',
  'm.phone',
  'm.city',
  'm.state',
  'm.zip',
] as const;

export function selectSponsorVideoAnswers(db: TDb, companyId: string) {
  return db
    .selectFrom('sponsor_video_answers as a')
    .innerJoin('sponsor_videos as v', 'v.id', 'a.sponsor_video_id')
    .leftJoin('classes as c', 'c.id', 'a.class_id')
    .leftJoin('members as m', 'm.id', 'a.member_id')
    .select(['a.created_at', 'a.answer', 'v.headline', 'c.title as class_title', 'm.erased_at', ...CONTACT])
    .where('v.company_id', '=', companyId)
    .orderBy('a.created_at')
    .execute();
}

export function selectSurveyAnswers(db: TDb, companyId: string) {
  return db
    .selectFrom('survey_answers as a')
    .innerJoin('surveys as s', 's.id', 'a.survey_id')
    .innerJoin('survey_questions as q', 'q.id', 'a.question_id')
    .leftJoin('classes as c', 'c.id', 'a.class_id')
    .select([
      'a.created_at',
      'a.member_id',
      'a.session_hash',
      'a.choice_hashes',
      's.id as survey_id',
      's.title as survey_title',
      'q.question',
      'c.title as class_title',
    ])
    .where('s.company_id', '=', companyId)
    .orderBy('a.created_at')
    .execute();
}

export function selectSurveyChoiceLabels(db: TDb, companyId: string) {
  return db
    .selectFrom('survey_choices as ch')
    .innerJoin('survey_questions as q', 'q.id', 'ch.question_id')
    .innerJoin('surveys as s', 's.id', 'q.survey_id')
    .select(['ch.hash', 'ch.label'])
    .where('s.company_id', '=', companyId)
    .execute();
}

/** Mobile ad e-mails, eBook requests and privacy opt-ins given to one sponsor, oldest first. */
export async function selectLeads(db: TDb, companyId: string) {
  const [adLeads, ebooks, optins] = await Promise.all([
    db
      .selectFrom('ad_leads as l')
      .innerJoin('ads', 'ads.id', 'l.ad_id')
      .leftJoin('members as m', 'm.id', 'l.member_id')
      .select(['l.created_at', 'ads.title as item', 'l.email as lead_email', 'm.erased_at', ...CONTACT])
      .where('ads.company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('ebook_requests as r')
      .innerJoin('ebooks as e', 'e.id', 'r.ebook_id')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .select(['r.created_at', 'e.title as item', 'm.erased_at', ...CONTACT])
      .where('e.company_id', '=', companyId)
      .execute(),
    db
      .selectFrom('seats')
      .innerJoin('classes as c', 'c.id', 'seats.class_id')
      .innerJoin('members as m', 'm.id', 'seats.member_id')
      .select(['seats.created_at', 'c.title as item', 'm.erased_at', ...CONTACT])
      .where('c.company_id', '=', companyId)
      .where('seats.privacy_optin', '=', 1)
      .execute(),
  ]);
  return { adLeads, ebooks, optins };
}

// Members

const FULL_NAME = sql<string>`coalesce(firstname, '') || ' ' || coalesce(lastname, '')`;

export async function selectMembersPage(db: TDb, q: string | undefined, offset: number, limit: number) {
  let query = db.selectFrom('members');
  if (q) query = query.where(matching(['username_key', 'email_key', FULL_NAME], q));
  const total = await countOf(
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
  const rows = await query
    .select([
      'id',
      'username',
      'email',
      'firstname',
      'lastname',
      'role',
      'agd_number',
      'created_at',
      'erased_at',
      'phone',
      'office_name',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total };
}

export function selectMember(db: TDb, id: string) {
  return db
    .selectFrom('members')
    .select([
      'id',
      'username',
      'email',
      'firstname',
      'lastname',
      'role',
      'agd_number',
      'created_at',
      'erased_at',
      'phone',
      'office_name',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function selectMemberCompletions(db: TDb, memberId: string) {
  return db
    .selectFrom('completions')
    .leftJoin('classes', 'classes.id', 'completions.class_id')
    .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .select([
      'completions.id',
      'completions.class_id',
      'completions.completed_at',
      'completions.credits',
      'completions.ce_type_id',
      'completions.certificate_number',
      'completions.agd_submitted_at',
      'classes.title as class_title',
      'classes.hash as class_hash',
      'podcasts.title as podcast_title',
      'podcasts.hash as podcast_hash',
    ])
    .where('completions.member_id', '=', memberId)
    .orderBy('completions.completed_at', 'desc')
    .execute();
}

/** A completion with its holder, as a certificate re-send needs them. */
export function selectCompletion(db: TDb, id: string) {
  return db
    .selectFrom('completions')
    .innerJoin('members', 'members.id', 'completions.member_id')
    .leftJoin('classes', 'classes.id', 'completions.class_id')
    .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .select([
      'completions.id',
      'completions.member_id',
      'members.hash as member_hash',
      'members.role',
      'members.username',
      'members.firstname',
      'members.lastname',
      'members.email',
      'members.erased_at',
      'classes.hash as class_hash',
      'podcasts.hash as podcast_hash',
      'classes.title as class_title',
      'podcasts.title as podcast_title',
    ])
    .where('completions.id', '=', id)
    .executeTakeFirst();
}

// Mail outbox

const MAIL_COLUMNS = [
  'id',
  'to_address',
  'subject',
  'kind',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
] as const;

export async function selectOutboxPage(
  db: TDb,
  filter: { status?: 'pending' | 'sending' | 'sent' | 'failed' | undefined; q?: string | undefined },
  offset: number,
  limit: number,
) {
  let query = db.selectFrom('mail_outbox');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.q) query = query.where(matching(['to_address', 'subject', 'kind'], filter.q));
  const total = await countOf(
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
  const rows = await query
    .select(MAIL_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total };
}

export function selectMail(db: TDb, id: string) {
  return db
    .selectFrom('mail_outbox')
    .select([...MAIL_COLUMNS, 'text_body', 'html_body', 'attachments', 'headers', 'template', 'facts'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Everything a mail is made of, to send it again. */
export function selectMailToResend(db: TDb, id: string) {
  return db
    .selectFrom('mail_outbox')
    .select([
      'to_address',
      'subject',
      'text_body',
      'html_body',
      'attachments',
      'headers',
      'kind',
      'template',
      'facts',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A failed mail back to pending with a fresh retry budget; 0 when it was not failed. */
export async function retryFailedMail(db: TDb, id: string, now: string) {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// Audit log

export async function selectAuditPage(db: TDb, q: string | undefined, offset: number, limit: number) {
  let query = db.selectFrom('audit_log').leftJoin('members', 'members.id', 'audit_log.actor_id');
  if (q)
    query = query.where(
      matching(['audit_log.entity', 'audit_log.action', 'audit_log.entity_id', 'members.username_key'], q),
    );
  const total = await countOf(
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
  const rows = await query
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.detail',
      'members.username',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total };
}
