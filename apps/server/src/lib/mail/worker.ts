import { hostname } from 'node:os';
import { newId, nowIso } from '../ids.ts';
import type { TWithTables } from '../owned-tables.ts';
import { outboxTables, type TMailAttachment, type TOutboxTables } from './outbox.ts';
import { renderedOutboxRow } from './templates.ts';
import type { TMailTransport } from './transport.ts';

/*
 * The outbox worker (03 §9). Each process claims due rows with an atomic conditional UPDATE
 * (claimed_by / claimed_until, a lease), so several processes share one outbox and a crashed
 * sender's rows are taken over when its lease runs out; a live sender renews its lease while a
 * send lasts, so the lease can be short and a killed sender's mail waits seconds, not minutes.
 * Each row is sent with a Message-ID made from its id: the one duplicate a crash can cause
 * (killed after the SMTP server accepted, before the row was marked sent) carries the same
 * Message-ID, by which mail clients and archives recognise the copy. A failed send is retried with
 * exponential back-off, up to maxAttempts, then marked 'failed' for staff to see.
 *
 * Without SMTP (no transport) mail stays pending in the outbox and each new row is logged by
 * recipient, subject and kind only: the bodies hold reset and login links.
 */

type TLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type TMailWorkerOptions<TSchema extends TOutboxTables = TOutboxTables> = {
  db: TWithTables<TSchema>;
  /** null: no SMTP configured; mail stays in the outbox and is logged. */
  transport: TMailTransport | null;
  from: string;
  log: TLogger;
  /** How often the worker looks for due mail. */
  pollMs?: number;
  maxAttempts?: number;
  /** First retry delay; each further retry doubles it (capped at maxBackoffMs). */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** How long a claim holds before another process may take the row over; renewed while sending. */
  leaseMs?: number;
  batchSize?: number;
};

export type TDrainResult = { sent: number; retried: number; failed: number };

export type TMailWorker = {
  readonly id: string;
  /** Starts polling; idempotent. */
  start(): void;
  /** Stops polling and waits for the send in progress (not for the rest of the outbox). */
  stop(): Promise<void>;
  /** Asks for a pass soon (after a mail was queued). */
  wake(): void;
  /** Sends everything due now, in this call; for tests and for shutdown. */
  drainOutbox(now?: Date): Promise<TDrainResult>;
};

export const MAIL_DEFAULTS = {
  pollMs: 2_000,
  maxAttempts: 6,
  backoffBaseMs: 60_000,
  maxBackoffMs: 6 * 60 * 60 * 1000,
  leaseMs: 30_000,
  batchSize: 20,
} as const;

/** The delay before retry number `attempts` (1 after the first failure). */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

function decodeAttachments(json: string): { filename: string; contentType: string; content: Buffer }[] {
  try {
    const list = JSON.parse(json) as TMailAttachment[];
    return Array.isArray(list)
      ? list.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        }))
      : [];
  } catch {
    return [];
  }
}

