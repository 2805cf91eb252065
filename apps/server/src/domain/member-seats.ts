import { ClassType } from '@opence/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.ts';

/**
 * A member's seats and waitlist places on published live classes, with each class's speaker and
 * sponsor joined: the base of the seat lists of catalog and seats (01 §3).
 *
 * The cross join keeps seats SQLite's outer loop, so it reads the member's few seats. Without
 * statistics SQLite would rather walk every live class by the index that gives the lists their
 * order (type_id, release_at) and look up the member's seat in each, which grows with the live
 * classes (decision 0815). PostgreSQL plans it as an ordinary join.
 */
export function memberSeatsFrom(db: Kysely<DB> | Transaction<DB>, memberId: string) {
  return db
    .selectFrom('seats')
    .crossJoin('classes')
    .whereRef('classes.id', '=', 'seats.class_id')
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('companies', 'companies.id', 'classes.company_id')
    .where('seats.member_id', '=', memberId)
    .where('classes.type_id', '=', ClassType.LIVE)
    .where('classes.is_published', '=', 1);
}
