import type { Generated } from 'kysely';
import { newId, nowIso } from '../ids.ts';
import { ownTables, type TWithTables } from '../owned-tables.ts';

/*
 * Mail is written to the outbox in the same transaction as the change that causes it (03 §9);
 * a worker sends it later. So a rolled-back change sends nothing, and a sent mail is never lost.
 */

/** The outbox (db/types.ts: MailOutboxTable). */
export type TOutboxTables = {
  mail_outbox: {
    id: string;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attachments: Generated<string>;
    kind: string;
    status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
    attempts: Generated<number>;
    next_attempt_at: string;
    claimed_by: string | null;
    claimed_until: string | null;
    last_error: string | null;
    sent_at: string | null;
    created_at: string;
    headers: string | null;
    template: string | null;
    facts: string | null;
  };
};
export const outboxTables = ownTables<TOutboxTables>();

export type TMailAttachment = { filename: string; contentType: string; contentBase64: string };

export type TOutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (reset, gdpr, ce-report, support, seat, certificate…): for staff and tests. */
  kind: string;
  attachments?: TMailAttachment[];
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * Queued as facts, rendered when sent (lib/mail/templates.ts): text, html, attachments and
   * headers are then left empty here and come from the template.
   */
  template?: { name: string; facts: unknown };
};

/** The outbox row of a mail (a statement that queues a mail itself builds from it: seats.repo.ts). */
export function outboxRow(mail: TOutgoingMail, id: string, now: Date) {
  return {
    id,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments: JSON.stringify(mail.attachments ?? []),
    kind: mail.kind,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
    template: mail.template?.name ?? null,
    facts: mail.template ? JSON.stringify(mail.template.facts) : null,
    next_attempt_at: nowIso(now),
    created_at: nowIso(now),
  };
}

/** Queues a mail; pass the transaction of the change that causes it. Returns the outbox id. */
export async function enqueueMail<TSchema extends TOutboxTables>(
  db: TWithTables<TSchema>,
  mail: TOutgoingMail,
  now = new Date(),
): Promise<string> {
  const id = newId();
  await outboxTables(db)
    .insertInto('mail_outbox')
    .values(outboxRow(mail, id, now))
    .execute();
  return id;
}

/** Queues several mails in one statement (a pass of reminders); pass the transaction of the change that causes them. */
export async function enqueueMails<TSchema extends TOutboxTables>(
  db: TWithTables<TSchema>,
  mails: readonly TOutgoingMail[],
  now = new Date(),
): Promise<void> {
  if (mails.length === 0) return;
  await outboxTables(db)
    .insertInto('mail_outbox')
    .values(mails.map((mail) => outboxRow(mail, newId(), now)))
    .execute();
}
