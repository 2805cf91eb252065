import { sql, type Kysely, type Transaction } from 'kysely';
import type { TAdminQuestionFilter } from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** The most questions a list shows: far more than an hour's webinar gets, a wall for a flood. */
const LIST_LIMIT = 500;

const votesOf = sql<number>`(select count(*) from question_votes where question_votes.question_id = webinar_questions.id)`;

/** A published class by its public hash, with what the question window needs. */
export async function selectWebinarByHash(db: TDb, hash: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'type_id', 'release_at', 'duration_min', 'title'])
    .where('hash', '=', hash)
    .where('is_published', '=', 1)
    .executeTakeFirst();
}

export async function selectWebinarById(db: TDb, id: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'type_id', 'release_at', 'duration_min', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The webinar's questions as one member sees them: hidden ones left out, no asker, only whether
 * each is the reader's own and has the reader's vote. Most votes first, then the earliest.
 */
export async function selectMemberQuestions(db: TDb, classId: string, memberId: string) {
  return db
    .selectFrom('webinar_questions')
    .select([
      'id',
      'text',
      'asked_at',
      'answered_at',
      'answer',
      votesOf.as('votes'),
      sql<number>`case when webinar_questions.member_id = ${memberId} then 1 else 0 end`.as('is_mine'),
      sql<number>`case when exists (select 1 from question_votes where question_votes.question_id = webinar_questions.id and question_votes.member_id = ${memberId}) then 1 else 0 end`.as(
        'has_voted',
      ),
    ])
    .where('class_id', '=', classId)
    .where('hidden_at', 'is', null)
    .orderBy('votes', 'desc')
    .orderBy('asked_at', 'asc')
    .orderBy('id', 'asc')
    .limit(LIST_LIMIT)
    .execute();
}

export type TMemberQuestionRow = Awaited<ReturnType<typeof selectMemberQuestions>>[number];

export async function insertQuestion(
  db: TDb,
  row: { id: string; class_id: string; member_id: string; text: string; asked_at: string },
): Promise<void> {
  await db.insertInto('webinar_questions').values(row).execute();
}

/** A question members can see, with its webinar's window: what a vote needs to know. */
export async function selectVisibleQuestion(db: TDb, id: string) {
  return db
    .selectFrom('webinar_questions')
    .innerJoin('classes', 'classes.id', 'webinar_questions.class_id')
    .select([
      'webinar_questions.id',
      'webinar_questions.member_id',
      'classes.release_at',
      'classes.duration_min',
    ])
    .where('webinar_questions.id', '=', id)
    .where('webinar_questions.hidden_at', 'is', null)
    .executeTakeFirst();
}

/** The member's vote; a second one inserts nothing (the primary key), concurrent ones included. */
export async function insertVote(db: TDb, questionId: string, memberId: string, at: string): Promise<void> {
  await db
    .insertInto('question_votes')
    .values({ question_id: questionId, member_id: memberId, voted_at: at })
    .onConflict((oc) => oc.columns(['question_id', 'member_id']).doNothing())
    .execute();
}

export async function countVotes(db: TDb, questionId: string): Promise<number> {
  const row = await db
    .selectFrom('question_votes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('question_id', '=', questionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the member's own question while it is unanswered; true when it was deleted. */
export async function deleteOwnOpenQuestion(db: TDb, id: string, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webinar_questions')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function selectOwnQuestion(db: TDb, id: string, memberId: string) {
  return db
    .selectFrom('webinar_questions')
    .select(['id', 'answered_at'])
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

// The console

const adminColumns = [
  'webinar_questions.id',
  'webinar_questions.text',
  'webinar_questions.asked_at',
  'webinar_questions.answered_at',
  'webinar_questions.answer',
  'webinar_questions.hidden_at',
  'webinar_questions.hidden_reason',
  'members.username',
  'members.firstname',
  'members.lastname',
] as const;

/** The webinar's questions for staff, by votes then time, filtered by their state. */
export async function selectAdminQuestions(db: TDb, classId: string, show: TAdminQuestionFilter) {
  let query = db
    .selectFrom('webinar_questions')
    .innerJoin('members', 'members.id', 'webinar_questions.member_id')
    .select([...adminColumns, votesOf.as('votes')])
    .where('webinar_questions.class_id', '=', classId);
  if (show === 'hidden') query = query.where('webinar_questions.hidden_at', 'is not', null);
  else {
    query = query.where('webinar_questions.hidden_at', 'is', null);
    if (show === 'open') query = query.where('webinar_questions.answered_at', 'is', null);
    if (show === 'answered') query = query.where('webinar_questions.answered_at', 'is not', null);
  }
  return query
    .orderBy('votes', 'desc')
    .orderBy('webinar_questions.asked_at', 'asc')
    .orderBy('webinar_questions.id', 'asc')
    .limit(LIST_LIMIT)
    .execute();
}

export type TAdminQuestionRow = Awaited<ReturnType<typeof selectAdminQuestions>>[number];

export async function selectAdminQuestion(db: TDb, id: string) {
  return db
    .selectFrom('webinar_questions')
    .innerJoin('members', 'members.id', 'webinar_questions.member_id')
    .select([...adminColumns, votesOf.as('votes'), 'webinar_questions.class_id'])
    .where('webinar_questions.id', '=', id)
    .executeTakeFirst();
}

/** How many questions of the webinar are open, answered and hidden: the filter's counts. */
export async function countAdminQuestions(db: TDb, classId: string) {
  const row = await db
    .selectFrom('webinar_questions')
    .select([
      sql<number>`coalesce(sum(case when hidden_at is null and answered_at is null then 1 else 0 end), 0)`.as(
        'open',
      ),
      sql<number>`coalesce(sum(case when hidden_at is null and answered_at is not null then 1 else 0 end), 0)`.as(
        'answered',
      ),
      sql<number>`coalesce(sum(case when hidden_at is not null then 1 else 0 end), 0)`.as('hidden'),
    ])
    .where('class_id', '=', classId)
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), answered: Number(row.answered), hidden: Number(row.hidden) };
}

/** Marks a visible question answered (the first time's moment stays), with the written answer. */
export async function markAnswered(
  db: TDb,
  id: string,
  p: { answer: string | null; by: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('webinar_questions')
    .set({
      answered_at: sql<string>`coalesce(answered_at, ${p.at})`,
      answer: p.answer,
      answered_by: p.by,
    })
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markHidden(
  db: TDb,
  id: string,
  p: { reason: string; by: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('webinar_questions')
    .set({ hidden_at: p.at, hidden_reason: p.reason, hidden_by: p.by })
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
