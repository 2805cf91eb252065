import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

export type TSupportMessage = {
  id: string;
  memberId: string | null;
  name: string;
  office: string;
  email: string;
  phone: string;
  subject: string;
  comment: string;
  at: string;
};

/** Stores a support message for staff (01 §2 Support). */
export async function insertSupportMessage(
  db: Kysely<DB> | Transaction<DB>,
  m: TSupportMessage,
): Promise<void> {
  await db
    .insertInto('support_messages')
    .values({
      id: m.id,
      member_id: m.memberId,
      name: m.name,
      office: m.office,
      email: m.email,
      phone: m.phone,
      subject: m.subject,
      comment: m.comment,
      created_at: m.at,
    })
    .execute();
}
