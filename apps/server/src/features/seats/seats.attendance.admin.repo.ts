import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { CeType } from '@opence/shared';
import type { AttendanceImportsTable, AttendanceRecordsTable, DB } from '../../db/types.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A class by row id (the console's), hash or slug, with what the import needs. */
export async function selectClass(db: TDb, ref: string) {
  return db
    .selectFrom('classes')
    .select(['id', 'title', 'ce_type_id', 'duration_min', 'attendance_threshold_pct'])
    .where((eb) => eb.or([eb('id', '=', ref), eb('hash', '=', ref), eb('slug', '=', ref)]))
    .executeTakeFirst();
}

/** At most this many addresses in one query: both engines' limits on bound values stay far off. */
const EMAILS_PER_QUERY = 500;

/**
 * Members whose primary or home e-mail is one of these (lowercased) addresses, confirmed or not
 * (the preview says why an unconfirmed one did not match). Asked in chunks, so a report of any
 * size the body limit allows stays under SQLite's 32,766 bound values (issue 37 row 3).
 */
export async function selectMembersByEmails(db: TDb, emails: readonly string[]) {
  const found = new Map<string, Awaited<ReturnType<typeof selectChunk>>[number]>();
  for (let i = 0; i < emails.length; i += EMAILS_PER_QUERY) {
    for (const m of await selectChunk(db, emails.slice(i, i + EMAILS_PER_QUERY))) found.set(m.id, m);
  }
  return [...found.values()];
}

function selectChunk(db: TDb, emails: readonly string[]) {
  return db
    .selectFrom('members')
    .select(['id', 'email_key', 'email2', 'email2_verified_at', 'firstname', 'lastname'])
    .where('erased_at', 'is', null)
    .where((eb) => eb.or([eb('email_key', 'in', emails), eb(sql<string>`lower(email2)`, 'in', emails)]))
    .execute();
}

export async function insertImport(
  db: TDb,
  row: Insertable<AttendanceImportsTable>,
  records: Insertable<AttendanceRecordsTable>[],
): Promise<void> {
  await db.insertInto('attendance_imports').values(row).execute();
  for (let i = 0; i < records.length; i += 200) {
    await db
      .insertInto('attendance_records')
      .values(records.slice(i, i + 200))
      .execute();
  }
}

export async function selectImport(db: TDb, id: string) {
  return db.selectFrom('attendance_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function selectRecords(db: TDb, importId: string) {
  return db.selectFrom('attendance_records').selectAll().where('import_id', '=', importId).execute();
}

/** The class's confirmed import is replaced; returns whether there was one. */
export async function replaceConfirmed(db: TDb, classId: string): Promise<boolean> {
  const result = await db
    .updateTable('attendance_imports')
    .set({ status: 'replaced' })
    .where('class_id', '=', classId)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Confirms a preview; false when it is no longer one (confirmed by a concurrent call, or replaced). */
export async function confirmImport(db: TDb, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('attendance_imports')
    .set({ status: 'confirmed', confirmed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'preview')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateClassThreshold(db: TDb, classId: string, pct: number): Promise<void> {
  await db.updateTable('classes').set({ attendance_threshold_pct: pct }).where('id', '=', classId).execute();
}

/**
 * The credit type of every gradebook row and completion of the class follows the confirmed
 * report: live for the members at or above the threshold, self-study for everyone else.
 * Recomputed from scratch on each import, so a re-import never adds credit twice.
 */
export async function applyVerifiedCredit(db: TDb, classId: string, liveMemberIds: readonly string[]) {
  for (const table of ['gradebook', 'completions'] as const) {
    await db
      .updateTable(table)
      .set({ ce_type_id: CeType.SELF_STUDY })
      .where('class_id', '=', classId)
      .where('ce_type_id', '=', CeType.LIVE)
      .execute();
    for (let i = 0; i < liveMemberIds.length; i += 200) {
      await db
        .updateTable(table)
        .set({ ce_type_id: CeType.LIVE })
        .where('class_id', '=', classId)
        .where('member_id', 'in', liveMemberIds.slice(i, i + 200))
        .execute();
    }
  }
  // How the credit was earned follows too (issue 35, decision 1040): verified live, else on demand.
  await db
    .updateTable('completions')
    .set((eb) => ({
      delivery: eb
        .case()
        .when('ce_type_id', '=', CeType.LIVE)
        .then('live_webinar_verified')
        .else('on_demand')
        .end(),
    }))
    .where('class_id', '=', classId)
    .execute();
}
