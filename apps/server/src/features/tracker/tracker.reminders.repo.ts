import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, TrackerRemindersTable } from '../../db/types.ts';

/* The CE deadline reminders: the licences due, the claims that make each mail go once, the unsubscribe. */

type TDb = Kysely<DB> | Transaction<DB>;

/** Licences whose period ends between the two days, of members who have the reminders on. */
export function selectReminderLicences(db: TDb, fromDay: string, toDay: string) {
  return db
    .selectFrom('tracker_licences')
    .innerJoin('members', 'members.id', 'tracker_licences.member_id')
    .select([
      'tracker_licences.id',
      'tracker_licences.member_id',
      'tracker_licences.period_end',
      'members.hash as member_hash',
      'members.email',
      'members.firstname',
      'members.lastname',
    ])
    .where('tracker_licences.period_end', '>=', fromDay)
    .where('tracker_licences.period_end', '<=', toDay)
    .where('members.ce_reminders', '=', 1)
    .where('tracker_licences.deleted_at', 'is', null)
    .where('members.erased_at', 'is', null)
    .orderBy('tracker_licences.period_end')
    .orderBy('tracker_licences.id')
    .execute();
}

/** The one-click unsubscribe of the CE deadline reminders (issue 37 row 11): the profile's switch off. */
export async function turnCeRemindersOff(db: TDb, memberHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ ce_reminders: 0, updated_at: at })
    .where('hash', '=', memberHash)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function selectTrackerReminders(db: TDb, licenceIds: string[]) {
  return db
    .selectFrom('tracker_reminders')
    .select(['licence_id', 'period_end', 'kind'])
    .where('licence_id', 'in', licenceIds)
    .execute();
}

/** The claim: true when this insert made the row (so this caller sends the mail). */
export async function claimTrackerReminder(
  db: TDb,
  row: Insertable<TrackerRemindersTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('tracker_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['licence_id', 'period_end', 'kind']).doNothing())
    .returning('licence_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
