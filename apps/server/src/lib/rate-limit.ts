import { sql } from 'kysely';
import { nowIso } from './ids.ts';
import type { TJob } from './jobs.ts';
import { ownTables, type TWithTables } from './owned-tables.ts';

/*
 * Fixed-window counters in the rate_limits table, so a limit holds across every server
 * process sharing the database (03 §1). One atomic upsert per hit: no read-modify-write race.
 */

/** The counters' table (db/types.ts: RateLimitsTable). */
export type TRateLimitTables = { rate_limits: { key: string; window_start: string; hits: number } };
const rateLimitTables = ownTables<TRateLimitTables>();

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
export async function hitRateLimit<TSchema extends TRateLimitTables>(
  database: TWithTables<TSchema>,
  key: string,
  limit: number,
  windowMs: number,
  now: Date = new Date(),
): Promise<TRateLimitHit> {
  const db = rateLimitTables(database);
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
export async function releaseRateLimit<TSchema extends TRateLimitTables>(
  database: TWithTables<TSchema>,
  key: string,
): Promise<void> {
  await rateLimitTables(database)
    .updateTable('rate_limits')
    .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

/** Forgets a counter altogether. */
export async function clearRateLimit<TSchema extends TRateLimitTables>(
  database: TWithTables<TSchema>,
  key: string,
): Promise<void> {
  await rateLimitTables(database).deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Deletes counters whose window ended before `olderThanMs` ago, so the table stays small. */
export async function pruneRateLimits<TSchema extends TRateLimitTables>(
  database: TWithTables<TSchema>,
  olderThanMs: number,
  now: Date = new Date(),
): Promise<number> {
  const result = await rateLimitTables(database)
    .deleteFrom('rate_limits')
    .where('window_start', '<', nowIso(new Date(now.getTime() - olderThanMs)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const PRUNE_RATE_LIMITS_JOB = 'prune-rate-limits';
const HOUR_MS = 60 * 60_000;
/**
 * Counters kept this long after their window started. Every limit's window is an hour or
 * shorter, so an older counter is over: its next hit would start it again anyway.
 */
export const KEEP_RATE_LIMITS_MS = 24 * HOUR_MS;

/** Hourly deletion of counters that are over, so a stream of new addresses cannot grow the table. */
export function pruneRateLimitsJob<TSchema extends TRateLimitTables>(db: TWithTables<TSchema>): TJob {
  return {
    name: PRUNE_RATE_LIMITS_JOB,
    everyMs: HOUR_MS,
    run: async (now) => {
      await pruneRateLimits(db, KEEP_RATE_LIMITS_MS, now);
    },
  };
}
