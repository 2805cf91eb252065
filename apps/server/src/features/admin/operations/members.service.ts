import type { Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, type TAdminListQuery } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import { conflict, notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { offsetOf, pageOf } from '../paging.ts';
import * as repo from './operations.repo.ts';

/*
 * Members for staff (03 §10): search by username, e-mail or name, a member's completions, and
 * the actions other features own (password-reset mail, certificate re-send, erase), passed in
 * from app.ts. Each action is recorded in the audit log once it has succeeded: the change
 * itself is made, in its own transaction, by the feature that owns it.
 */

/** The member a certificate is mailed to: who a session would say they are. */
export type TCertificateHolder = Omit<TSessionMember, 'sessionId' | 'secondFactorAt'>;

export type TMemberActions = {
  /** Mails the member a password-reset link (accounts). */
  sendPasswordReset?: (member: { id: string; username: string; email: string }, ip: string) => Promise<void>;
  /** Mails the member the certificate of a completion again (certificates). */
  resendCertificate?: (completion: {
    member: TCertificateHolder;
    classHash: string | null;
    podcastHash: string | null;
  }) => Promise<void>;
  /** Erases the member's personal data (accounts, 03 §3). */
  eraseMember?: (memberId: string) => Promise<void>;
};

type TMemberRow = NonNullable<Awaited<ReturnType<typeof repo.selectMember>>>;

function present(m: TMemberRow) {
  return {
    id: m.id,
    username: m.username,
    email: m.email,
    name: [m.firstname, m.lastname].filter(Boolean).join(' '),
    role: m.role,
    agdNumber: m.agd_number,
    createdAt: m.created_at,
    erasedAt: m.erased_at,
  };
}

export function createMembersAdmin(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function member(id: string) {
    const row = await repo.selectMember(db, id);
    if (!row) throw notFound('This member no longer exists.');
    return row;
  }

  async function audited(
    actor: TSessionMember,
    action: string,
    memberId: string,
    detail?: Record<string, unknown>,
  ) {
    await recordAudit(db, {
      actorId: actor.id,
      action,
      entity: 'members',
      entityId: memberId,
      ...(detail ? { detail } : {}),
    });
    return { status: true };
  }

  return {
    async search(query: TAdminListQuery) {
      const page = query.page ?? 0;
      const { rows, total } = await repo.selectMembersPage(db, query.q, offsetOf(page), ADMIN_PAGE_SIZE);
      return pageOf(page, total, rows.map(present));
    },

    async detail(id: string) {
      const row = await member(id);
      const completions = await repo.selectMemberCompletions(db, id);
      return {
        status: true,
        member: Object.assign(present(row), { phone: row.phone, officeName: row.office_name }),
        completions: completions.map((c) => ({
          id: c.id,
          title: c.class_title ?? c.podcast_title ?? '',
          kind: c.class_id ? ('class' as const) : ('podcast' as const),
          completedAt: c.completed_at,
          credits: Number(c.credits),
          ceTypeId: c.ce_type_id,
          certificateNumber: c.certificate_number,
          agdSubmittedAt: c.agd_submitted_at,
        })),
      };
    },

    async sendPasswordReset(
      send: NonNullable<TMemberActions['sendPasswordReset']>,
      id: string,
      ip: string,
      actor: TSessionMember,
    ) {
      const row = await member(id);
      if (row.erased_at) throw conflict('This member has been erased.');
      await send({ id: row.id, username: row.username, email: row.email }, ip);
      return audited(actor, 'password-reset-mail', id);
    },

    async resendCertificate(
      resend: NonNullable<TMemberActions['resendCertificate']>,
      completionId: string,
      actor: TSessionMember,
    ) {
      const completion = await repo.selectCompletion(db, completionId);
      if (!completion) throw notFound('This completion no longer exists.');
      if (completion.erased_at) throw conflict('This member has been erased.');
      const member = {
        id: completion.member_id,
        hash: completion.member_hash,
        role: completion.role,
        username: completion.username,
        firstname: completion.firstname,
        lastname: completion.lastname,
        email: completion.email,
      };
      await resend({ member, classHash: completion.class_hash, podcastHash: completion.podcast_hash });
      return audited(actor, 'resend-certificate', completion.member_id, {
        completionId,
        title: completion.class_title ?? completion.podcast_title,
      });
    },

    async erase(erase: NonNullable<TMemberActions['eraseMember']>, id: string, actor: TSessionMember) {
      const row = await member(id);
      if (row.role === 'staff') throw conflict('A staff account is not erased from the console.');
      if (row.erased_at) throw conflict('This member has already been erased.');
      await erase(id);
      return audited(actor, 'erase-member', id);
    },
  };
}

export type TMembersAdmin = ReturnType<typeof createMembersAdmin>;
