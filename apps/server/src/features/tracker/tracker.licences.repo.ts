import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { DB, TrackerLicencesTable } from '../../db/types.ts';

/*
 * The CE tracker's licence queries. Every licence is reached through (id, member_id). A deleted
 * licence (deleted_at set) is out of every read until it is restored within the undo window; the
 * purge job then removes it (issue 36).
 */

type TDb = Kysely<DB> | Transaction<DB>;

export function selectLicences(db: TDb, memberId: string) {
  return (
    db
      .selectFrom('tracker_licences')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('deleted_at', 'is', null)
      // By urgency: the period that ends first comes first (issue 36).
      .orderBy('period_end')
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  );
}
export type TLicenceRow = Awaited<ReturnType<typeof selectLicences>>[number];

export function selectLicence(db: TDb, memberId: string, id: string) {
  return db
    .selectFrom('tracker_licences')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertLicence(db: TDb, row: Insertable<TrackerLicencesTable>) {
  await db.insertInto('tracker_licences').values(row).execute();
}

export async function updateLicence(
  db: TDb,
  memberId: string,
  id: string,
  set: Updateable<TrackerLicencesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('tracker_licences')
    .set(set)
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks the licence deleted (restorable until the undo window passes). */
export async function deleteLicence(db: TDb, memberId: string, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('tracker_licences')
    .set({ deleted_at: at })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Restores a licence deleted at or after `since`; false when there is none to restore. */
export async function restoreLicence(db: TDb, memberId: string, id: string, since: string): Promise<boolean> {
  const r = await db
    .updateTable('tracker_licences')
    .set({ deleted_at: null })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', '>=', since)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The requirements marked done on these licences. */
export function selectChecks(db: TDb, licenceIds: readonly string[]) {
  if (licenceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tracker_licence_checks')
    .select(['licence_id', 'requirement_key', 'done_on'])
    .where('licence_id', 'in', [...licenceIds])
    .orderBy('requirement_key')
    .execute();
}
export type TCheckRow = Awaited<ReturnType<typeof selectChecks>>[number];

/** Marks a requirement done on a day (one row per licence and requirement: the last save wins). */
export async function upsertCheck(db: TDb, row: Insertable<DB['tracker_licence_checks']>) {
  await db
    .insertInto('tracker_licence_checks')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['licence_id', 'requirement_key'])
        .doUpdateSet({ done_on: row.done_on, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteCheck(db: TDb, licenceId: string, key: string) {
  await db
    .deleteFrom('tracker_licence_checks')
    .where('licence_id', '=', licenceId)
    .where('requirement_key', '=', key)
    .execute();
}

/** Removes the licences deleted before `before` (their reminders go by cascade). */
export async function purgeLicences(db: TDb, before: string): Promise<number> {
  const r = await db
    .deleteFrom('tracker_licences')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
