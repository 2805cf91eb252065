import type { Insertable } from 'kysely';
import type { DB } from '../types.ts';
import { newId, nowIso } from '../../lib/ids.ts';

/*
 * The demo's office (issue 43): the demo member manages Demo Family Dentistry, with a hygienist
 * (CA) and an assistant (TX) who joined sharing their deadlines and hours, each with a licence in
 * the tracker, and one assignment already overdue, so the board shows every status and the
 * roster has something to export.
 */

type TRef = { id: string };

export function demoOfficeRows(now: Date, manager: TRef, hygienist: TRef, assistant: TRef) {
  const at = nowIso(now);
  const day = (days: number) => nowIso(new Date(now.getTime() + days * 86_400_000)).slice(0, 10);
  const officeId = newId();
  const member = (m: TRef, role: string): Insertable<DB['office_members']> => ({
    office_id: officeId,
    member_id: m.id,
    role,
    shares_deadlines: 1,
    shares_hours: 1,
    joined_at: at,
  });
  const licence = (
    m: TRef,
    state: string,
    type: string,
    periodEnd: string,
  ): Insertable<DB['tracker_licences']> => ({
    id: newId(),
    member_id: m.id,
    state,
    licence_type: type,
    licence_number: `${state}-${type.slice(0, 3).toUpperCase()}-demo`,
    period_start: day(-640),
    period_end: periodEnd,
    carry_over_hours: 0,
    holds_dea: 0,
    created_at: at,
    updated_at: at,
  });
  return {
    offices: [
      {
        id: officeId,
        name: 'Demo Family Dentistry',
        address: '200 Park Avenue South',
        state: 'NY',
        created_at: at,
      },
    ] satisfies Insertable<DB['offices']>[],
    members: [member(manager, 'manager'), member(hygienist, 'member'), member(assistant, 'member')],
    licences: [
      licence(hygienist, 'CA', 'dental_hygienist', day(45)),
      licence(assistant, 'TX', 'dental_assistant', day(400)),
    ],
    assignments: [
      {
        id: newId(),
        office_id: officeId,
        member_id: assistant.id,
        title: 'Infection control: instrument reprocessing',
        url: '/ondemand',
        due_on: day(-5),
        created_at: at,
        done_at: null,
      },
      {
        id: newId(),
        office_id: officeId,
        member_id: hygienist.id,
        title: 'Radiation safety refresher',
        url: '/ondemand',
        due_on: day(21),
        created_at: at,
        done_at: null,
      },
    ] satisfies Insertable<DB['office_assignments']>[],
  };
}
