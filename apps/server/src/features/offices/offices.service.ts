import type { Kysely, Transaction } from 'kysely';
import {
  addDays,
  assignmentStatus,
  daysBetween,
  OFFICE_INVITE_DAYS,
  OFFICE_REMINDER_DAYS,
  officeStatus,
  officeText,
  OfficeTexts as T,
  type TOfficeRole,
} from '@opence/shared';
import type {
  TOfficeAssignInput,
  TOfficeAssignment,
  TOfficeBoardLicence,
  TOfficeBoardPerson,
  TOfficeBoardQuery,
  TOfficeInput,
  TOfficeSummary,
  TTrackerLicence,
  TTrackerStanding,
} from '@opence/shared/schemas';
import { lockForUpdate, type TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/api-errors.ts';
import { hashToken, newId, newSecretToken, nowIso } from '../../lib/ids.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import * as repo from './offices.repo.ts';

/*
 * Offices (issue 43, decisions 1163–1166): a member's team. Every read goes through the caller's
 * own membership, so another office's id finds nothing; a manager sees of each colleague only
 * what that colleague chose to share, read from the CE tracker's own standing (handed in by
 * app.ts: features never import each other), and never their answers, profile or files.
 */

export type TOfficesDeps = {
  db: Kysely<DB>;
  dialect: TDialectName;
  publicUrl: string;
  brand: () => Promise<string>;
  mailQueued: () => void;
  /** The CE tracker's licences of a member. */
  licencesOf: (memberId: string) => Promise<TTrackerLicence[]>;
  /** The CE tracker's standing of one of a member's licences. */
  standingFor: (memberId: string, licenceId: string) => Promise<TTrackerStanding | null>;
  now?: () => Date;
};

type TSharing = { sharesDeadlines: boolean; sharesHours: boolean };

/** Hours are shared only with the licence they belong to (decision 1164). */
const sharingColumns = (s: TSharing) => ({
  shares_deadlines: s.sharesDeadlines ? 1 : 0,
  shares_hours: s.sharesDeadlines && s.sharesHours ? 1 : 0,
});

const nameOf = (p: { firstname: string | null; lastname: string | null; username: string }) =>
  [p.firstname, p.lastname].filter(Boolean).join(' ').trim() || p.username;

export function createOfficesService(deps: TOfficesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => nowIso(now()).slice(0, 10);
  const link = (path: string) => `${deps.publicUrl.replace(/\/$/, '')}${path}`;

  function summary(
    row: repo.TMembershipRow,
    counts: { people: number; managers: number } | undefined,
  ): TOfficeSummary {
    const managers = Number(counts?.managers ?? 0);
    return {
      id: row.office_id,
      name: row.name,
      address: row.address,
      state: row.state,
      role: row.role as TOfficeRole,
      sharesDeadlines: row.shares_deadlines === 1,
      sharesHours: row.shares_hours === 1,
      people: Number(counts?.people ?? 0),
      // Managers of its organisation keep the office when its own last manager leaves (1167).
      isLastManager: row.role === 'manager' && managers + Number(row.organisation_managers) <= 1,
      organisation:
        row.organisation_id && row.organisation_name
          ? { id: row.organisation_id, name: row.organisation_name }
          : null,
    };
  }

  async function summaries(rows: repo.TMembershipRow[]): Promise<TOfficeSummary[]> {
    const counts = new Map(
      (
        await repo.selectHeadcounts(
          db,
          rows.map((r) => r.office_id),
        )
      ).map((c) => [c.office_id, { people: Number(c.people), managers: Number(c.managers) }]),
    );
    return rows.map((r) => summary(r, counts.get(r.office_id)));
  }

  /** The caller's membership of an office; refused alike whether the office exists or not. */
  async function membershipOf(member: TSessionMember, officeId: string) {
    const row = await repo.selectMembership(db, officeId, member.id);
    if (!row) throw notFound(T.NOT_FOUND);
    return row;
  }

  /** The office as its manager reaches it: its own manager, or a manager of its organisation (1167). */
  async function managed(member: TSessionMember, officeId: string) {
    const row = await repo.selectManagedOffice(db, officeId, member.id);
    if (row) return row;
    await membershipOf(member, officeId);
    throw forbidden(T.NOT_MANAGER);
  }

  function presentAssignment(row: repo.TAssignmentRow, officeName: string, day: string): TOfficeAssignment {
    return {
      id: row.id,
      officeId: row.office_id,
      officeName,
      title: row.title,
      url: row.url,
      dueOn: row.due_on,
      doneAt: row.done_at,
      status: assignmentStatus({ dueOn: row.due_on, doneAt: row.done_at }, day),
    };
  }

  async function memberAssignments(memberId: string): Promise<TOfficeAssignment[]> {
    const day = today();
    return (await repo.selectMemberAssignments(db, memberId)).map((r) =>
      presentAssignment(r, r.office_name, day),
    );
  }

  /** Erases an office, with notice to everyone in it (decisions 1165, 1169). */
  async function eraseOffice(
    trx: Transaction<DB>,
    office: { id: string; name: string },
    at: Date,
    brand: string,
  ) {
    for (const person of await repo.selectPeopleAddresses(trx, office.id)) {
      await enqueueMail(
        trx,
        {
          to: person.email,
          kind: 'office-erased',
          subject: officeText(T.ERASED_SUBJECT, { office: office.name, brand }),
          text: officeText(T.ERASED_BODY, { office: office.name, brand }),
        },
        at,
      );
    }
    await repo.deleteOffice(trx, office.id);
  }

  /**
   * Erases, with notice to who is left, every office no manager is left in: after an account's
   * erasure, which cannot be refused (leaving and stepping down can, decision 1169). The brand is
   * read before the transaction: on SQLite's one connection a read outside it would wait for it.
   */
  async function eraseUnmanaged(trx: Transaction<DB>, at: Date, brand: string): Promise<number> {
    const orphans = await repo.selectOfficesWithoutManager(trx);
    for (const office of orphans) await eraseOffice(trx, office, at, brand);
    return orphans.length;
  }

  /** Locks the office's row (FOR UPDATE on PostgreSQL; SQLite runs one transaction at a time). */
  const lockOffice = (trx: Transaction<DB>, officeId: string) =>
    lockForUpdate(deps.dialect, trx.selectFrom('offices').select('id').where('id', '=', officeId)).execute();

  /** A licence as the office may see it, or null where its holder shares nothing of it. */
  async function boardLicence(
    memberId: string,
    licence: TTrackerLicence,
    sharing: TSharing,
  ): Promise<TOfficeBoardLicence | null> {
    if (!sharing.sharesDeadlines) return null;
    const standing = sharing.sharesHours ? await deps.standingFor(memberId, licence.id) : null;
    const needs = standing ? needsOf(standing) : null;
    const daysLeft = standing?.daysLeft ?? daysBetween(today(), licence.periodEnd);
    return {
      licenceType: licence.licenceType,
      state: licence.state,
      periodEnd: licence.periodEnd,
      daysLeft,
      needs,
      status: needs ? officeStatus({ daysLeft, isMissing: needs.length > 0 }) : null,
    };
  }

  /**
   * An office's people as its managers see them: each one's licences as they shared them, and
   * their assignments, filtered. The caller has checked that the reader manages the office.
   */
  async function boardPeople(
    officeId: string,
    query: Pick<TOfficeBoardQuery, 'status' | 'licenceType'>,
  ): Promise<TOfficeBoardPerson[]> {
    const [people, assignments] = await Promise.all([
      repo.selectPeople(db, officeId),
      repo.selectOfficeAssignments(db, officeId),
    ]);
    const day = today();
    const rows: TOfficeBoardPerson[] = [];
    for (const person of people) {
      const sharing = {
        sharesDeadlines: person.shares_deadlines === 1,
        sharesHours: person.shares_hours === 1,
      };
      const own = sharing.sharesDeadlines ? await deps.licencesOf(person.member_id) : [];
      const licences = (await Promise.all(own.map((l) => boardLicence(person.member_id, l, sharing)))).filter(
        (l): l is TOfficeBoardLicence =>
          l !== null &&
          (!query.licenceType || l.licenceType === query.licenceType) &&
          (!query.status || l.status === query.status),
      );
      if ((query.licenceType || query.status) && !licences.length) continue;
      rows.push({
        memberId: person.member_id,
        name: nameOf(person),
        role: person.role as TOfficeRole,
        sharesDeadlines: sharing.sharesDeadlines,
        sharesHours: sharing.sharesHours,
        licences,
        assignments: assignments
          .filter((a) => a.member_id === person.member_id)
          .map((a) => ({
            id: a.id,
            title: a.title,
            url: a.url,
            dueOn: a.due_on,
            doneAt: a.done_at,
            status: assignmentStatus({ dueOn: a.due_on, doneAt: a.done_at }, day),
          })),
      });
    }
    return rows;
  }

  return {
    async list(member: TSessionMember) {
      const [offices, assignments] = await Promise.all([
        repo.selectMemberships(db, member.id).then(summaries),
        memberAssignments(member.id),
      ]);
      return { status: true as const, offices, assignments };
    },

    /** The member's assignments (the signed-in home's list). */
    assignmentsOf: memberAssignments,

    async create(member: TSessionMember, input: TOfficeInput) {
      const at = nowIso(now());
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertOffice(trx, {
          id,
          name: input.name,
          address: input.address,
          state: input.state,
          created_at: at,
        });
        // The founder manages it and shares their own renewal with it; they can change that.
        await repo.insertMember(trx, {
          office_id: id,
          member_id: member.id,
          role: 'manager',
          shares_deadlines: 1,
          shares_hours: 1,
          joined_at: at,
        });
      });
      const [office] = await summaries([(await repo.selectMembership(db, id, member.id))!]);
      return { status: true as const, office: office! };
    },

    /** An invite link, mailed where an address is given (through the outbox, in the same transaction). */
    async invite(member: TSessionMember, input: { id: string; email?: string | undefined }) {
      const office = await managed(member, input.id);
      const token = newSecretToken();
      const joinLink = link(`/office-join?t=${encodeURIComponent(token)}`);
      const at = now();
      const email = input.email ?? null;
      const brand = email ? await deps.brand() : '';
      await db.transaction().execute(async (trx) => {
        await repo.insertInvite(trx, {
          id: newId(),
          office_id: office.office_id,
          token_hash: hashToken(token),
          email,
          created_by: member.id,
          created_at: nowIso(at),
          expires_at: nowIso(new Date(at.getTime() + OFFICE_INVITE_DAYS * 86_400_000)),
        });
        if (!email) return;
        const values = { inviter: nameOf(member), office: office.name, brand, link: joinLink };
        await enqueueMail(
          trx,
          {
            to: email,
            kind: 'office-invite',
            subject: officeText(T.INVITE_SUBJECT, values),
            text: officeText(T.INVITE_BODY, values),
          },
          at,
        );
      });
      if (email) deps.mailQueued();
      return { status: true as const, link: joinLink, mailedTo: email };
    },

    async invitePreview(member: TSessionMember, token: string) {
      const invite = await repo.selectInvite(db, hashToken(token), nowIso(now()));
      if (!invite) throw badRequest(T.INVITE_INVALID, 't');
      const isMember = Boolean(await repo.selectMembership(db, invite.office_id, member.id));
      // The consent screen names the organisation too: its managers will see what is shared (1167).
      const office = { name: invite.name, state: invite.state, organisation: invite.organisation_name };
      return { status: true as const, office, isMember };
    },

    /** Joins with the colleague's consent and choices; a mailed invite is used once. */
    async join(member: TSessionMember, input: { t: string } & TSharing) {
      const at = nowIso(now());
      const officeId = await db.transaction().execute(async (trx) => {
        const invite = await repo.selectInvite(trx, hashToken(input.t), at);
        if (!invite) throw badRequest(T.INVITE_INVALID, 't');
        if (invite.email && !(await repo.useInvite(trx, invite.id, at)))
          throw badRequest(T.INVITE_INVALID, 't');
        const joined = await repo.insertMember(trx, {
          office_id: invite.office_id,
          member_id: member.id,
          role: 'member',
          shares_deadlines: sharingColumns(input).shares_deadlines,
          shares_hours: sharingColumns(input).shares_hours,
          joined_at: at,
        });
        if (!joined) throw conflict(T.ALREADY_MEMBER, 't');
        return invite.office_id;
      });
      const [office] = await summaries([(await repo.selectMembership(db, officeId, member.id))!]);
      return { status: true as const, office: office! };
    },

    async sharing(member: TSessionMember, input: { id: string } & TSharing) {
      const updated = await repo.updateSharing(db, input.id, member.id, sharingColumns(input));
      if (!updated) throw notFound(T.NOT_FOUND);
      const [office] = await summaries([(await repo.selectMembership(db, input.id, member.id))!]);
      return { status: true as const, office: office! };
    },

    /**
     * Leaves an office: the office's view of the member ends with this transaction. When the last
     * manager leaves, the office's data is erased and everyone in it is told (the rule,
     * decisions 1165 and 1169); the screen says so before. The office's row is locked first and
     * the managers counted after the leaving, so two last managers leaving at once erase it once.
     */
    async leave(member: TSessionMember, officeId: string) {
      const at = now();
      const brand = await deps.brand();
      const erased = await db.transaction().execute(async (trx) => {
        await lockOffice(trx, officeId);
        if (!(await repo.deleteMember(trx, officeId, member.id))) throw notFound(T.NOT_FOUND);
        return eraseUnmanaged(trx, at, brand);
      });
      if (erased) deps.mailQueued();
      return { status: true as const };
    },

    /** A manager makes a colleague a manager, or a manager a colleague (stepping down, too). */
    async role(
      member: TSessionMember,
      input: { id: string; memberId?: string | undefined; role: TOfficeRole },
    ) {
      await managed(member, input.id);
      await db.transaction().execute(async (trx) => {
        await lockOffice(trx, input.id);
        // Read again under the lock: a manager who stepped down meanwhile decides nothing.
        if (!(await repo.selectManagedOffice(trx, input.id, member.id))) throw forbidden(T.NOT_MANAGER);
        if (!(await repo.updateRole(trx, input.id, input.memberId ?? member.id, input.role)))
          throw badRequest(T.NOT_IN_OFFICE, 'memberId');
        if ((await repo.countManagers(trx, input.id)) === 0) throw conflict(T.LAST_MANAGER_ROLE, 'role');
      });
      const [office] = await summaries([
        (await repo.selectManagedOffice(db, input.id, member.id)) ?? (await membershipOf(member, input.id)),
      ]);
      return { status: true as const, office: office! };
    },

    /** A manager closes the office: it is erased, and everyone in it is told. */
    async close(member: TSessionMember, officeId: string) {
      const office = await managed(member, officeId);
      const at = now();
      const brand = await deps.brand();
      await db.transaction().execute(async (trx) => {
        await lockOffice(trx, officeId);
        await eraseOffice(trx, { id: office.office_id, name: office.name }, at, brand);
      });
      deps.mailQueued();
      return { status: true as const };
    },

    /** The manager's board: each person's licences as shared, their assignments, filtered. */
    async board(member: TSessionMember, query: TOfficeBoardQuery) {
      const office = await managed(member, query.id);
      const [summaryRow] = await summaries([office]);
      return {
        status: true as const,
        office: summaryRow!,
        people: await boardPeople(office.office_id, query),
      };
    },

    boardPeople,

    eraseUnmanaged,

    async assign(member: TSessionMember, input: TOfficeAssignInput & { dueOn: string }) {
      const office = await managed(member, input.id);
      const colleague = await repo.selectMembership(db, office.office_id, input.memberId);
      if (!colleague) throw badRequest(T.NOT_IN_OFFICE, 'memberId');
      const row = {
        id: newId(),
        office_id: office.office_id,
        member_id: input.memberId,
        title: input.title,
        url: input.url ?? null,
        due_on: input.dueOn,
        done_at: null,
      };
      await repo.insertAssignment(db, Object.assign({ created_at: nowIso(now()) }, row));
      return { status: true as const, assignment: presentAssignment(row, office.name, today()) };
    },

    async assignmentDone(member: TSessionMember, id: string) {
      if (!(await repo.markAssignmentDone(db, id, member.id, nowIso(now())))) throw notFound();
      return { status: true as const };
    },

    /** Reminders: to the member a week before the day, to the managers once it is overdue. */
    async remind(at: Date): Promise<number> {
      const day = nowIso(at).slice(0, 10);
      let queued = 0;
      for (const a of await repo.selectDueReminders(db, addDays(day, OFFICE_REMINDER_DAYS))) {
        const values = { office: a.office_name, title: a.title, date: a.due_on, link: link('/home') };
        queued += await claimAndSend(a.id, 'reminded_at', at, [
          {
            to: a.email,
            kind: 'office-assignment',
            subject: officeText(T.REMINDER_SUBJECT, values),
            text: officeText(T.REMINDER_BODY, values),
          },
        ]);
      }
      for (const a of await repo.selectOverdue(db, day)) {
        const values = {
          name: nameOf(a),
          office: a.office_name,
          title: a.title,
          date: a.due_on,
          link: link('/office'),
        };
        const managers = await repo.selectManagerAddresses(db, a.office_id);
        queued += await claimAndSend(
          a.id,
          'overdue_noticed_at',
          at,
          managers.map((m) => ({
            to: m.email,
            kind: 'office-overdue',
            subject: officeText(T.OVERDUE_SUBJECT, values),
            text: officeText(T.OVERDUE_BODY, values),
          })),
        );
      }
      if (queued) deps.mailQueued();
      return queued;
    },
  };

  /** The update that claims the notice and its mails, in one transaction: sent once. */
  async function claimAndSend(
    id: string,
    column: 'reminded_at' | 'overdue_noticed_at',
    at: Date,
    mails: { to: string; kind: string; subject: string; text: string }[],
  ): Promise<number> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.claimNotice(trx, id, column, nowIso(at)))) return 0;
      for (const mail of mails) await enqueueMail(trx, mail, at);
      return mails.length;
    });
  }
}

/** What is still missing of a standing, with its hours: the tracker's own verdict, not a second copy. */
export function needsOf(standing: TTrackerStanding): { label: string; hours: number | null }[] {
  const short = (line: { required: number | null; counted: number }) =>
    line.required === null ? null : Math.max(0, Math.round((line.required - line.counted) * 100) / 100);
  return standing.gap.map((g) => {
    if (g.need === 'total') return { label: g.label, hours: short(standing.total) };
    if (g.need === 'live') return { label: g.label, hours: standing.live ? short(standing.live) : null };
    const requirement = standing.requirements.find((r) => r.key === g.need);
    return { label: g.label, hours: requirement && requirement.kind === 'hours' ? short(requirement) : null };
  });
}

export type TOfficesService = ReturnType<typeof createOfficesService>;
