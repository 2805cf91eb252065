import { describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/demo-app.ts';

/*
 * Issue 43's demo: an office with three members of different licence types and one overdue
 * assignment, in a demo organisation with a second office (decision 1168).
 */

describe('the demo office', () => {
  it('shows the demo member a board of three licence types, every status shared, one assignment overdue', async () => {
    const { t, headers } = await buildDemoApp();
    try {
      const { offices } = (await t.app.inject({ url: '/api/offices', headers })).json();
      expect(offices).toEqual([
        expect.objectContaining({
          name: 'Demo Family Dentistry',
          role: 'manager',
          people: 3,
          organisation: expect.objectContaining({ name: 'Demo Smile Group' }),
        }),
      ]);
      const board = await t.app.inject({ url: `/api/office-board?id=${offices[0].id}`, headers });
      expect(board.statusCode, board.body).toBe(200);
      const people = board.json().people as {
        licences: { licenceType: string; status: string | null }[];
        assignments: { status: string }[];
      }[];
      expect(people).toHaveLength(3);
      const types = new Set(people.flatMap((p) => p.licences.map((l) => l.licenceType)));
      expect([...types].sort()).toEqual(['dental_assistant', 'dental_hygienist', 'dentist']);
      expect(people.flatMap((p) => p.licences).every((l) => l.status !== null)).toBe(true);
      expect(people.flatMap((p) => p.assignments).filter((a) => a.status === 'overdue')).toHaveLength(1);
      // The demo organisation (decision 1168): both offices on one board, filtered by office.
      const { organisations } = (await t.app.inject({ url: '/api/organisations', headers })).json();
      expect(organisations).toEqual([
        expect.objectContaining({
          name: 'Demo Smile Group',
          offices: [
            expect.objectContaining({ name: 'Demo Family Dentistry', people: 3 }),
            expect.objectContaining({ name: 'Demo Lakeside Dental', people: 3 }),
          ],
        }),
      ]);
      const group = (
        await t.app.inject({ url: `/api/organisation-board?id=${organisations[0].id}`, headers })
      ).json();
      expect(group.people).toHaveLength(6);
      const lakeside = organisations[0].offices[1].id as string;
      const filtered = (
        await t.app.inject({
          url: `/api/organisation-board?id=${organisations[0].id}&officeId=${lakeside}`,
          headers,
        })
      ).json();
      expect(new Set(filtered.people.map((p: { officeName: string }) => p.officeName))).toEqual(
        new Set(['Demo Lakeside Dental']),
      );
    } finally {
      await t.close();
    }
  });
});
