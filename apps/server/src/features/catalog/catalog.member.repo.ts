import { classEndIso } from '../../db/dialect/class-end.ts';
import type { TDialectName } from '../../db/dialect/index.ts';
import { memberSeatsFrom } from '../../domain/member-seats.ts';
import type { TCatalogDb } from './catalog.filter.repo.ts';
import { CLASS_COLUMNS } from './catalog.repo.ts';

/* The member's own flags for rows already read (never cached: 03 §2). */

/** Seats taken (not waitlist places) per class id, for the classes given (seats left, decision 1003). */
export async function selectSeatedCounts(db: TCatalogDb, classIds: string[]): Promise<Map<string, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('seats')
    .select(['class_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('class_id', 'in', classIds)
    .where('is_waiting', '=', 0)
    .groupBy('class_id')
    .execute();
  return new Map(rows.map((r) => [r.class_id, Number(r.n)]));
}

/** The member's seats and waitlist places on the classes with these hashes. */
export function selectSeatFlags(db: TCatalogDb, memberId: string, classHashes: string[]) {
  if (classHashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('seats')
    .innerJoin('classes', 'classes.id', 'seats.class_id')
    .select(['classes.hash', 'seats.is_waiting'])
    .where('seats.member_id', '=', memberId)
    .where('classes.hash', 'in', classHashes)
    .execute();
}

/** The member's seats on live classes that have not ended, soonest first, with cancel codes. */
export function selectMemberUpcomingSeats(
  db: TCatalogDb,
  dialect: TDialectName,
  memberId: string,
  now: string,
) {
  return memberSeatsFrom(db, memberId)
    .where(classEndIso(dialect), '>', now)
    .select([...CLASS_COLUMNS, 'seats.is_waiting', 'seats.cancel_code'])
    .orderBy('classes.release_at', 'asc')
    .execute();
}

/**
 * Hashes of the classes and podcast episodes among these whose exam the member has passed.
 * Public hashes are random, so class and podcast hashes never collide.
 */
export async function selectCompletedHashes(
  db: TCatalogDb,
  memberId: string,
  hashes: string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('completions')
    .leftJoin('classes', 'classes.id', 'completions.class_id')
    .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .select(['classes.hash as class_hash', 'podcasts.hash as podcast_hash'])
    .where('completions.member_id', '=', memberId)
    .where((eb) => eb.or([eb('classes.hash', 'in', hashes), eb('podcasts.hash', 'in', hashes)]))
    .execute();
  return new Set(rows.map((r) => r.class_hash ?? r.podcast_hash).filter((h): h is string => h !== null));
}

/** The member's gradebook row per class hash: an enrolled premium course has one (01 §4). */
export async function selectGradebookIds(
  db: TCatalogDb,
  memberId: string,
  classHashes: string[],
): Promise<Map<string, string>> {
  if (classHashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('gradebook')
    .innerJoin('classes', 'classes.id', 'gradebook.class_id')
    .select(['classes.hash', 'gradebook.id'])
    .where('gradebook.member_id', '=', memberId)
    .where('classes.hash', 'in', classHashes)
    .execute();
  return new Map(rows.map((r) => [r.hash, r.id]));
}
