import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { newId, newPublicHash } from '../../lib/ids.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, createStaff, type TTestMember } from '../../../test/factories.ts';
import { cancelSeat, createWebinar, reserveSeat } from './seats.fixtures.ts';

/*
 * The class row's seat counters (issue 21, docs/decisions/0822, 0825): classes.seats_taken, kept
 * by triggers on seats, is what a reservation checks the capacity against; classes.seats_waiting
 * numbers a new waitlist place. Each must equal its real count after every path that changes seats, and the capacity must hold while reservations and
 * cancels (with their promotions) run at once. Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The counter and the real count of the class's seats and waitlist places. */
async function tally(classId: string) {
  const cls = await db()
    .selectFrom('classes')
    .select(['seats_taken', 'seats_waiting', 'capacity'])
    .where('id', '=', classId)
    .executeTakeFirstOrThrow();
  const rows = await db().selectFrom('seats').select('is_waiting').where('class_id', '=', classId).execute();
  return {
    counter: Number(cls.seats_taken),
    seated: rows.filter((r) => Number(r.is_waiting) === 0).length,
    waiting: rows.filter((r) => Number(r.is_waiting) === 1).length,
    waitingCounter: Number(cls.seats_waiting),
  };
}

const codesOf = async (classId: string, waiting: 0 | 1, limit: number) =>
  (
    await db()
      .selectFrom('seats')
      .select('cancel_code')
      .where('class_id', '=', classId)
      .where('is_waiting', '=', waiting)
      .orderBy('created_at')
      .limit(limit)
      .execute()
  ).map((r) => r.cancel_code);

