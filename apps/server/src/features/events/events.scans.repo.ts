import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/*
 * In-person scans (issue 42): the scanning settings of an event, its scans and the members who
 * made them. A kept scan is one staff did not remove; the partial unique index keeps one kept
 * entry and one kept exit per member and event.
 */

const eventColumns = [
  'in_person_events.id',
  'in_person_events.code',
  'in_person_events.place',
  'in_person_events.is_scanning',
  'in_person_events.min_presence_min',
  'in_person_events.scan_secret',
  'classes.id as class_id',
  'classes.hash as class_hash',
  'classes.title',
  'classes.release_at',
  'classes.credits',
  'classes.agd_code',
] as const;

function eventQuery(db: TDb) {
  return db
    .selectFrom('in_person_events')
    .innerJoin('classes', 'classes.id', 'in_person_events.class_id')
    .select(eventColumns);
}

export async function selectScanEventByCode(db: TDb, code: string) {
  return eventQuery(db).where('in_person_events.code', '=', code).executeTakeFirst();
}
export type TScanEventRow = NonNullable<Awaited<ReturnType<typeof selectScanEventByCode>>>;

export async function selectScanEventById(db: TDb, id: string) {
  return eventQuery(db).where('in_person_events.id', '=', id).executeTakeFirst();
}

/** The event behind a certificate, when the certificate is a claim of an in-person event. */
export async function selectScanEventOfCompletion(db: TDb, completionId: string) {
  return eventQuery(db)
    .innerJoin('event_claims', 'event_claims.event_id', 'in_person_events.id')
    .select('event_claims.member_id')
    .where('event_claims.completion_id', '=', completionId)
    .executeTakeFirst();
}

export async function updateScanning(
  db: TDb,
  eventId: string,
  values: { is_scanning: number; min_presence_min: number; scan_secret: string },
): Promise<void> {
  await db.updateTable('in_person_events').set(values).where('id', '=', eventId).execute();
}

const scanColumns = [
  'event_scans.id',
  'event_scans.member_id',
  'event_scans.direction',
  'event_scans.scanned_at',
  'event_scans.method',
  'event_scans.reason',
  'event_scans.staff_id',
  'event_scans.removed_at',
  'event_scans.removed_by',
  'event_scans.removed_reason',
  'event_scans.created_at',
] as const;

/** A member's scans at an event, kept and removed, in the order they were made. */
export async function selectMemberScans(db: TDb, eventId: string, memberId: string) {
  return db
    .selectFrom('event_scans')
    .select(scanColumns)
    .where('event_id', '=', eventId)
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
export type TScanRow = Awaited<ReturnType<typeof selectMemberScans>>[number];

/** Every scan at an event with its member and who corrected it, for the console. */
export async function selectEventScans(db: TDb, eventId: string) {
  return db
    .selectFrom('event_scans')
    .innerJoin('members', 'members.id', 'event_scans.member_id')
    .leftJoin('members as staff', 'staff.id', 'event_scans.staff_id')
    .leftJoin('members as remover', 'remover.id', 'event_scans.removed_by')
    .select(scanColumns)
    .select([
      'members.firstname',
      'members.lastname',
      'members.email',
      'staff.firstname as staff_firstname',
      'staff.lastname as staff_lastname',
      'remover.firstname as remover_firstname',
      'remover.lastname as remover_lastname',
    ])
    .where('event_scans.event_id', '=', eventId)
    .orderBy('members.lastname')
    .orderBy('members.id')
    .orderBy('event_scans.created_at')
    .orderBy('event_scans.id')
    .execute();
}

/** The scan; false when a kept scan of that direction was there already (a duplicate). */
export async function insertScan(
  db: TDb,
  row: {
    id: string;
    event_id: string;
    member_id: string;
    direction: 'in' | 'out';
    scanned_at: string;
    method: 'code' | 'claim' | 'correction';
    reason: string | null;
    staff_id: string | null;
    created_at: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('event_scans')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['event_id', 'member_id', 'direction']).where('removed_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Marks a kept scan removed; false when it was not kept (removed already, or not this event's). */
export async function removeScan(
  db: TDb,
  eventId: string,
  scanId: string,
  values: { removed_at: string; removed_by: string; removed_reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable('event_scans')
    .set(values)
    .where('id', '=', scanId)
    .where('event_id', '=', eventId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function selectScanById(db: TDb, eventId: string, scanId: string) {
  return db
    .selectFrom('event_scans')
    .select(scanColumns)
    .where('id', '=', scanId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

/** The member's certificate for the event, once credit was issued. */
export async function selectCreditNumber(db: TDb, eventId: string, memberId: string): Promise<string | null> {
  const row = await db
    .selectFrom('event_claims')
    .innerJoin('completions', 'completions.id', 'event_claims.completion_id')
    .select('completions.certificate_number')
    .where('event_claims.event_id', '=', eventId)
    .where('event_claims.member_id', '=', memberId)
    .executeTakeFirst();
  return row?.certificate_number ?? null;
}

export async function selectCreditNumbers(db: TDb, eventId: string) {
  return db
    .selectFrom('event_claims')
    .innerJoin('completions', 'completions.id', 'event_claims.completion_id')
    .select(['event_claims.member_id', 'completions.certificate_number'])
    .where('event_claims.event_id', '=', eventId)
    .execute();
}
