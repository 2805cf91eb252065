import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/types.ts';
import { outboxMessageId } from '../../src/lib/mail/worker.ts';
import type { TReceivedMail } from '../smtp-server.ts';
import { passKey, type TFaultFixtures, type TLedger } from './load.ts';

/*
 * What must hold after a run of kills and restarts: every success answer is in the database,
 * no limit was broken, and the outbox delivered every mail (03 §5, §6, §9).
 */

export type TMailTally = {
  outboxRows: number;
  received: number;
  /** Copies received beyond the first, per outbox row (the crash window in 0904). */
  duplicates: number;
};

/** Received mails counted by Message-ID. */
export function receivedByMessageId(messages: TReceivedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { messageId = '(none)' } of messages) counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
  return counts;
}

/** True once every outbox row is sent and has arrived at least once. */
export async function isOutboxDelivered(
  db: Kysely<DB>,
  messages: TReceivedMail[],
  mailFrom: string,
): Promise<boolean> {
  const rows = await db.selectFrom('mail_outbox').select(['id', 'status']).execute();
  const received = receivedByMessageId(messages);
  return rows.every((r) => r.status === 'sent' && received.has(outboxMessageId(r.id, mailFrom)));
}

async function checkMembers(db: Kysely<DB>, ledger: TLedger, violations: string[]) {
  for (const r of ledger.registered) {
    const row = await db
      .selectFrom('members')
      .select('email')
      .where('username_key', '=', r.username.toLowerCase())
      .executeTakeFirst();
    if (!row) violations.push(`registered member ${r.username} is missing`);
    else if (row.email !== r.email) violations.push(`registered member ${r.username} has another e-mail`);
  }
}

async function checkSeats(db: Kysely<DB>, ledger: TLedger, fixtures: TFaultFixtures, violations: string[]) {
  const rows = await db
    .selectFrom('seats')
    .select(['id', 'member_id', 'is_waiting'])
    .where('class_id', '=', fixtures.webinar.id)
    .execute();
  const byMember = new Map<string, typeof rows>();
  for (const r of rows) byMember.set(r.member_id, [...(byMember.get(r.member_id) ?? []), r]);
  for (const [memberId, seat] of ledger.seats) {
    const held = byMember.get(memberId) ?? [];
    if (!held.some((r) => r.id === seat.attendeeId && (r.is_waiting === 1) === seat.isWaiting)) {
      violations.push(`reserved seat ${seat.attendeeId} of member ${memberId} is missing or changed`);
    }
  }
  for (const [memberId, held] of byMember) {
    if (held.length > 1) violations.push(`member ${memberId} holds ${held.length} places in the webinar`);
  }
  const seated = rows.filter((r) => r.is_waiting === 0).length;
  if (seated > fixtures.webinar.capacity) {
    violations.push(`webinar capacity ${fixtures.webinar.capacity} exceeded: ${seated} seats`);
  }
  return { seated, waiting: rows.length - seated };
}

async function checkCompletions(db: Kysely<DB>, ledger: TLedger, violations: string[]) {
  const rows = await db
    .selectFrom('completions')
    .select(['member_id', 'class_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('class_id', 'is not', null)
    .groupBy(['member_id', 'class_id'])
    .execute();
  const counts = new Map(rows.map((r) => [passKey(r.member_id, r.class_id!), Number(r.n)]));
  for (const [key, n] of counts) if (n > 1) violations.push(`completion ${key} recorded ${n} times`);
  for (const key of ledger.passes) {
    if (counts.get(key) !== 1) violations.push(`passed exam ${key} has ${counts.get(key) ?? 0} completions`);
  }
  return rows.length;
}

async function checkProfiles(db: Kysely<DB>, ledger: TLedger, violations: string[]) {
  const rows = await db
    .selectFrom('members')
    .select(['id', 'city'])
    .where('id', 'in', [...ledger.profiles.keys()])
    .execute();
  for (const row of rows) {
    const entry = ledger.profiles.get(row.id)!;
    const allowed = [...(entry.acked ? [entry.acked] : []), ...entry.unanswered];
    if (entry.acked && !allowed.includes(row.city ?? '')) {
      violations.push(`member ${row.id} city is ${row.city}, the last saved was ${entry.acked}`);
    }
  }
}

async function checkMail(
  db: Kysely<DB>,
  messages: TReceivedMail[],
  mailFrom: string,
  kills: number,
  violations: string[],
): Promise<TMailTally> {
  const rows = await db.selectFrom('mail_outbox').select(['id', 'status', 'kind']).execute();
  const received = receivedByMessageId(messages);
  const expected = new Set(rows.map((r) => outboxMessageId(r.id, mailFrom)));
  for (const r of rows) {
    if (r.status !== 'sent') violations.push(`outbox row ${r.id} (${r.kind}) is ${r.status}`);
    if (!received.has(outboxMessageId(r.id, mailFrom))) violations.push(`outbox row ${r.id} never arrived`);
  }
  for (const id of received.keys()) {
    if (!expected.has(id)) violations.push(`received a mail ${id} that is not in the outbox`);
  }
  const duplicates = [...received.values()].reduce((sum, n) => sum + n - 1, 0);
  // One send is in progress per process at a time, so a kill can repeat at most one mail.
  if (duplicates > kills) violations.push(`${duplicates} duplicate mails for ${kills} kills`);
  return { outboxRows: rows.length, received: messages.length, duplicates };
}

async function checkSqliteIntegrity(db: Kysely<DB>, violations: string[]) {
  const result = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const verdict = result.rows.map((r) => r.integrity_check).join('; ');
  if (verdict !== 'ok') violations.push(`SQLite integrity check: ${verdict}`);
}

export async function checkAfterFaults(input: {
  db: Kysely<DB>;
  dialect: 'sqlite' | 'postgres';
  ledger: TLedger;
  fixtures: TFaultFixtures;
  messages: TReceivedMail[];
  mailFrom: string;
  kills: number;
}) {
  const violations = [...input.ledger.violations];
  if (input.dialect === 'sqlite') await checkSqliteIntegrity(input.db, violations);
  await checkMembers(input.db, input.ledger, violations);
  const seats = await checkSeats(input.db, input.ledger, input.fixtures, violations);
  const completions = await checkCompletions(input.db, input.ledger, violations);
  await checkProfiles(input.db, input.ledger, violations);
  const mail = await checkMail(input.db, input.messages, input.mailFrom, input.kills, violations);
  return { violations, seats, completions, mail };
}