describe('reservations and cancels at once', () => {
  it('never exceed the capacity, fill every freed seat, and keep the counter equal to the seats held', async () => {
    const webinar = await createWebinar(db(), { capacity: 20 });
    const first = await Promise.all(Array.from({ length: 40 }, () => createMember(db())));
    for (const m of first) expect((await reserveSeat(t.app, m.token, webinar.hash)).statusCode).toBe(200);
    expect(await tally(webinar.id)).toEqual({ counter: 20, seated: 20, waiting: 20, waitingCounter: 20 });

    const seatedCodes = await codesOf(webinar.id, 0, 10);
    const waitingCodes = await codesOf(webinar.id, 1, 5);
    const newcomers = await Promise.all(Array.from({ length: 30 }, () => createMember(db())));
    // While the burst runs, the seats held are read again and again: never above the capacity.
    let running = true;
    const peaks: number[] = [];
    const watcher = (async () => {
      while (running) {
        const now = await tally(webinar.id);
        peaks.push(now.seated, now.counter);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all([
      ...newcomers.map((m) => reserveSeat(t.app, m.token, webinar.hash)),
      ...[...seatedCodes, ...waitingCodes].map((code) => cancelSeat(t.app, code)),
    ]);
    running = false;
    await watcher;
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(Math.max(...peaks)).toBeLessThanOrEqual(20);

    // 40 + 30 arrivals, 15 released: 55 left, 20 of them seated, the rest waiting.
    expect(await tally(webinar.id)).toEqual({ counter: 20, seated: 20, waiting: 35, waitingCounter: 35 });
    // The freed seats went to the waitlist's head: no one waits ahead of a newcomer who sat.
    const rows = await db()
      .selectFrom('seats')
      .select(['is_waiting', 'created_at', 'promoted_at'])
      .where('class_id', '=', webinar.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const lastSeated = rows.findLastIndex((r) => Number(r.is_waiting) === 0);
    const firstWaiting = rows.findIndex((r) => Number(r.is_waiting) === 1);
    expect(lastSeated).toBeLessThan(firstWaiting);
  });
});

describe('the counter follows every path that changes seats', () => {
  let members: TTestMember[];
  let webinar: Awaited<ReturnType<typeof createWebinar>>;

  beforeAll(async () => {
    webinar = await createWebinar(db(), { capacity: 3 });
    members = await Promise.all(Array.from({ length: 5 }, () => createMember(db())));
    for (const m of members) await reserveSeat(t.app, m.token, webinar.hash);
  });

  it('counts reservations, not waitlist places', async () => {
    expect(await tally(webinar.id)).toEqual({ counter: 3, seated: 3, waiting: 2, waitingCounter: 2 });
  });

  it('follows a member erased with a seat (the seat is freed, no one promoted)', async () => {
    const staff = await createStaff(db());
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${members[0]!.id}/erase`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {},
    });
    expect(erased.statusCode).toBe(200);
    expect(await tally(webinar.id)).toEqual({ counter: 2, seated: 2, waiting: 2, waitingCounter: 2 });
    // The next reservation takes the freed seat: the counter, not a stale count, decides.
    const late = await createMember(db());
    const answer = (await reserveSeat(t.app, late.token, webinar.hash)).json() as { isWaiting: boolean };
    expect(answer.isWaiting).toBe(false);
    expect(await tally(webinar.id)).toEqual({ counter: 3, seated: 3, waiting: 2, waitingCounter: 2 });
  });

  it('follows a promotion, a deleted member, a moved seat and staff lowering the capacity', async () => {
    const [code] = await codesOf(webinar.id, 0, 1);
    expect((await cancelSeat(t.app, code!)).statusCode).toBe(200);
    expect(await tally(webinar.id)).toEqual({ counter: 3, seated: 3, waiting: 1, waitingCounter: 1 });

    // A member row deleted outright: its seats go by the foreign key's cascade.
    const seatedMember = await db()
      .selectFrom('seats')
      .select('member_id')
      .where('class_id', '=', webinar.id)
      .where('is_waiting', '=', 0)
      .executeTakeFirstOrThrow();
    await db().deleteFrom('members').where('id', '=', seatedMember.member_id).execute();
    expect(await tally(webinar.id)).toEqual({ counter: 2, seated: 2, waiting: 1, waitingCounter: 1 });

    // A seat moved to another class by hand counts there, not here.
    const other = await createWebinar(db(), { capacity: 10 });
    const moved = await db()
      .selectFrom('seats')
      .select('id')
      .where('class_id', '=', webinar.id)
      .where('is_waiting', '=', 0)
      .executeTakeFirstOrThrow();
    await db().updateTable('seats').set({ class_id: other.id }).where('id', '=', moved.id).execute();
    expect(await tally(webinar.id)).toEqual({ counter: 1, seated: 1, waiting: 1, waitingCounter: 1 });
    expect(await tally(other.id)).toEqual({ counter: 1, seated: 1, waiting: 0, waitingCounter: 0 });

    // Staff lower the capacity under the seats held: nobody loses a seat, newcomers wait.
    await db().updateTable('classes').set({ capacity: 1 }).where('id', '=', webinar.id).execute();
    const newcomer = await createMember(db());
    const answer = (await reserveSeat(t.app, newcomer.token, webinar.hash)).json() as { isWaiting: boolean };
    expect(answer.isWaiting).toBe(true);
    expect(await tally(webinar.id)).toEqual({ counter: 1, seated: 1, waiting: 2, waitingCounter: 2 });
  });

  it('goes with the class when the class is deleted', async () => {
    const gone = await createWebinar(db(), { capacity: 2 });
    const m = await createMember(db());
    await reserveSeat(t.app, m.token, gone.hash);
    await db().deleteFrom('classes').where('id', '=', gone.id).execute();
    expect(await db().selectFrom('seats').select('id').where('class_id', '=', gone.id).execute()).toEqual([]);
  });
});

describe.skipIf(process.env.DATABASE_URL)('the waitlist counter migration on a database with seats', () => {
  it('counts the waitlist places that were there, and follows changes afterwards', async () => {
    const { db: old, close } = openDatabase({ dialect: 'sqlite', file: ':memory:' });
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026-11-27T11-00-00_search_narrow_rows')).error).toBeUndefined();
      const webinar = await createWebinar(old, { capacity: 1 });
      const seat = async (isWaiting: number, minute: number) => {
        const member = await createMember(old);
        await old
          .insertInto('seats')
          .values({
            id: newId(),
            class_id: webinar.id,
            member_id: member.id,
            cancel_code: newPublicHash(),
            is_waiting: isWaiting,
            created_at: new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString(),
          })
          .execute();
      };
      await seat(0, 0);
      await seat(1, 1);
      await seat(1, 2);
      await migrateToLatest(old);
      const counter = async () =>
        Number(
          (
            await old
              .selectFrom('classes')
              .select('seats_waiting')
              .where('id', '=', webinar.id)
              .executeTakeFirstOrThrow()
          ).seats_waiting,
        );
      expect(await counter()).toBe(2);
      await seat(1, 3);
      expect(await counter()).toBe(3);
      await old.updateTable('seats').set({ is_waiting: 0 }).where('class_id', '=', webinar.id).execute();
      expect(await counter()).toBe(0);
    } finally {
      await close();
    }
  });
});
