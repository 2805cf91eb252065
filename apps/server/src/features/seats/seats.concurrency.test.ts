import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, type TTestMember } from '../../../test/factories.ts';
import { cancelSeat, createWebinar, reserveSeat } from './seats.fixtures.ts';

/*
 * 03 §5: capacity is never exceeded whatever the concurrency, and the waitlist is first come,
 * first served. Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The class's seat rows in arrival order. */
const seatsInArrivalOrder = (classId: string) =>
  db()
    .selectFrom('seats')
    .select(['id', 'member_id', 'is_waiting', 'created_at'])
    .where('class_id', '=', classId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

describe('200 simultaneous reservations for 50 seats', () => {
  let webinar: Awaited<ReturnType<typeof createWebinar>>;
  let members: TTestMember[];

  beforeAll(async () => {
    webinar = await createWebinar(db(), { capacity: 50 });
    members = await Promise.all(Array.from({ length: 200 }, () => createMember(db())));
  });

  it('gives exactly 50 seats and 150 waitlist places, in arrival order', async () => {
    const responses = await Promise.all(members.map((m) => reserveSeat(t.app, m.token, webinar.hash)));
    expect(responses.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    const answers = responses.map(
      (r) => r.json() as { attendeeId: string; isWaiting: boolean; waitlistPosition: number },
    );
    expect(answers.filter((a) => !a.isWaiting)).toHaveLength(50);
    expect(answers.filter((a) => a.isWaiting)).toHaveLength(150);

    const rows = await seatsInArrivalOrder(webinar.id);
    expect(rows).toHaveLength(200);
    // Arrival times are strictly increasing, so "first come" is never a tie.
    expect(new Set(rows.map((r) => r.created_at)).size).toBe(200);
    // The first 50 arrivals hold the seats, everyone after them waits.
    expect(rows.map((r) => r.is_waiting)).toEqual([...Array(50).fill(0), ...Array(150).fill(1)]);
    // Each member was told what the database holds, a waitlist place with its number in line
    // (read with the class row's lock from the waitlist counter, decision 0825).
    const byMember = new Map(rows.map((r) => [r.member_id, r]));
    const lineOf = new Map(rows.slice(50).map((r, i) => [r.id, i + 1]));
    members.forEach((m, i) => {
      expect(answers[i]!.attendeeId).toBe(byMember.get(m.id)!.id);
      expect(answers[i]!.isWaiting).toBe(byMember.get(m.id)!.is_waiting === 1);
      expect(answers[i]!.waitlistPosition).toBe(lineOf.get(answers[i]!.attendeeId) ?? 0);
    });

    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', 'in', ['seat', 'seat-waitlist'])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    expect(mails.map((m) => [m.kind, Number(m.n)])).toEqual([
      ['seat', 50],
      ['seat-waitlist', 150],
    ]);
  });

  it('answers a second round of the same reservations with the same seats and places', async () => {
    const before = await seatsInArrivalOrder(webinar.id);
    const again = await Promise.all(members.map((m) => reserveSeat(t.app, m.token, webinar.hash)));
    const byMember = new Map(before.map((r) => [r.member_id, r]));
    members.forEach((m, i) => {
      expect(again[i]!.json()).toMatchObject({
        attendeeId: byMember.get(m.id)!.id,
        isWaiting: byMember.get(m.id)!.is_waiting === 1,
      });
    });
    expect(await seatsInArrivalOrder(webinar.id)).toEqual(before);
  });

  it('gives released seats to the first waitlisted members, even when released at once', async () => {
    const before = await seatsInArrivalOrder(webinar.id);
    const released = before.slice(0, 3);
    const codes = await db()
      .selectFrom('seats')
      .select('cancel_code')
      .where(
        'id',
        'in',
        released.map((r) => r.id),
      )
      .execute();
    const results = await Promise.all(codes.map((c) => cancelSeat(t.app, c.cancel_code)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const after = await seatsInArrivalOrder(webinar.id);
    expect(after.filter((r) => r.is_waiting === 0)).toHaveLength(50);
    const firstWaiting = before.slice(50, 53).map((r) => r.id);
    expect(after.filter((r) => firstWaiting.includes(r.id)).map((r) => r.is_waiting)).toEqual([0, 0, 0]);
    expect(after.filter((r) => r.is_waiting === 1)).toHaveLength(147);
  });
});

describe('one member reserving many times at once', () => {
  it('holds a single seat', async () => {
    const member = await createMember(db());
    const webinar = await createWebinar(db(), { capacity: 5 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => reserveSeat(t.app, member.token, webinar.hash)),
    );
    const ids = new Set(responses.map((r) => r.json().attendeeId));
    expect(ids.size).toBe(1);
    expect(await seatsInArrivalOrder(webinar.id)).toHaveLength(1);
  });
});
