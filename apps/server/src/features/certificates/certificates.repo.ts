import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A completion with everything its certificate shows: member, course, speaker, sponsor. */
function completionQuery(db: TDb) {
  return (
    db
      .selectFrom('completions')
      .innerJoin('members', 'members.id', 'completions.member_id')
      .leftJoin('exam_attempts', 'exam_attempts.id', 'completions.exam_attempt_id')
      .leftJoin('classes', 'classes.id', 'completions.class_id')
      .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
      .leftJoin('speakers as class_speakers', 'class_speakers.id', 'classes.speaker_id')
      .leftJoin('speakers as podcast_speakers', 'podcast_speakers.id', 'podcasts.speaker_id')
      .leftJoin('companies as class_companies', 'class_companies.id', 'classes.company_id')
      .leftJoin('companies as podcast_companies', 'podcast_companies.id', 'podcasts.company_id')
      // An in-person event's class (issue 25): its place, and attendance verified by its claim code.
      .leftJoin('in_person_events', 'in_person_events.class_id', 'completions.class_id')
      .select([
        'completions.id',
        'completions.member_id',
        'completions.completed_at',
        'completions.credits',
        'completions.ce_type_id',
        'completions.agd_code',
        'completions.certificate_number',
        'completions.certificate_issues',
        'completions.delivery',
        'completions.licence_choice',
        'completions.evidence',
        'exam_attempts.local_day',
        'members.firstname',
        'members.lastname',
        'members.email',
        'members.agd_number',
        'members.time_zone',
        'members.erased_at',
        'classes.type_id as class_type_id',
        'classes.release_at as class_release_at',
        'classes.agd_category',
        'classes.ca_course_number',
        'classes.learning_objectives',
        'classes.is_ca_dental_board',
        'in_person_events.place as event_place',
      ])
      .select((eb) => [
        eb.fn.coalesce('classes.title', 'podcasts.title').as('title'),
        eb.fn.coalesce('classes.course_number', 'podcasts.course_number').as('course_number'),
        eb.fn.coalesce('classes.description', 'podcasts.description').as('description'),
        eb.fn.coalesce('class_speakers.name', 'podcast_speakers.name').as('speaker_name'),
        eb.fn
          .coalesce('class_speakers.credentials', 'podcast_speakers.credentials')
          .as('speaker_credentials'),
        eb.fn.coalesce('class_companies.name', 'podcast_companies.name').as('company_name'),
        eb.fn.coalesce('completions.class_id', 'completions.podcast_id').as('course_id'),
      ])
  );
}
export type TCompletionRow = NonNullable<Awaited<ReturnType<typeof selectCompletionByNumber>>>;

/** The completion a certificate number belongs to. */
export async function selectCompletionByNumber(db: TDb, certificateNumber: string) {
  return completionQuery(db)
    .where('completions.certificate_number', '=', certificateNumber)
    .executeTakeFirst();
}

/** The member's completion of a class or podcast episode, by its hash or slug. */
export async function selectMemberCompletion(db: TDb, memberId: string, ref: { c?: string; p?: string }) {
  const query = completionQuery(db).where('completions.member_id', '=', memberId);
  return (
    ref.c
      ? query.where((eb) => eb.or([eb('classes.hash', '=', ref.c!), eb('classes.slug', '=', ref.c!)]))
      : query.where((eb) => eb.or([eb('podcasts.hash', '=', ref.p!), eb('podcasts.slug', '=', ref.p!)]))
  ).executeTakeFirst();
}

/** One of the member's completions by its id (the CE tracker's audit pack); another member's id finds nothing. */
export async function selectCompletionOfMember(db: TDb, memberId: string, completionId: string) {
  return completionQuery(db)
    .where('completions.member_id', '=', memberId)
    .where('completions.id', '=', completionId)
    .executeTakeFirst();
}

/** Counts one more mailed delivery of a certificate; returns the count, so the first one is the original. */
export async function countCertificateIssue(db: TDb, completionId: string): Promise<number> {
  const row = await db
    .updateTable('completions')
    .set((eb) => ({ certificate_issues: eb('certificate_issues', '+', 1) }))
    .where('id', '=', completionId)
    .returning('certificate_issues')
    .executeTakeFirstOrThrow();
  return row.certificate_issues;
}

/** Every completion of a member for the CE transcript, oldest first. */
export async function selectTranscriptRows(db: TDb, memberId: string) {
  return completionQuery(db)
    .where('completions.member_id', '=', memberId)
    .orderBy('completions.completed_at')
    .execute();
}

export async function selectMember(db: TDb, memberId: string) {
  return db
    .selectFrom('members')
    .select(['firstname', 'lastname', 'email', 'agd_number', 'time_zone'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/**
 * The member's licences (the CE tracker's list, the one licence model: decision 1045) with the
 * providers their board accepts, as its rule records them.
 */
export async function selectMemberLicences(db: TDb, memberId: string) {
  return db
    .selectFrom('tracker_licences')
    .leftJoin('tracker_rules', (join) =>
      join
        .onRef('tracker_rules.state', '=', 'tracker_licences.state')
        .onRef('tracker_rules.licence_type', '=', 'tracker_licences.licence_type'),
    )
    .select([
      'tracker_licences.id',
      'tracker_licences.state',
      'tracker_licences.licence_type',
      'tracker_licences.licence_number',
      'tracker_rules.accepted_providers',
    ])
    .where('tracker_licences.member_id', '=', memberId)
    .orderBy('tracker_licences.created_at')
    .orderBy('tracker_licences.id')
    .execute();
}
export type TMemberLicenceRow = Awaited<ReturnType<typeof selectMemberLicences>>[number];

/** The licences a certificate names, as the member chose them (JSON ids). */
export async function updateLicenceChoice(db: TDb, completionId: string, licenceIds: readonly string[]) {
  await db
    .updateTable('completions')
    .set({ licence_choice: JSON.stringify(licenceIds) })
    .where('id', '=', completionId)
    .execute();
}
