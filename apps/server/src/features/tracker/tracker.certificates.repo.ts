import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { DB, TrackerCertificatesTable } from '../../db/types.ts';

/*
 * The CE tracker's uploaded certificates. Every member's row is reached through (id, member_id). A
 * deleted certificate (deleted_at set) is out of every read until it is restored within the undo
 * window; the purge job then removes it and its file (issue 36).
 */

type TDb = Kysely<DB> | Transaction<DB>;

export function selectCertificates(db: TDb, memberId: string) {
  return db
    .selectFrom('tracker_certificates')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('completed_on', 'desc')
    .orderBy('id')
    .execute();
}
export type TCertificateRow = Awaited<ReturnType<typeof selectCertificates>>[number];

/** The bytes and files a member's uploads keep, leaving out one certificate's (the file it replaces). */
export async function selectStorageUse(db: TDb, memberId: string, exceptCertificateId: string | null = null) {
  let query = db
    .selectFrom('tracker_certificates')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes'),
      eb.fn.count<number>('storage_key').as('files'),
    ])
    .where('member_id', '=', memberId)
    .where('storage_key', 'is not', null);
  if (exceptCertificateId) query = query.where('id', '!=', exceptCertificateId);
  const row = await query.executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), files: Number(row.files) };
}

export function selectCertificate(db: TDb, memberId: string, id: string) {
  return db
    .selectFrom('tracker_certificates')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Any member's certificate, for the staff console's audited look. */
export function selectAnyCertificate(db: TDb, id: string) {
  return db
    .selectFrom('tracker_certificates')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertCertificate(db: TDb, row: Insertable<TrackerCertificatesTable>) {
  await db.insertInto('tracker_certificates').values(row).execute();
}

export async function updateCertificate(
  db: TDb,
  memberId: string,
  id: string,
  set: Updateable<TrackerCertificatesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('tracker_certificates')
    .set(set)
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks the certificate deleted; its file stays until the purge (the undo window). */
export async function deleteCertificate(db: TDb, memberId: string, id: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('tracker_certificates')
    .set({ deleted_at: at })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Restores a certificate deleted at or after `since`. */
export async function restoreCertificate(
  db: TDb,
  memberId: string,
  id: string,
  since: string,
): Promise<boolean> {
  const r = await db
    .updateTable('tracker_certificates')
    .set({ deleted_at: null })
    .where('member_id', '=', memberId)
    .where('id', '=', id)
    .where('deleted_at', '>=', since)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// The purge after the undo window --------------------------------------------------------------

/** Certificates deleted before `before`, with their files, a batch at a time. */
export function selectPurgeableCertificates(db: TDb, before: string, limit: number) {
  return db
    .selectFrom('tracker_certificates')
    .select(['id', 'storage_key'])
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .orderBy('deleted_at')
    .limit(limit)
    .execute();
}

/** Removes one purgeable certificate's row; false when it was restored meanwhile. */
export async function purgeCertificate(db: TDb, id: string, before: string): Promise<boolean> {
  const r = await db
    .deleteFrom('tracker_certificates')
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
