import type { TSupportForm } from '@opence/shared/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { enqueueMail, type TOutgoingMail } from '../../lib/mail/outbox.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { resolveSession, type TSessionMember } from '../../domain/sessions.ts';
import { rateLimited } from '../../lib/api-errors.ts';
import { insertSupportMessage, type TSupportMessage } from './support.repo.ts';

export type TSupportDeps = {
  db: Kysely<DB>;
  /** Site settings (key → value): supportEmail receives the messages. */
  settings: () => Promise<Record<string, string>>;
  /** Wakes the outbox worker once a mail is committed. */
  mailQueued?: () => void;
  now?: () => Date;
};

/** Messages one address may send per hour: plenty for a person, a wall for a script. */
const MESSAGES_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/** The mail staff receive: every field, the member's username when signed in. */
function supportMail(to: string, m: TSupportMessage, member: TSessionMember | null): TOutgoingMail {
  return {
    to,
    kind: 'support',
    subject: `Support: ${m.subject} from ${m.name}`,
    text: [
      `Support Topic: ${m.subject}`,
      `Name: ${m.name}`,
      `Office/Company: ${m.office}`,
      `Email: ${m.email}`,
      `Phone: ${m.phone}`,
      `Member: ${member ? member.username : 'not signed in'}`,
      '',
      m.comment,
    ].join('\n'),
  };
}

/** The support form (01 §2): stores the message and mails it to the support address. */
export function createSupportService(deps: TSupportDeps) {
  const { db } = deps;

  return {
    /**
     * Stores a message and queues its mail in one transaction (03 §9). The sender is the
     * signed-in member when the request carries a valid token (s, Bearer, or the form's hash).
     */
    async send(
      form: TSupportForm,
      sender: { member: TSessionMember | null; hash: string | undefined; address: string },
    ): Promise<void> {
      const hit = await hitRateLimit(db, `support:${sender.address}`, MESSAGES_PER_HOUR, HOUR_MS);
      if (!hit.allowed) throw rateLimited();
      const member = sender.member ?? (await resolveSession(db, sender.hash));
      const supportEmail = (await deps.settings()).supportEmail?.trim() ?? '';
      const message: TSupportMessage = Object.assign({ id: newId(), memberId: member?.id ?? null }, form, {
        at: nowIso(deps.now?.() ?? new Date()),
      });
      await db.transaction().execute(async (trx) => {
        await insertSupportMessage(trx, message);
        // Without a support address the message still reaches staff through the console.
        if (supportEmail) await enqueueMail(trx, supportMail(supportEmail, message, member));
      });
      if (supportEmail) deps.mailQueued?.();
    },
  };
}

export type TSupportService = ReturnType<typeof createSupportService>;
