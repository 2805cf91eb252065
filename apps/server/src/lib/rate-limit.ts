import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.ts';
import { nowIso } from './ids.ts';

/*
 * Fixed-window counters in the rate_limits table, so a limit holds across every server
 * process sharing the database (03 §1). One atomic upsert per hit: no read-modify-write race.
 */

export type TRateLimitHit = {
  /** True while the hits in this window are within the limit (this hit included). */
  allowed: boolean;
  hits: number;
  /** When the current window ends and the counter starts again. */
  resetAt: Date;
};

/**
 * Counts one hit on `key` and tells whether it is within `limit` hits per `windowMs`.
 * A window older than `windowMs` starts over at this hit.
 */
export async function hitRateLimit(
  db: Kysely<DB>,
  key: string,
  limit: number,
  windowMs: number,
  now: Date = new Date(),
): Promise<TRateLimitHit> {
  const at = nowIso(now);
  const cutoff = nowIso(new Date(now.getTime() - windowMs));
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: at, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${cutoff} then ${at} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  return { allowed: hits <= limit, hits, resetAt: new Date(Date.parse(row.window_start) + windowMs) };
}

/** Takes back one hit (an attempt that turned out fine, such as a successful login). */
export async function releaseRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

/** Forgets a counter altogether. */
export async function clearRateLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Deletes counters whose window ended before `olderThanMs` ago, so the table stays small. */
export async function pruneRateLimits(
  db: Kysely<DB>,
  olderThanMs: number,
  now: Date = new Date(),
): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', nowIso(new Date(now.getTime() - olderThanMs)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
