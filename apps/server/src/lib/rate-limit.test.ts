import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import {
  clearRateLimit,
  hitRateLimit,
  KEEP_RATE_LIMITS_MS,
  PRUNE_RATE_LIMITS_JOB,
  pruneRateLimits,
  releaseRateLimit,
} from './rate-limit.ts';

let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('hitRateLimit', () => {
  it('allows `limit` hits per window, then refuses until the window passes', async () => {
    const now = new Date('2026-01-01T10:00:00.000Z');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db(), 'k1', 3, 60_000, now));
    expect(results.map((r) => [r.allowed, r.hits])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[0]!.resetAt.toISOString()).toBe('2026-01-01T10:01:00.000Z');
    const later = await hitRateLimit(db(), 'k1', 3, 60_000, new Date('2026-01-01T10:01:00.000Z'));
    expect([later.allowed, later.hits]).toEqual([true, 1]);
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => hitRateLimit(db(), 'k2', 25, 60_000, now)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });

  it('release takes one hit back; clear and prune forget counters', async () => {
    const now = new Date();
    await hitRateLimit(db(), 'k3', 5, 60_000, now);
    await hitRateLimit(db(), 'k3', 5, 60_000, now);
    await releaseRateLimit(db(), 'k3');
    expect((await hitRateLimit(db(), 'k3', 5, 60_000, now)).hits).toBe(2);
    await clearRateLimit(db(), 'k3');
    expect((await hitRateLimit(db(), 'k3', 5, 60_000, now)).hits).toBe(1);
    await hitRateLimit(db(), 'old', 5, 60_000, new Date(now.getTime() - 3_600_000));
    expect(await pruneRateLimits(db(), 1_800_000, now)).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom('rate_limits').select('key').where('key', '=', 'old').execute()).toEqual([]);
  });
});

describe('the prune-rate-limits job', () => {
  it('runs hourly in the app’s scheduler and deletes only counters that are over', async () => {
    const now = new Date('2030-03-04T05:06:07.000Z');
    const hourAgo = new Date(now.getTime() - 3_600_000);
    await hitRateLimit(db(), 'job:recent', 5, 3_600_000, hourAgo);
    await hitRateLimit(db(), 'job:old', 5, 3_600_000, new Date(now.getTime() - KEEP_RATE_LIMITS_MS - 1));
    const jobs = t.app.jobs.jobs.filter((j) => j.name === PRUNE_RATE_LIMITS_JOB);
    expect(jobs.map((j) => j.everyMs)).toEqual([3_600_000]);

    expect(await t.app.jobs.runDue(now)).toContain(PRUNE_RATE_LIMITS_JOB);
    const keys = await db().selectFrom('rate_limits').select('key').where('key', 'like', 'job:%').execute();
    expect(keys).toEqual([{ key: 'job:recent' }]);
    // Claimed once per hour: a second pass in the same hour does not run it again.
    expect(await t.app.jobs.runDue(new Date(now.getTime() + 60_000))).not.toContain(PRUNE_RATE_LIMITS_JOB);
  });
});