/** The Message-ID of an outbox row: the same on every attempt, in the sender's domain. */
export function outboxMessageId(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${rowId}@${domain}>`;
}

export function createMailWorker<TSchema extends TOutboxTables>(
  options: TMailWorkerOptions<TSchema>,
): TMailWorker {
  const o = { ...MAIL_DEFAULTS, ...options };
  const db = outboxTables(o.db);
  const { transport, log } = o;
  const id = `${hostname()}:${process.pid}:${newId().slice(-12)}`;
  let timer: NodeJS.Timeout | null = null;
  /** When the pending timer's pass is due (Date.now() ms). */
  let timerDueAt = 0;
  let running: Promise<unknown> | null = null;
  let started = false;
  let stopping = false;
  /** The last kept mail logged (decision 0820): the looks start a minute before the start. */
  let loggedUpTo = { at: nowIso(new Date(Date.now() - 60_000)), id: '' };

  /** Rows due now that nobody holds: pending and unclaimed, or a sender's lease ran out. */
  function dueCondition(now: string) {
    return db
      .selectFrom('mail_outbox')
      .select('id')
      .where('next_attempt_at', '<=', now)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'pending'),
            eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]),
          ]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
        ]),
      );
  }

  async function claim(rowId: string, now: Date): Promise<boolean> {
    const at = nowIso(now);
    const result = await db
      .updateTable('mail_outbox')
      .set({ status: 'sending', claimed_by: id, claimed_until: nowIso(new Date(now.getTime() + o.leaseMs)) })
      .where('id', '=', rowId)
      .where('next_attempt_at', '<=', at)
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'pending'),
            eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]),
          ]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', at)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Keeps this process's claim on a row alive while its send lasts. */
  function renewLease(rowId: string): () => void {
    const renewal = setInterval(() => {
      db.updateTable('mail_outbox')
        .set({ claimed_until: nowIso(new Date(Date.now() + o.leaseMs)) })
        .where('id', '=', rowId)
        .where('claimed_by', '=', id)
        .execute()
        .catch((error: unknown) => log.warn({ mailId: rowId, err: error }, 'mail lease renewal failed'));
    }, o.leaseMs / 3);
    renewal.unref();
    return () => clearInterval(renewal);
  }

  async function sendOne(rowId: string, now: Date, result: TDrainResult): Promise<void> {
    if (!transport || !(await claim(rowId, now))) return;
    const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', rowId).executeTakeFirst();
    if (!row) return;
    const stopRenewing = renewLease(rowId);
    try {
      // A mail queued as facts is rendered here, off the path of the request that queued it.
      const mail = renderedOutboxRow(row);
      await transport.send({
        messageId: outboxMessageId(row.id, o.from),
        from: o.from,
        to: row.to_address,
        subject: row.subject,
        text: mail.text_body,
        html: mail.html_body,
        attachments: decodeAttachments(mail.attachments),
        headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined,
      });
      await db
        .updateTable('mail_outbox')
        .set({
          status: 'sent',
          sent_at: nowIso(),
          attempts: row.attempts + 1,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
        })
        .where('id', '=', rowId)
        .where('claimed_by', '=', id)
        .execute();
      result.sent++;
      log.info({ mailId: rowId, kind: row.kind }, 'mail sent');
    } catch (error) {
      const attempts = row.attempts + 1;
      const isFinal = attempts >= o.maxAttempts;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db
        .updateTable('mail_outbox')
        .set({
          status: isFinal ? 'failed' : 'pending',
          attempts,
          last_error: message,
          claimed_by: null,
          claimed_until: null,
          next_attempt_at: nowIso(
            new Date(now.getTime() + backoffMs(attempts, o.backoffBaseMs, o.maxBackoffMs)),
          ),
        })
        .where('id', '=', rowId)
        .where('claimed_by', '=', id)
        .execute();
      if (isFinal) result.failed++;
      else result.retried++;
      log.warn({ mailId: rowId, kind: row.kind, attempts, isFinal, err: message }, 'mail send failed');
    } finally {
      stopRenewing();
    }
  }

  /**
   * Without SMTP: log each mail queued since the last look, by recipient and subject only.
   * A kept mail's next attempt is its creation (queued with both at the same instant, moved only
   * by a resend, which is then logged again), so the looks walk the (status, next_attempt_at)
   * index in its own order from where the last one stopped, the id breaking ties: each look reads
   * at most 100 rows however far the log has fallen behind. Ordering by created_at sorted the
   * whole backlog every 2 s: a surge queues mail faster than 100 lines per look, and the sort
   * grew run after run (49 ms on SQLite's event loop, 30 ms on PostgreSQL, with 30,000 behind;
   * issue 39). Before that, without the index range, every look sorted the whole pending outbox
   * (decision 0820).
   */
  async function logKept(): Promise<void> {
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'kind', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '>=', loggedUpTo.at)
      .where((eb) => eb.or([eb('next_attempt_at', '>', loggedUpTo.at), eb('id', '>', loggedUpTo.id)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(100)
      .execute();
    for (const row of rows) {
      log.info(
        { mailId: row.id, to: row.to_address, subject: row.subject, kind: row.kind },
        'mail kept in the outbox: no SMTP_URL configured',
      );
      loggedUpTo = { at: row.next_attempt_at, id: row.id };
    }
  }

  async function pass(now: Date): Promise<TDrainResult> {
    const result: TDrainResult = { sent: 0, retried: 0, failed: 0 };
    if (!transport) {
      await logKept();
      return result;
    }
    // A stopping process finishes the send in progress and leaves the rest to the next start.
    while (!stopping) {
      const at = nowIso(now);
      const due = await dueCondition(at).orderBy('next_attempt_at').limit(o.batchSize).execute();
      if (due.length === 0) break;
      const before = result.sent + result.retried + result.failed;
      for (const row of due) {
        if (stopping) break;
        await sendOne(row.id, now, result);
      }
      // Every row was taken by another process: stop rather than spin.
      if (result.sent + result.retried + result.failed === before) break;
    }
    return result;
  }

  /** One pass at a time per process. */
  function exclusive(now: Date): Promise<TDrainResult> {
    const previous = running ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => pass(now));
    running = next;
    return next.finally(() => {
      if (running === next) running = null;
    });
  }

  /**
   * Runs a pass after delayMs, unless one is already due sooner. A wake never puts a due pass
   * later: the surge's reservations woke the worker every 3 ms, and each wake moved the pass
   * 50 ms on, so no mail went out while they lasted (issue 21).
   */
  function schedule(delayMs: number) {
    if (!started) return;
    const dueAt = Date.now() + delayMs;
    if (timer) {
      if (timerDueAt <= dueAt) return;
      clearTimeout(timer);
    }
    timerDueAt = dueAt;
    timer = setTimeout(() => {
      timer = null;
      exclusive(new Date())
        .catch((error: unknown) => log.error({ err: error }, 'mail worker pass failed'))
        .finally(() => schedule(o.pollMs));
    }, delayMs);
    timer.unref();
  }

  return {
    id,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      transport?.close();
    },
    wake() {
      schedule(50);
    },
    drainOutbox: (now = new Date()) => exclusive(now),
  };
}
