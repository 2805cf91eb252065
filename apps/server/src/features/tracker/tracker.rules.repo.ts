import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DB, TrackerRulesTable } from '../../db/types.ts';

/* The CE tracker's state requirement rules (the console edits them) and its topics. */

type TDb = Kysely<DB> | Transaction<DB>;

export function selectRule(db: TDb, state: string, licenceType: string) {
  return db
    .selectFrom('tracker_rules')
    .selectAll()
    .where('state', '=', state)
    .where('licence_type', '=', licenceType)
    .executeTakeFirst();
}
export type TRuleRow = NonNullable<Awaited<ReturnType<typeof selectRule>>>;

/** The console's list of rules, by state and licence type. */
export function selectRules(
  db: TDb,
  filter: { state?: string | undefined; licenceType?: string | undefined },
) {
  let q = db
    .selectFrom('tracker_rules')
    .select(['id', 'state', 'licence_type', 'total_hours', 'confidence', 'verified_on']);
  if (filter.state) q = q.where('state', '=', filter.state);
  if (filter.licenceType) q = q.where('licence_type', '=', filter.licenceType);
  return q.orderBy('state').orderBy('licence_type').execute();
}

/** One rule for the console, with the name of the staff member who verified it last. */
export function selectRuleById(db: TDb, id: string) {
  return db
    .selectFrom('tracker_rules')
    .leftJoin('members', 'members.id', 'tracker_rules.verified_by')
    .selectAll('tracker_rules')
    .select([
      'members.username as verifier_username',
      'members.firstname as verifier_firstname',
      'members.lastname as verifier_lastname',
    ])
    .where('tracker_rules.id', '=', id)
    .executeTakeFirst();
}

export async function updateRule(db: TDb, id: string, set: Updateable<TrackerRulesTable>): Promise<boolean> {
  const r = await db.updateTable('tracker_rules').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function selectTopics(db: TDb) {
  return db
    .selectFrom('tracker_topics')
    .select(['code', 'label', 'kind'])
    .orderBy('sort')
    .orderBy('code')
    .execute();
}
