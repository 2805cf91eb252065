import { sql, type Kysely, type Transaction } from 'kysely';
import { CeType } from '@opence/shared';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A live webinar by id (the console's address) or hash, with its rule's columns. */
export async function selectWebinar(db: TDb, ref: string) {
  return db
    .selectFrom('classes')
    .select([
      'id',
      'title',
      'release_at',
      'duration_min',
      'credit_min_minutes',
      'credit_min_polls',
      'credit_below',
    ])
    .where((eb) => eb.or([eb('id', '=', ref), eb('hash', '=', ref)]))
    .where('ce_type_id', '=', CeType.LIVE)
    .executeTakeFirst();
}

export async function selectPolls(db: TDb, classId: string) {
  return db
    .selectFrom('webinar_polls')
    .select(['id', 'question', 'choices', 'opened_at', 'closed_at'])
    .where('class_id', '=', classId)
    .orderBy('position')
    .execute();
}

/** Answers per poll and choice: no attendee named. */
export async function countAnswers(db: TDb, classId: string) {
  return db
    .selectFrom('webinar_poll_answers')
    .innerJoin('webinar_polls', 'webinar_polls.id', 'webinar_poll_answers.poll_id')
    .select(['webinar_poll_answers.poll_id', 'webinar_poll_answers.choice'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('webinar_polls.class_id', '=', classId)
    .groupBy(['webinar_poll_answers.poll_id', 'webinar_poll_answers.choice'])
    .execute();
}

export async function selectPollClass(db: TDb, pollId: string) {
  return db
    .selectFrom('webinar_polls')
    .innerJoin('classes', 'classes.id', 'webinar_polls.class_id')
    .select(['webinar_polls.class_id', 'classes.hash', 'webinar_polls.opened_at'])
    .where('webinar_polls.id', '=', pollId)
    .executeTakeFirst();
}

export async function insertPoll(
  db: TDb,
  row: { id: string; classId: string; question: string; choices: string; at: string },
) {
  await db
    .insertInto('webinar_polls')
    .values((eb) => ({
      id: row.id,
      class_id: row.classId,
      question: row.question,
      choices: row.choices,
      position: eb
        .selectFrom('webinar_polls')
        .select(sql<number>`coalesce(max(position), 0) + 1`.as('p'))
        .where('class_id', '=', row.classId),
      created_at: row.at,
    }))
    .execute();
}

/** Changes a poll that was never opened; false once it was. */
export async function updateDraft(db: TDb, id: string, question: string, choices: string) {
  const result = await db
    .updateTable('webinar_polls')
    .set({ question, choices })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteDraft(db: TDb, id: string) {
  const result = await db
    .deleteFrom('webinar_polls')
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Opens a poll never opened, while no other poll of the webinar is open: the room shows one. */
export async function openPoll(db: TDb, id: string, classId: string, at: string) {
  const result = await db
    .updateTable('webinar_polls')
    .set({ opened_at: at })
    .where('id', '=', id)
    .where('opened_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webinar_polls as other')
            .select('other.id')
            .where('other.class_id', '=', classId)
            .where('other.opened_at', 'is not', null)
            .where('other.closed_at', 'is', null),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function closePoll(db: TDb, id: string, at: string) {
  const result = await db
    .updateTable('webinar_polls')
    .set({ closed_at: at })
    .where('id', '=', id)
    .where('opened_at', 'is not', null)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateRule(
  db: TDb,
  classId: string,
  rule: { minMinutes: number; minPolls: number; below: string } | null,
) {
  await db
    .updateTable('classes')
    .set({
      credit_min_minutes: rule?.minMinutes ?? null,
      credit_min_polls: rule?.minPolls ?? null,
      credit_below: rule?.below ?? null,
    })
    .where('id', '=', classId)
    .execute();
}

/**
 * The room's one call (every few seconds per attendee): the member's seat, the webinar's open
 * poll and the member's answer to it, in one statement. No row: no seat in that webinar.
 */
export async function selectOpenPollForSeat(db: TDb, hash: string, memberId: string) {
  return db
    .selectFrom('classes')
    .innerJoin('seats', (join) =>
      join.onRef('seats.class_id', '=', 'classes.id').on('seats.member_id', '=', memberId),
    )
    .leftJoin('webinar_polls', (join) =>
      join
        .onRef('webinar_polls.class_id', '=', 'classes.id')
        .on('webinar_polls.opened_at', 'is not', null)
        .on('webinar_polls.closed_at', 'is', null),
    )
    .leftJoin('webinar_poll_answers', (join) =>
      join
        .onRef('webinar_poll_answers.poll_id', '=', 'webinar_polls.id')
        .on('webinar_poll_answers.member_id', '=', memberId),
    )
    .select([
      'seats.is_waiting',
      'webinar_polls.id',
      'webinar_polls.question',
      'webinar_polls.choices',
      'webinar_poll_answers.choice',
      'webinar_poll_answers.answered_at',
    ])
    .where('classes.hash', '=', hash)
    .executeTakeFirst();
}

/** The id of the open poll of the webinar named by hash; undefined when none is open. */
export async function selectOpenPollId(db: TDb, hash: string) {
  const row = await db
    .selectFrom('webinar_polls')
    .innerJoin('classes', 'classes.id', 'webinar_polls.class_id')
    .select('webinar_polls.id')
    .where('classes.hash', '=', hash)
    .where('webinar_polls.opened_at', 'is not', null)
    .where('webinar_polls.closed_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** A poll of the webinar named by hash, with the member's seat (null: none). */
export async function selectPollForAnswer(db: TDb, hash: string, pollId: string, memberId: string) {
  return db
    .selectFrom('webinar_polls')
    .innerJoin('classes', 'classes.id', 'webinar_polls.class_id')
    .leftJoin('seats', (join) =>
      join.onRef('seats.class_id', '=', 'classes.id').on('seats.member_id', '=', memberId),
    )
    .select([
      'webinar_polls.choices',
      'webinar_polls.opened_at',
      'webinar_polls.closed_at',
      'seats.is_waiting',
      'seats.id as seat_id',
    ])
    .where('webinar_polls.id', '=', pollId)
    .where('classes.hash', '=', hash)
    .executeTakeFirst();
}

/**
 * The member's one answer, kept only while the poll is still open at the moment of the write (a
 * close that lands between the check and the write wins); false when nothing was kept.
 */
export async function insertAnswer(
  db: TDb,
  row: { pollId: string; memberId: string; choice: number; at: string },
) {
  const result = await db
    .insertInto('webinar_poll_answers')
    .columns(['poll_id', 'member_id', 'choice', 'answered_at'])
    .expression((eb) =>
      eb
        .selectFrom('webinar_polls')
        .select([
          'id',
          // Typed, for PostgreSQL leaves a bare parameter in a SELECT untyped.
          sql<string>`cast(${row.memberId} as text)`.as('member_id'),
          sql<number>`cast(${row.choice} as integer)`.as('choice'),
          sql<string>`cast(${row.at} as text)`.as('answered_at'),
        ])
        .where('id', '=', row.pollId)
        .where('closed_at', 'is', null),
    )
    .onConflict((oc) => oc.columns(['poll_id', 'member_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function selectAnswer(db: TDb, pollId: string, memberId: string) {
  return db
    .selectFrom('webinar_poll_answers')
    .select(['choice', 'answered_at'])
    .where('poll_id', '=', pollId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The class of a webinar by hash (the member's evidence). */
export async function selectClassIdByHash(db: TDb, hash: string) {
  return db.selectFrom('classes').select('id').where('hash', '=', hash).executeTakeFirst();
}
