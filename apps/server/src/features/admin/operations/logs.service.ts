import type { Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, type TAdminListQuery } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { nowIso } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import { conflict, notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { redactLinks } from '../../../lib/logger.ts';
import { enqueueMail, type TMailAttachment } from '../../../lib/mail/outbox.ts';
import { renderedOutboxRow } from '../../../lib/mail/templates.ts';
import { offsetOf, pageOf } from '../paging.ts';
import * as repo from './operations.repo.ts';

/*
 * The mail outbox (03 §9: mail staff can read, and retry when it failed) and the audit log of
 * staff changes (03 §10).
 */

type TMailRow = Awaited<ReturnType<typeof repo.selectOutboxPage>>['rows'][number];

const presentMail = (m: TMailRow) => ({
  id: m.id,
  toAddress: m.to_address,
  subject: m.subject,
  kind: m.kind,
  status: m.status,
  attempts: m.attempts,
  lastError: m.last_error,
  createdAt: m.created_at,
  sentAt: m.sent_at,
});

export function createLogs(deps: { db: Kysely<DB>; mailQueued: () => void }) {
  const { db } = deps;
  return {
    async outbox(
      query: TAdminListQuery & { status?: 'pending' | 'sending' | 'sent' | 'failed' | undefined },
    ) {
      const page = query.page ?? 0;
      const { rows, total } = await repo.selectOutboxPage(db, query, offsetOf(page), ADMIN_PAGE_SIZE);
      return pageOf(page, total, rows.map(presentMail));
    },

    /**
     * One mail, as staff may read it (issue 37 row 6): every one-time link taken out (a live
     * reset or login link was used to take over an account), and the reading audited.
     */
    async mail(id: string, actor: TSessionMember) {
      const row = await repo.selectMail(db, id);
      if (!row) throw notFound('This mail no longer exists.');
      await recordAudit(db, {
        actorId: actor.id,
        action: 'read-mail',
        entity: 'mail_outbox',
        entityId: id,
        detail: { to: row.to_address, subject: row.subject, kind: row.kind },
      });
      const body = redactLinks(renderedOutboxRow(row).text_body);
      return {
        status: true,
        data: Object.assign(presentMail(row), { textBody: body.text, hasRedactedLinks: body.isRedacted }),
      };
    },

    /**
     * The same mail again, to the same address (audited): the member gets their link, staff
     * never see it. A new outbox row, so the first one's record stays as it was.
     */
    async resend(id: string, actor: TSessionMember) {
      await db.transaction().execute(async (trx) => {
        const queued = await repo.selectMailToResend(trx, id);
        if (!queued) throw notFound('This mail no longer exists.');
        // The copy is sent as the first was (rendered now if it was queued as facts).
        const row = renderedOutboxRow(queued);
        const copy = await enqueueMail(
          trx,
          Object.assign(
            {
              to: row.to_address,
              subject: row.subject,
              text: row.text_body,
              kind: row.kind,
              attachments: JSON.parse(row.attachments) as TMailAttachment[],
            },
            row.html_body ? { html: row.html_body } : {},
            row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {},
          ),
        );
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'resend-mail',
          entity: 'mail_outbox',
          entityId: id,
          detail: { to: row.to_address, subject: row.subject, copy },
        });
      });
      deps.mailQueued();
      return { status: true };
    },

    /** A failed mail goes back to pending with a fresh retry budget; the worker is woken. */
    async retry(id: string, actor: TSessionMember) {
      await db.transaction().execute(async (trx) => {
        const row = await repo.selectMail(trx, id);
        if (!row) throw notFound('This mail no longer exists.');
        if ((await repo.retryFailedMail(trx, id, nowIso())) === 0)
          throw conflict('Only a failed mail can be retried.');
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'retry-mail',
          entity: 'mail_outbox',
          entityId: id,
          detail: { to: row.to_address, subject: row.subject },
        });
      });
      deps.mailQueued();
      return { status: true };
    },

    async audit(query: TAdminListQuery) {
      const page = query.page ?? 0;
      const { rows, total } = await repo.selectAuditPage(db, query.q, offsetOf(page), ADMIN_PAGE_SIZE);
      return pageOf(
        page,
        total,
        rows.map((r) => ({
          id: r.id,
          at: r.at,
          actor: r.username,
          action: r.action,
          entity: r.entity,
          entityId: r.entity_id,
          detail: r.detail,
        })),
      );
    },
  };
}

export type TLogs = ReturnType<typeof createLogs>;
