import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatsLeft } from '@opence/shared';
import { newId, newPublicHash } from '../../lib/ids.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, type TTestMember } from '../../../test/factories.ts';
import { claimArrival } from './seats.repo.ts';
import { createWebinar } from './seats.fixtures.ts';
import { selectWaitlistPosition, selectWaitlistPromotions } from './seats.waitlist.repo.ts';

/*
 * The waitlist rule (03 §5, docs/decisions/0008), written once in seats.waitlist.repo.ts, read
 * on the engine the suite runs on (SQLite, or PostgreSQL with DATABASE_URL): for a class's
 * capacity, seats held and waitlist places, whether a new arrival waits and which places a
 * released seat's promotion moves up. The lists' "seats left" (the shared seatsLeft) must say
 * "full" exactly when an arrival waits.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
let members: TTestMember[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  members = await Promise.all(Array.from({ length: 10 }, () => createMember(db())));
});
afterAll(() => t.close());

/** A webinar with `seated` seats and `waiting` waitlist places, one second apart, in that order. */
async function classWith(capacity: number | null, seated: number, waiting: number) {
  const webinar = await createWebinar(db(), { capacity });
  const start = Date.now() - 60_000;
  const rows = members.slice(0, seated + waiting).map((m, i) => ({
    id: newId(),
    class_id: webinar.id,
    member_id: m.id,
    cancel_code: newPublicHash(),
    is_waiting: i < seated ? 0 : 1,
    created_at: new Date(start + i * 1000).toISOString(),
  }));
  if (rows.length > 0) await db().insertInto('seats').values(rows).execute();
  return { webinar, line: rows.filter((r) => r.is_waiting === 1) };
}

describe('the waitlist rule', () => {
  it.each([
    // capacity, seats held, waitlist places → a new arrival waits, places a promotion moves up
    [null, 8, 0, false, 0],
    [null, 5, 2, false, 2],
    [5, 4, 0, false, 0],
    [5, 4, 3, false, 1],
    [5, 5, 3, true, 0],
    [8, 3, 3, false, 3],
    [8, 3, 7, false, 5],
    [3, 7, 0, true, 0],
    [3, 5, 2, true, 0],
    [0, 0, 0, true, 0],
    [0, 0, 2, true, 0],
  ] as const)(
    'capacity %s, %i seated, %i waiting: an arrival waits %s; %i move up',
    async (capacity, seated, waiting, arrivalWaits, movers) => {
      const { webinar, line } = await classWith(capacity, seated, waiting);
      const arrival = await db()
        .transaction()
        .execute((trx) => claimArrival(trx, webinar.id, new Date()));
      expect(arrival?.isWaiting).toBe(arrivalWaits ? 1 : 0);
      expect(arrival?.waiting).toBe(waiting);
      expect(seatsLeft(capacity, seated) === 0).toBe(arrivalWaits);

      const promoted = await selectWaitlistPromotions(db(), webinar.id);
      // The head of the line first, first come first served.
      expect(promoted.map((p) => p.id)).toEqual(line.slice(0, movers).map((r) => r.id));
      for (const [i, place] of line.entries()) expect(await selectWaitlistPosition(db(), place)).toBe(i + 1);
    },
  );
});
