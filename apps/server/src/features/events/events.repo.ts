import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, InPersonEventsTable, TNewClass } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** An event by its claim code, with its class, speaker and sponsor. */
export async function selectEventByCode(db: TDb, code: string) {
  return db
    .selectFrom('in_person_events')
    .innerJoin('classes', 'classes.id', 'in_person_events.class_id')
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .select([
      'in_person_events.id',
      'in_person_events.code',
      'in_person_events.place',
      'in_person_events.capacity',
      'in_person_events.is_scanning',
      'classes.id as class_id',
      'classes.hash as class_hash',
      'classes.title',
      'classes.release_at',
      'classes.credits',
      'classes.ce_type_id',
      'classes.agd_code',
      'classes.agd_category',
      'classes.course_number',
      'speakers.name as speaker_name',
      'companies.name as company_name',
    ])
    .where('in_person_events.code', '=', code)
    .executeTakeFirst();
}
export type TEventRow = NonNullable<Awaited<ReturnType<typeof selectEventByCode>>>;

export async function selectClaim(db: TDb, eventId: string, memberId: string) {
  return db
    .selectFrom('event_claims')
    .innerJoin('completions', 'completions.id', 'event_claims.completion_id')
    .select(['event_claims.created_at', 'completions.certificate_number'])
    .where('event_claims.event_id', '=', eventId)
    .where('event_claims.member_id', '=', memberId)
    .executeTakeFirst();
}

