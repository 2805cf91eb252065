import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

/* Organisations' SQL (issue 43, the DSO level, decisions 1167, 1168): organisations, their managers "for all", invites. */

type TDb = Kysely<DB> | Transaction<DB>;

export function insertOrganisation(db: TDb, row: { id: string; name: string; created_at: string }) {
  return db.insertInto('organisations').values(row).execute();
}

export function insertManager(
  db: TDb,
  row: { organisation_id: string; member_id: string; joined_at: string },
) {
  return db
    .insertInto('organisation_managers')
    .values(row)
    .onConflict((oc) => oc.columns(['organisation_id', 'member_id']).doNothing())
    .execute();
}

export async function countManagers(db: TDb, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('organisation_managers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The member's name if they are in one of the organisation's offices (who may be promoted). */
export function selectPersonInOrganisation(db: TDb, organisationId: string, memberId: string) {
  return db
    .selectFrom('office_members as m')
    .innerJoin('offices as o', 'o.id', 'm.office_id')
    .select(['m.member_id'])
    .where('o.organisation_id', '=', organisationId)
    .where('m.member_id', '=', memberId)
    .executeTakeFirst();
}

/** The organisation's offices with no manager of their own (kept only by the organisation's). */
export function selectOfficesWithoutOwnManager(db: TDb, organisationId: string) {
  return db
    .selectFrom('offices as o')
    .select(['o.id', 'o.name'])
    .where('o.organisation_id', '=', organisationId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('office_members as m')
            .select('m.member_id')
            .whereRef('m.office_id', '=', 'o.id')
            .where('m.role', '=', 'manager'),
        ),
      ),
    )
    .execute();
}

/** The organisations the member manages. */
export function selectManaged(db: TDb, memberId: string) {
  return db
    .selectFrom('organisation_managers as gm')
    .innerJoin('organisations as g', 'g.id', 'gm.organisation_id')
    .select(['g.id', 'g.name'])
    .where('gm.member_id', '=', memberId)
    .orderBy('g.name')
    .execute();
}

/** One organisation the member manages (undefined: not a manager of it, or no such organisation). */
export function selectManagedOne(db: TDb, organisationId: string, memberId: string) {
  return db
    .selectFrom('organisation_managers as gm')
    .innerJoin('organisations as g', 'g.id', 'gm.organisation_id')
    .select(['g.id', 'g.name'])
    .where('gm.member_id', '=', memberId)
    .where('g.id', '=', organisationId)
    .executeTakeFirst();
}

export function selectManagerCounts(db: TDb, organisationIds: readonly string[]) {
  if (!organisationIds.length) return Promise.resolve([]);
  return db
    .selectFrom('organisation_managers')
    .select((eb) => ['organisation_id', eb.fn.countAll<number>().as('managers')])
    .where('organisation_id', 'in', organisationIds)
    .groupBy('organisation_id')
    .execute();
}

/** The organisations' offices with their headcounts, by name. */
export function selectOffices(db: TDb, organisationIds: readonly string[]) {
  if (!organisationIds.length) return Promise.resolve([]);
  return db
    .selectFrom('offices as o')
    .select((eb) => [
      'o.id',
      'o.name',
      'o.state',
      'o.organisation_id',
      eb
        .selectFrom('office_members as m')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('m.office_id', '=', 'o.id')
        .as('people'),
    ])
    .where('o.organisation_id', 'in', organisationIds)
    .orderBy('o.name')
    .execute();
}

export function insertInvite(
  db: TDb,
  row: {
    id: string;
    organisation_id: string;
    token_hash: string;
    created_by: string;
    created_at: string;
    expires_at: string;
  },
) {
  return db.insertInto('organisation_invites').values(row).execute();
}

/** A live invite by its token's hash, with its organisation. */
export function selectInvite(db: TDb, tokenHash: string, at: string) {
  return db
    .selectFrom('organisation_invites as i')
    .innerJoin('organisations as g', 'g.id', 'i.organisation_id')
    .select(['i.organisation_id', 'g.name'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.expires_at', '>', at)
    .executeTakeFirst();
}

/** The offices the member manages themselves that are in no organisation. */
export function selectOwnFreeOffices(db: TDb, memberId: string) {
  return db
    .selectFrom('office_members as m')
    .innerJoin('offices as o', 'o.id', 'm.office_id')
    .select(['o.id', 'o.name'])
    .where('m.member_id', '=', memberId)
    .where('m.role', '=', 'manager')
    .where('o.organisation_id', 'is', null)
    .orderBy('o.name')
    .execute();
}

/** Puts an office into an organisation, only if it is in none (the update that wins brings it in). */
export async function attachOffice(db: TDb, officeId: string, organisationId: string): Promise<boolean> {
  const result = await db
    .updateTable('offices')
    .set({ organisation_id: organisationId })
    .where('id', '=', officeId)
    .where('organisation_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes an office out of the organisation; false when it was not in it. */
export async function detachOffice(db: TDb, officeId: string, organisationId: string): Promise<boolean> {
  const result = await db
    .updateTable('offices')
    .set({ organisation_id: null })
    .where('id', '=', officeId)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteManager(db: TDb, organisationId: string, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('organisation_managers')
    .where('organisation_id', '=', organisationId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Organisations no manager is left in. */
export function selectWithoutManager(db: TDb) {
  return db
    .selectFrom('organisations as g')
    .select(['g.id', 'g.name'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('organisation_managers as gm')
            .select('gm.member_id')
            .whereRef('gm.organisation_id', '=', 'g.id'),
        ),
      ),
    )
    .execute();
}

/** The managers of each office of an organisation, with their office, for the notice of its erasure. */
export function selectOfficeManagerAddresses(db: TDb, organisationId: string) {
  return db
    .selectFrom('offices as o')
    .innerJoin('office_members as m', 'm.office_id', 'o.id')
    .innerJoin('members as p', 'p.id', 'm.member_id')
    .select(['p.email', 'o.name as office_name'])
    .where('o.organisation_id', '=', organisationId)
    .where('m.role', '=', 'manager')
    .where('p.erased_at', 'is', null)
    .execute();
}

/** The organisation and what is under it; its offices stay, outside any organisation. */
export async function deleteOrganisation(db: TDb, organisationId: string): Promise<void> {
  await db
    .updateTable('offices')
    .set({ organisation_id: null })
    .where('organisation_id', '=', organisationId)
    .execute();
  for (const table of ['organisation_invites', 'organisation_managers'] as const) {
    await db.deleteFrom(table).where('organisation_id', '=', organisationId).execute();
  }
  await db.deleteFrom('organisations').where('id', '=', organisationId).execute();
}
