import { describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/demo-app.ts';

/*
 * Issue 41's "Done when", on the demo content and on both engines: the demo member, with the
 * demo's California dentist licence and a Florida dental hygienist licence added as a member
 * adds one, gets a complete plan for each and books it.
 */

describe('the demo’s renewal plans', () => {
  it('are complete for a California dentist and a Florida hygienist, and book', async () => {
    const { t, db, member, headers } = await buildDemoApp();
    try {
      const proposal = await t.app.inject({
        url: '/api/tracker/proposed-period?state=FL&licenceType=dental_hygienist',
        headers,
      });
      const { start, end } = proposal.json().period;
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/tracker/licences',
        headers,
        payload: {
          state: 'FL',
          licenceType: 'dental_hygienist',
          licenceNumber: 'RDH 4455 (demo)',
          periodStart: start,
          periodEnd: end,
        },
      });
      expect(added.statusCode).toBe(200);
      const licences = await db
        .selectFrom('tracker_licences')
        .select(['id', 'state', 'licence_type'])
        .where('member_id', '=', member.id)
        .execute();
      for (const [state, type] of [
        ['CA', 'dentist'],
        ['FL', 'dental_hygienist'],
      ]) {
        const { id } = licences.find((l) => l.state === state && l.licence_type === type)!;
        const plan = (await t.app.inject({ url: `/api/tracker/plan?id=${id}`, headers })).json().plan;
        expect(plan.shortfalls, `${state} ${type}`).toEqual([]);
        expect(plan.isComplete).toBe(true);
        expect(plan.items.some((i: { kind: string }) => i.kind === 'in_person')).toBe(true);
        const booked = await t.app.inject({
          method: 'POST',
          url: `/api/tracker/plan-booking?id=${id}`,
          headers,
        });
        expect(booked.statusCode).toBe(200);
        const outcomes = booked.json().seats.map((s: { outcome: string }) => s.outcome);
        expect(
          outcomes.every((o: string) => o === 'reserved' || o === 'already'),
          outcomes.join(),
        ).toBe(true);
        expect(booked.json().plan.isComplete).toBe(true);
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
