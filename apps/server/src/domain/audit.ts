import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.ts';
import { newId, nowIso } from '../lib/ids.ts';

/*
 * The audit log of every staff change (03 §10: who, what, when). Written with the transaction
 * of the change, so a change and its record stand or fall together.
 */

export type TAuditEntry = {
  /** The staff member; null for the scheduler and the command line. */
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  detail?: Record<string, unknown>;
};

const DETAIL_TEXT_MAX = 300;

/** Long texts (bodies, descriptions) are cut: the log says what changed, not the whole page. */
function shorten(value: unknown): unknown {
  if (typeof value === 'string' && value.length > DETAIL_TEXT_MAX)
    return `${value.slice(0, DETAIL_TEXT_MAX)}…`;
  return value;
}

export async function recordAudit(
  db: Kysely<DB> | Transaction<DB>,
  entry: TAuditEntry,
  now: Date = new Date(),
): Promise<void> {
  const detail = Object.fromEntries(Object.entries(entry.detail ?? {}).map(([k, v]) => [k, shorten(v)]));
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      detail: JSON.stringify(detail),
      at: nowIso(now),
    })
    .execute();
}
