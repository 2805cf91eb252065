import { type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

/* Offices' SQL (issue 43): offices, their members, invites and assignments. */

type TDb = Kysely<DB> | Transaction<DB>;

export type TMembershipRow = {
  office_id: string;
  name: string;
  address: string;
  state: string;
  role: string;
  shares_deadlines: number;
  shares_hours: number;
  organisation_id: string | null;
  organisation_name: string | null;
  organisation_managers: number | string | null;
};

/** A member's memberships with their offices, as the member's own offices are read. */
function memberships(db: TDb, memberId: string) {
  return db
    .selectFrom('office_members as m')
    .innerJoin('offices as o', 'o.id', 'm.office_id')
    .leftJoin('organisations as g', 'g.id', 'o.organisation_id')
    .select((eb) => [
      'm.office_id',
      'o.name',
      'o.address',
      'o.state',
      'm.role',
      'm.shares_deadlines',
      'm.shares_hours',
      'o.organisation_id',
      'g.name as organisation_name',
      organisationManagerCount(eb).as('organisation_managers'),
    ])
    .where('m.member_id', '=', memberId);
}

/** How many managers "for all" the office's organisation has (0: none, or no organisation). */
function organisationManagerCount(eb: ExpressionBuilder<DB & { o: DB['offices'] }, 'o'>) {
  return eb
    .selectFrom('organisation_managers as gm')
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('gm.organisation_id', '=', 'o.organisation_id');
}

/**
 * An office as a manager reaches it: as its own manager, or as a manager of its organisation
 * (decision 1167). Undefined when the member is neither; read inside the caller's transaction.
 */
export async function selectManagedOffice(
  db: TDb,
  officeId: string,
  memberId: string,
): Promise<TMembershipRow | undefined> {
  const own = await selectMembership(db, officeId, memberId);
  if (own?.role === 'manager') return own;
  const office = await db
    .selectFrom('offices as o')
    .innerJoin('organisations as g', 'g.id', 'o.organisation_id')
    .innerJoin('organisation_managers as gm', 'gm.organisation_id', 'g.id')
    .select((eb) => [
      'o.id as office_id',
      'o.name',
      'o.address',
      'o.state',
      'o.organisation_id',
      'g.name as organisation_name',
      organisationManagerCount(eb).as('organisation_managers'),
    ])
    .where('o.id', '=', officeId)
    .where('gm.member_id', '=', memberId)
    .executeTakeFirst();
  if (!office) return undefined;
  // A manager "for all" who is not a colleague of the office shares nothing with it.
  return Object.assign({}, office, {
    role: 'manager',
    shares_deadlines: own?.shares_deadlines ?? 0,
    shares_hours: own?.shares_hours ?? 0,
  });
}

/** The member's offices with their role and choices. */
export function selectMemberships(db: TDb, memberId: string): Promise<TMembershipRow[]> {
  return memberships(db, memberId).orderBy('o.name').execute();
}

/** One of the member's offices (undefined: not in it), read inside the caller's transaction. */
export function selectMembership(db: TDb, officeId: string, memberId: string) {
  return memberships(db, memberId).where('m.office_id', '=', officeId).executeTakeFirst();
}

/** How many people and managers each office has. */
export function selectHeadcounts(db: TDb, officeIds: readonly string[]) {
  if (!officeIds.length) return Promise.resolve([]);
  return db
    .selectFrom('office_members')
    .select((eb) => [
      'office_id',
      eb.fn.countAll<number>().as('people'),
      eb.fn.sum<number>(eb.case().when('role', '=', 'manager').then(1).else(0).end()).as('managers'),
    ])
    .where('office_id', 'in', officeIds)
    .groupBy('office_id')
    .execute();
}

export function insertOffice(
  db: TDb,
  row: { id: string; name: string; address: string; state: string; created_at: string },
) {
  return db.insertInto('offices').values(row).execute();
}

export async function insertMember(
  db: TDb,
  row: {
    office_id: string;
    member_id: string;
    role: string;
    shares_deadlines: number;
    shares_hours: number;
    joined_at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('office_members')
    .values(row)
    .onConflict((oc) => oc.columns(['office_id', 'member_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateSharing(
  db: TDb,
  officeId: string,
  memberId: string,
  sharing: { shares_deadlines: number; shares_hours: number },
): Promise<boolean> {
  const result = await db
    .updateTable('office_members')
    .set(sharing)
    .where('office_id', '=', officeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMember(db: TDb, officeId: string, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('office_members')
    .where('office_id', '=', officeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  await db
    .deleteFrom('office_assignments')
    .where('office_id', '=', officeId)
    .where('member_id', '=', memberId)
    .execute();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Offices no manager is left in (the last one left or was erased): neither one of its own nor
 * one of its organisation's (decision 1167).
 */
export function selectOfficesWithoutManager(db: TDb) {
  return db
    .selectFrom('offices as o')
    .select(['o.id', 'o.name'])
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('office_members as m')
              .select('m.member_id')
              .whereRef('m.office_id', '=', 'o.id')
              .where('m.role', '=', 'manager'),
          ),
          eb.exists(
            eb
              .selectFrom('organisation_managers as gm')
              .select('gm.member_id')
              .whereRef('gm.organisation_id', '=', 'o.organisation_id'),
          ),
        ]),
      ),
    )
    .execute();
}

/** How many managers an office has: its own, and its organisation's "for all" (decision 1169). */
export async function countManagers(db: TDb, officeId: string): Promise<number> {
  const row = await db
    .selectFrom('offices as o')
    .select((eb) => [
      eb
        .selectFrom('office_members as m')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('m.office_id', '=', 'o.id')
        .where('m.role', '=', 'manager')
        .as('own'),
      organisationManagerCount(eb).as('organisation'),
    ])
    .where('o.id', '=', officeId)
    .executeTakeFirst();
  return Number(row?.own ?? 0) + Number(row?.organisation ?? 0);
}

export async function updateRole(
  db: TDb,
  officeId: string,
  memberId: string,
  role: string,
): Promise<boolean> {
  const result = await db
    .updateTable('office_members')
    .set({ role })
    .where('office_id', '=', officeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The addresses of an office's people, for the notice of its erasure. */
export function selectPeopleAddresses(db: TDb, officeId: string) {
  return db
    .selectFrom('office_members as m')
    .innerJoin('members as p', 'p.id', 'm.member_id')
    .select(['p.email'])
    .where('m.office_id', '=', officeId)
    .where('p.erased_at', 'is', null)
    .execute();
}

/** The office and everything under it (members, invites and assignments go by cascade and here). */
export async function deleteOffice(db: TDb, officeId: string): Promise<void> {
  for (const table of ['office_assignments', 'office_invites', 'office_members'] as const) {
    await db.deleteFrom(table).where('office_id', '=', officeId).execute();
  }
  await db.deleteFrom('offices').where('id', '=', officeId).execute();
}

export function insertInvite(
  db: TDb,
  row: {
    id: string;
    office_id: string;
    token_hash: string;
    email: string | null;
    created_by: string;
    created_at: string;
    expires_at: string;
  },
) {
  return db.insertInto('office_invites').values(row).execute();
}

/** A live invite by its token's hash, with its office. */
export function selectInvite(db: TDb, tokenHash: string, at: string) {
  return db
    .selectFrom('office_invites as i')
    .innerJoin('offices as o', 'o.id', 'i.office_id')
    .leftJoin('organisations as g', 'g.id', 'o.organisation_id')
    .select(['i.id', 'i.office_id', 'i.email', 'o.name', 'o.state', 'g.name as organisation_name'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.expires_at', '>', at)
    .where('i.used_at', 'is', null)
    .executeTakeFirst();
}

/** A mailed invite is for one person: used once (a link stays until it expires). */
export async function useInvite(db: TDb, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('office_invites')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The office's people with their names and choices. */
export function selectPeople(db: TDb, officeId: string) {
  return db
    .selectFrom('office_members as m')
    .innerJoin('members as p', 'p.id', 'm.member_id')
    .select([
      'm.member_id',
      'm.role',
      'm.shares_deadlines',
      'm.shares_hours',
      'p.firstname',
      'p.lastname',
      'p.username',
    ])
    .where('m.office_id', '=', officeId)
    .orderBy('p.lastname')
    .orderBy('p.firstname')
    .execute();
}

export type TAssignmentRow = {
  id: string;
  office_id: string;
  member_id: string;
  title: string;
  url: string | null;
  due_on: string;
  done_at: string | null;
};

export function insertAssignment(db: TDb, row: TAssignmentRow & { created_at: string }) {
  return db.insertInto('office_assignments').values(row).execute();
}

export function selectOfficeAssignments(db: TDb, officeId: string): Promise<TAssignmentRow[]> {
  return db
    .selectFrom('office_assignments')
    .select(['id', 'office_id', 'member_id', 'title', 'url', 'due_on', 'done_at'])
    .where('office_id', '=', officeId)
    .orderBy('due_on')
    .execute();
}

/** The member's assignments with their office's name, soonest first. */
export function selectMemberAssignments(db: TDb, memberId: string) {
  return db
    .selectFrom('office_assignments as a')
    .innerJoin('offices as o', 'o.id', 'a.office_id')
    .select([
      'a.id',
      'a.office_id',
      'o.name as office_name',
      'a.member_id',
      'a.title',
      'a.url',
      'a.due_on',
      'a.done_at',
    ])
    .where('a.member_id', '=', memberId)
    .orderBy('a.due_on')
    .execute();
}

export async function markAssignmentDone(
  db: TDb,
  id: string,
  memberId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('office_assignments')
    .set({ done_at: at })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Open assignments due by `until` not yet reminded, with their member's address. */
export function selectDueReminders(db: TDb, until: string) {
  return db
    .selectFrom('office_assignments as a')
    .innerJoin('offices as o', 'o.id', 'a.office_id')
    .innerJoin('members as p', 'p.id', 'a.member_id')
    .select(['a.id', 'a.title', 'a.due_on', 'o.name as office_name', 'p.email'])
    .where('a.done_at', 'is', null)
    .where('a.reminded_at', 'is', null)
    .where('a.due_on', '<=', until)
    .where('p.erased_at', 'is', null)
    .execute();
}

/** Open assignments past their day whose managers were not told yet. */
export function selectOverdue(db: TDb, today: string) {
  return db
    .selectFrom('office_assignments as a')
    .innerJoin('offices as o', 'o.id', 'a.office_id')
    .innerJoin('members as p', 'p.id', 'a.member_id')
    .select([
      'a.id',
      'a.office_id',
      'a.title',
      'a.due_on',
      'o.name as office_name',
      'p.firstname',
      'p.lastname',
      'p.username',
    ])
    .where('a.done_at', 'is', null)
    .where('a.overdue_noticed_at', 'is', null)
    .where('a.due_on', '<', today)
    .execute();
}

export function selectManagerAddresses(db: TDb, officeId: string) {
  return db
    .selectFrom('office_members as m')
    .innerJoin('members as p', 'p.id', 'm.member_id')
    .select(['p.email'])
    .where('m.office_id', '=', officeId)
    .where('m.role', '=', 'manager')
    .where('p.erased_at', 'is', null)
    .execute();
}

/** Claims one notice of an assignment (the update that wins sends it). */
export async function claimNotice(
  db: TDb,
  id: string,
  column: 'reminded_at' | 'overdue_noticed_at',
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('office_assignments')
    .set({ [column]: at })
    .where('id', '=', id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
