import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

/** The member's own zone (null: the site's default). */
export async function selectMemberZone(db: Kysely<DB>, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select('time_zone')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.time_zone ?? null;
}

/** The member's completions since a moment, with the day the exam was counted on where known. */
export async function selectCompletionsSince(db: Kysely<DB>, memberId: string, sinceIso: string) {
  return db
    .selectFrom('completions')
    .leftJoin('exam_attempts', 'exam_attempts.id', 'completions.exam_attempt_id')
    .select(['completions.completed_at', 'completions.credits', 'exam_attempts.local_day'])
    .where('completions.member_id', '=', memberId)
    .where('completions.completed_at', '>=', sinceIso)
    .execute();
}
