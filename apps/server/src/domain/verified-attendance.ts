import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.ts';

/*
 * Verified attendance (issue 25, docs/decisions/0412), read by the classroom (the attendance
 * confirmation's credit type) and the certificates (how attendance was verified).
 */

type TDb = Kysely<DB> | Transaction<DB>;

/**
 * Whether a class has a confirmed report, and whether it verified this member's attendance; the
 * member's minutes and joined/left rows in it (the webinar evidence, issue 42).
 */
export async function selectVerifiedAttendance(db: TDb, classId: string, memberId: string) {
  const row = await db
    .selectFrom('attendance_imports')
    .leftJoin('attendance_records', (join) =>
      join
        .onRef('attendance_records.import_id', '=', 'attendance_imports.id')
        .on('attendance_records.member_id', '=', memberId),
    )
    .select([
      'attendance_imports.id',
      'attendance_records.is_live',
      'attendance_records.minutes',
      'attendance_records.presence',
    ])
    .where('attendance_imports.class_id', '=', classId)
    .where('attendance_imports.status', '=', 'confirmed')
    .executeTakeFirst();
  return row
    ? { hasReport: true, isVerified: row.is_live === 1, minutes: row.minutes ?? 0, presence: row.presence }
    : { hasReport: false, isVerified: false, minutes: 0, presence: null };
}