export async function countClaims(db: TDb, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('event_claims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The claim row; false when the member claimed this event already (a concurrent claim). */
export async function insertClaim(
  db: TDb,
  row: { event_id: string; member_id: string; completion_id: string; created_at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('event_claims')
    .values(row)
    .onConflict((oc) => oc.columns(['event_id', 'member_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function insertCompletion(
  db: TDb,
  row: {
    id: string;
    memberId: string;
    classId: string;
    credits: number;
    ceTypeId: number;
    agdCode: string | null;
    certificateNumber: string;
    at: string;
  },
): Promise<void> {
  // A claim is credit earned in person (issue 35): the certificate says so, and dates it by the event.
  await db
    .insertInto('completions')
    .values({
      id: row.id,
      member_id: row.memberId,
      class_id: row.classId,
      completed_at: row.at,
      score: 100,
      credits: row.credits,
      ce_type_id: row.ceTypeId,
      agd_code: row.agdCode,
      certificate_number: row.certificateNumber,
      delivery: 'in_person',
      created_at: row.at,
    })
    .execute();
}

/** The gradebook row of the event's class, so trackers and transcripts see it like any class. */
export async function insertGradebook(db: TDb, row: Insertable<DB['gradebook']>): Promise<void> {
  await db.insertInto('gradebook').values(row).execute();
}

export async function insertEventClass(
  db: TDb,
  cls: TNewClass,
  event: Insertable<InPersonEventsTable>,
): Promise<void> {
  await db.insertInto('classes').values(cls).execute();
  await db.insertInto('in_person_events').values(event).execute();
}

export async function isCodeTaken(db: TDb, code: string): Promise<boolean> {
  return (
    (await db.selectFrom('in_person_events').select('id').where('code', '=', code).executeTakeFirst()) !==
    undefined
  );
}

/** Every event (or the one with this id), newest first, with its claim count. */
export async function selectEvents(db: TDb, id?: string) {
  let query = db
    .selectFrom('in_person_events')
    .innerJoin('classes', 'classes.id', 'in_person_events.class_id')
    .select((eb) => [
      'in_person_events.id',
      'in_person_events.code',
      'in_person_events.place',
      'in_person_events.capacity',
      'classes.id as class_id',
      'classes.title',
      'classes.release_at',
      'classes.speaker_id',
      'classes.company_id',
      'classes.duration_min',
      'classes.description',
      'classes.credits',
      'classes.agd_code',
      'classes.agd_category',
      'classes.course_number',
      eb
        .selectFrom('event_claims')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('event_claims.event_id', '=', 'in_person_events.id')
        .as('claims'),
    ])
    .orderBy('classes.release_at', 'desc');
  if (id !== undefined) query = query.where('in_person_events.id', '=', id);
  return query.execute();
}

/** The claims of one event, oldest first, for staff and their CSV export. */
export async function selectEventClaims(db: TDb, eventId: string) {
  return db
    .selectFrom('event_claims')
    .innerJoin('members', 'members.id', 'event_claims.member_id')
    .innerJoin('completions', 'completions.id', 'event_claims.completion_id')
    .select([
      'members.firstname',
      'members.lastname',
      'members.email',
      'members.agd_number',
      'event_claims.created_at',
      'completions.certificate_number',
    ])
    .where('event_claims.event_id', '=', eventId)
    .orderBy('event_claims.created_at')
    .execute();
}

export async function selectEventById(db: TDb, id: string) {
  return db
    .selectFrom('in_person_events')
    .innerJoin('classes', 'classes.id', 'in_person_events.class_id')
    .select([
      'in_person_events.id',
      'in_person_events.code',
      'in_person_events.place',
      'classes.id as class_id',
      'classes.title',
      'classes.release_at',
      'classes.credits',
    ])
    .where('in_person_events.id', '=', id)
    .executeTakeFirst();
}

/** Whether a speaker and a company row exist (ids staff chose for an event). */
export async function rowExists(db: TDb, table: 'speakers' | 'companies', id: string): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** An event's class fields staff edit (the class row is the event's, never a catalog class). */
export async function updateEventClass(
  db: TDb,
  classId: string,
  cls: Pick<
    TNewClass,
    | 'title'
    | 'blurb'
    | 'description'
    | 'release_at'
    | 'duration_min'
    | 'credits'
    | 'speaker_id'
    | 'company_id'
    | 'agd_code'
    | 'agd_category'
    | 'course_number'
    | 'updated_at'
  >,
  event: Pick<Insertable<InPersonEventsTable>, 'place' | 'capacity'>,
  eventId: string,
): Promise<void> {
  await db.updateTable('classes').set(cls).where('id', '=', classId).execute();
  await db.updateTable('in_person_events').set(event).where('id', '=', eventId).execute();
}

// Topics: an event's topics are its class's topic tags (class_topics, issue 23), like any class.

/** The controlled topic list, in its order. */
export async function selectTopicOptions(db: TDb) {
  return db.selectFrom('tracker_topics').select(['code', 'label']).orderBy('sort').orderBy('code').execute();
}

/** The codes among these that the controlled list does not hold. */
export async function unknownTopics(db: TDb, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = new Set(
    (await db.selectFrom('tracker_topics').select('code').where('code', 'in', codes).execute()).map(
      (r) => r.code,
    ),
  );
  return codes.filter((c) => !known.has(c));
}

/** The topic tags of these classes, with their labels, in the list's order. */
export async function selectClassTopics(db: TDb, classIds: readonly string[]) {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('class_topics')
    .innerJoin('tracker_topics', 'tracker_topics.code', 'class_topics.topic_code')
    .select(['class_topics.class_id', 'class_topics.topic_code', 'tracker_topics.label'])
    .where('class_topics.class_id', 'in', classIds)
    .orderBy('tracker_topics.sort')
    .orderBy('tracker_topics.code')
    .execute();
}

/** Sets a class's topic tags to exactly these codes (in the caller's transaction). */
export async function replaceClassTopics(db: TDb, classId: string, codes: readonly string[]): Promise<void> {
  await db.deleteFrom('class_topics').where('class_id', '=', classId).execute();
  const unique = [...new Set(codes)];
  if (unique.length === 0) return;
  await db
    .insertInto('class_topics')
    .values(unique.map((topic_code) => ({ class_id: classId, topic_code })))
    .execute();
}

/**
 * The member's claim of the event whose class has this hash (issue 36): the event's code, the
 * claim and its completion's certificate; undefined when the member has not claimed it.
 */
export async function selectMemberClaimByClass(db: TDb, memberId: string, classHash: string) {
  return db
    .selectFrom('event_claims')
    .innerJoin('in_person_events', 'in_person_events.id', 'event_claims.event_id')
    .innerJoin('classes', 'classes.id', 'in_person_events.class_id')
    .innerJoin('completions', 'completions.id', 'event_claims.completion_id')
    .select([
      'in_person_events.code',
      'classes.duration_min',
      'classes.description',
      'event_claims.created_at',
      'completions.certificate_number',
    ])
    .where('event_claims.member_id', '=', memberId)
    .where('classes.hash', '=', classHash)
    .executeTakeFirst();
}

/** The member's profile zone (the claim window's dates are said in it). */
export async function selectMemberZone(db: TDb, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select('time_zone')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.time_zone ?? null;
}
