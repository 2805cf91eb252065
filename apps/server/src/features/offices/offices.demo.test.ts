import { describe, expect, it } from 'vitest';
import { buildDemoApp } from '../../../test/demo-app.ts';

/* Issue 43's demo: an office with three members of different licence types and one overdue assignment. */

describe('the demo office', () => {
  it('shows the demo member a board of three licence types, every status shared, one assignment overdue', async () => {
    const { t, headers } = await buildDemoApp();
    try {
      const { offices } = (await t.app.inject({ url: '/api/offices', headers })).json();
      expect(offices).toEqual([
        expect.objectContaining({ name: 'Demo Family Dentistry', role: 'manager', people: 3 }),
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
    } finally {
      await t.close();
    }
  });
});
