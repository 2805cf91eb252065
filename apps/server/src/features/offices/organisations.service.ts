import type { Kysely, Transaction } from 'kysely';
import { OFFICE_INVITE_DAYS, officeText, OfficeTexts as T } from '@opence/shared';
import type {
  TOrganisationBoardPerson,
  TOrganisationBoardQuery,
  TOrganisationSummary,
} from '@opence/shared/schemas';
import { lockForUpdate, type TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/api-errors.ts';
import { hashToken, newId, newSecretToken, nowIso } from '../../lib/ids.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import type { TOfficesService } from './offices.service.ts';
import * as offRepo from './offices.repo.ts';
import * as repo from './organisations.repo.ts';

/*
 * The DSO level (issue 43, decisions 1167, 1168): an organisation groups offices; its managers
 * "for all" see every office's board, through the offices service's own `managed`, so they see
 * of each colleague exactly what the colleague shares with their office. An office comes in only
 * by its own manager's act (an invite link from the organisation); taking it out, by either side,
 * ends the organisation's view with that transaction.
 */

export type TOrganisationsDeps = {
  db: Kysely<DB>;
  dialect: TDialectName;
  publicUrl: string;
  brand: () => Promise<string>;
  mailQueued: () => void;
  offices: TOfficesService;
  now?: () => Date;
};

export function createOrganisationsService(deps: TOrganisationsDeps) {
  const { db, offices } = deps;
  const now = deps.now ?? (() => new Date());

  async function summaries(rows: { id: string; name: string }[]): Promise<TOrganisationSummary[]> {
    const ids = rows.map((r) => r.id);
    const [counts, officeRows] = await Promise.all([
      repo.selectManagerCounts(db, ids),
      repo.selectOffices(db, ids),
    ]);
    const managers = new Map(counts.map((c) => [c.organisation_id, Number(c.managers)]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      managers: managers.get(r.id) ?? 0,
      isLastManager: (managers.get(r.id) ?? 0) <= 1,
      offices: officeRows
        .filter((o) => o.organisation_id === r.id)
        .map((o) => ({ id: o.id, name: o.name, state: o.state, people: Number(o.people ?? 0) })),
    }));
  }

  /** The organisation as its manager reaches it; refused alike whether it exists or not. */
  async function managedOrganisation(member: TSessionMember, id: string) {
    const row = await repo.selectManagedOne(db, id, member.id);
    if (!row) throw notFound(T.ORG_NOT_FOUND);
    return row;
  }

  async function one(member: TSessionMember, id: string) {
    const [organisation] = await summaries([await managedOrganisation(member, id)]);
    return organisation!;
  }

  /** Erases an organisation with notice to its offices' managers; its offices stay (decision 1169). */
  async function eraseOrganisation(
    trx: Transaction<DB>,
    organisation: { id: string; name: string },
    at: Date,
    brand: string,
  ): Promise<number> {
    const addresses = await repo.selectOfficeManagerAddresses(trx, organisation.id);
    for (const person of addresses) {
      const values = { organisation: organisation.name, office: person.office_name, brand };
      await enqueueMail(
        trx,
        {
          to: person.email,
          kind: 'organisation-erased',
          subject: officeText(T.ORG_ERASED_SUBJECT, values),
          text: officeText(T.ORG_ERASED_BODY, values),
        },
        at,
      );
    }
    await repo.deleteOrganisation(trx, organisation.id);
    return addresses.length;
  }

  /**
   * After an account's erasure (which cannot be refused): every organisation no manager is left
   * in is erased with notice, then every office left with no manager at all.
   */
  async function eraseUnmanaged(trx: Transaction<DB>, at: Date, brand: string): Promise<number> {
    let erased = 0;
    for (const organisation of await repo.selectWithoutManager(trx)) {
      erased += await eraseOrganisation(trx, organisation, at, brand);
    }
    return erased + (await offices.eraseUnmanaged(trx, at, brand));
  }

  /** Refuses, naming it, when an office of the organisation has no manager of its own. */
  async function officesKeepAManager(trx: Transaction<DB>, organisationId: string, officeId?: string) {
    const unmanaged = (await repo.selectOfficesWithoutOwnManager(trx, organisationId)).filter(
      (o) => !officeId || o.id === officeId,
    );
    if (unmanaged.length)
      throw conflict(officeText(T.ORG_OFFICE_NEEDS_MANAGER, { office: unmanaged[0]!.name }));
  }

  const lockOrganisation = (trx: Transaction<DB>, id: string) =>
    lockForUpdate(deps.dialect, trx.selectFrom('organisations').select('id').where('id', '=', id)).execute();

  return {
    async list(member: TSessionMember) {
      return {
        status: true as const,
        organisations: await summaries(await repo.selectManaged(db, member.id)),
      };
    },

    async create(member: TSessionMember, input: { name: string }) {
      const at = nowIso(now());
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertOrganisation(trx, { id, name: input.name, created_at: at });
        await repo.insertManager(trx, { organisation_id: id, member_id: member.id, joined_at: at });
      });
      return { status: true as const, organisation: await one(member, id) };
    },

    /** A link for an office's manager to bring their office in (valid OFFICE_INVITE_DAYS). */
    async invite(member: TSessionMember, id: string) {
      const organisation = await managedOrganisation(member, id);
      const token = newSecretToken();
      const at = now();
      await repo.insertInvite(db, {
        id: newId(),
        organisation_id: organisation.id,
        token_hash: hashToken(token),
        created_by: member.id,
        created_at: nowIso(at),
        expires_at: nowIso(new Date(at.getTime() + OFFICE_INVITE_DAYS * 86_400_000)),
      });
      const link = `${deps.publicUrl.replace(/\/$/, '')}/organisation-join?t=${encodeURIComponent(token)}`;
      return { status: true as const, link, mailedTo: null };
    },

    async invitePreview(member: TSessionMember, token: string) {
      const invite = await repo.selectInvite(db, hashToken(token), nowIso(now()));
      if (!invite) throw badRequest(T.ORG_INVITE_INVALID, 't');
      const own = await repo.selectOwnFreeOffices(db, member.id);
      return { status: true as const, organisation: { name: invite.name }, offices: own };
    },

    /** The office's own manager brings it in: their consent is this act (decision 1168). */
    async join(member: TSessionMember, input: { t: string; officeId: string }) {
      const invite = await repo.selectInvite(db, hashToken(input.t), nowIso(now()));
      if (!invite) throw badRequest(T.ORG_INVITE_INVALID, 't');
      const own = await offRepo.selectMembership(db, input.officeId, member.id);
      if (!own) throw notFound(T.NOT_FOUND);
      if (own.role !== 'manager') throw forbidden(T.ORG_NOT_OFFICE_MANAGER);
      if (!(await repo.attachOffice(db, input.officeId, invite.organisation_id)))
        throw conflict(T.ORG_ALREADY_IN, 'officeId');
      const office = (await offices.list(member)).offices.find((o) => o.id === input.officeId)!;
      return { status: true as const, office };
    },

    /**
     * Takes an office out: by a manager of the organisation or by the office's own manager. The
     * organisation's view ends with this transaction; an office with no manager of its own is
     * refused (it would be left with none, decision 1169).
     */
    async removeOffice(member: TSessionMember, input: { id: string; officeId: string }) {
      const [byOrganisation, own] = await Promise.all([
        repo.selectManagedOne(db, input.id, member.id),
        offRepo.selectMembership(db, input.officeId, member.id),
      ]);
      if (!byOrganisation && own?.role !== 'manager') throw notFound(T.ORG_NOT_FOUND);
      await db.transaction().execute(async (trx) => {
        await lockOrganisation(trx, input.id);
        await officesKeepAManager(trx, input.id, input.officeId);
        if (!(await repo.detachOffice(trx, input.officeId, input.id))) throw notFound(T.ORG_NOT_FOUND);
      });
      return { status: true as const };
    },

    /**
     * A manager "for all" leaves. When the last one leaves, the organisation is erased and its
     * offices' managers are told, as an office is when its last manager leaves (decision 1169);
     * refused only while one of its offices has no manager of its own, which would be left with
     * none. The row is locked and the managers counted after, so two last leaving at once erase it once.
     */
    async leave(member: TSessionMember, id: string) {
      const organisation = await managedOrganisation(member, id);
      const at = now();
      const brand = await deps.brand();
      const erased = await db.transaction().execute(async (trx) => {
        await lockOrganisation(trx, id);
        if (!(await repo.deleteManager(trx, id, member.id))) throw notFound(T.ORG_NOT_FOUND);
        if ((await repo.countManagers(trx, id)) > 0) return 0;
        await officesKeepAManager(trx, id);
        return eraseOrganisation(trx, organisation, at, brand);
      });
      if (erased) deps.mailQueued();
      return { status: true as const };
    },

    /** A manager makes someone in one of its offices a manager "for all". */
    async promote(member: TSessionMember, input: { id: string; memberId: string }) {
      const organisation = await managedOrganisation(member, input.id);
      const person = await repo.selectPersonInOrganisation(db, organisation.id, input.memberId);
      if (!person) throw badRequest(T.ORG_NOT_IN_OFFICES, 'memberId');
      await repo.insertManager(db, {
        organisation_id: organisation.id,
        member_id: input.memberId,
        joined_at: nowIso(now()),
      });
      return { status: true as const, organisation: await one(member, organisation.id) };
    },

    /** A manager closes the organisation: it is erased; its offices stay with their own managers. */
    async close(member: TSessionMember, id: string) {
      const organisation = await managedOrganisation(member, id);
      const at = now();
      const brand = await deps.brand();
      await db.transaction().execute(async (trx) => {
        await lockOrganisation(trx, id);
        await officesKeepAManager(trx, id);
        await eraseOrganisation(trx, organisation, at, brand);
      });
      deps.mailQueued();
      return { status: true as const };
    },

    /** After a member's erasure (their managing rows went with it): organisations left without a manager go too. */
    async afterErasure() {
      const brand = await deps.brand();
      const erased = await db.transaction().execute((trx) => eraseUnmanaged(trx, now(), brand));
      if (erased) deps.mailQueued();
    },

    /** Every office's board in one: the union with an office column, filtered by office. */
    async board(member: TSessionMember, query: TOrganisationBoardQuery) {
      const organisation = await managedOrganisation(member, query.id);
      const [summary] = await summaries([organisation]);
      const chosen = summary!.offices.filter((o) => !query.officeId || o.id === query.officeId);
      const people: TOrganisationBoardPerson[] = [];
      for (const office of chosen) {
        for (const person of await offices.boardPeople(office.id, query)) {
          people.push(Object.assign({}, person, { officeId: office.id, officeName: office.name }));
        }
      }
      return { status: true as const, organisation: summary!, people };
    },
  };
}

export type TOrganisationsService = ReturnType<typeof createOrganisationsService>;
