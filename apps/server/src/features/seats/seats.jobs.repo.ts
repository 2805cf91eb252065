import type { Kysely, Transaction } from 'kysely';
import { ClassType } from '@opence/shared';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/*
 * The seats' jobs (seats.jobs.ts): live classes archived once they end, and the exam-open mail
 * to the members who held a seat.
 */

/** Live classes that have started by now: the candidates for archiving once they end. */
export async function selectStartedWebinars(db: TDb, nowIso: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'release_at', 'duration_min', 'recording_attached_at'])
    .where('type_id', '=', ClassType.LIVE)
    .where('release_at', '<=', nowIso)
    .execute();
}

/** Moves an ended live class to its on-demand type, unless someone already did. */
export async function updateEndedWebinarType(db: TDb, classId: string, typeId: number, at: string) {
  await db
    .updateTable('classes')
    .set({ type_id: typeId, updated_at: at })
    .where('id', '=', classId)
    .where('type_id', '=', ClassType.LIVE)
    .execute();
}

/** Webinars released since a moment whose exam-open mail has not gone out, with their exam. */
export async function selectExamOpenCandidates(db: TDb, sinceIso: string, nowIso: string) {
  return db
    .selectFrom('classes')
    .leftJoin('exams', 'exams.class_id', 'classes.id')
    .select([
      'classes.id',
      'classes.hash',
      'classes.title',
      'classes.release_at',
      'classes.duration_min',
      'classes.exam_delay_min',
      'exams.id as exam_id',
    ])
    .where('classes.type_id', 'in', [ClassType.LIVE, ClassType.ARCHIVE, ClassType.PRODUCED_PLAYBACK])
    .where('classes.exam_open_mailed_at', 'is', null)
    .where('classes.release_at', '>=', sinceIso)
    .where('classes.release_at', '<=', nowIso)
    .execute();
}
export type TExamOpenCandidate = Awaited<ReturnType<typeof selectExamOpenCandidates>>[number];

/** Marks the exam-open mail of a class as sent; false when another run got there first. */
export async function claimExamOpenMail(db: TDb, classId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('classes')
    .set({ exam_open_mailed_at: at })
    .where('id', '=', classId)
    .where('exam_open_mailed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The members holding a seat (not waitlisted) in a class, for its mails. */
export async function selectSeatHolders(db: TDb, classId: string) {
  return db
    .selectFrom('seats')
    .innerJoin('members', 'members.id', 'seats.member_id')
    .leftJoin('reminder_optouts', 'reminder_optouts.member_id', 'seats.member_id')
    .select([
      'members.id',
      'members.hash',
      'reminder_optouts.member_id as opted_out',
      'members.email',
      'members.firstname',
      'members.lastname',
      'members.time_zone',
      'seats.started_at',
    ])
    .where('seats.class_id', '=', classId)
    .where('seats.is_waiting', '=', 0)
    .where('members.erased_at', 'is', null)
    .orderBy('seats.created_at')
    .execute();
}
