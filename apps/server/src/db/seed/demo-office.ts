import type { Insertable } from 'kysely';
import type { DB } from '../types.ts';
import { newId, nowIso } from '../../lib/ids.ts';

/*
 * The demo's office (issue 43): the demo member manages Demo Family Dentistry, with a hygienist
 * (CA) and an assistant (TX) who joined sharing their deadlines and hours, each with a licence in
 * the tracker, and one assignment already overdue, so the board shows every status and the
 * roster has something to export. Both it and a second office, Demo Lakeside Dental (its own
 * manager, a dentist sharing only deadlines and a hygienist sharing both), are in the demo
 * organisation Demo Smile Group, which the demo member manages for all (decision 1168).
 */

type TRef = { id: string };

export function demoOfficeRows(
  now: Date,
  manager: TRef,
  hygienist: TRef,
  assistant: TRef,
  lakeside: { manager: TRef; dentist: TRef; hygienist: TRef },
) {
  const at = nowIso(now);
  const day = (days: number) => nowIso(new Date(now.getTime() + days * 86_400_000)).slice(0, 10);
  const officeId = newId();
  const lakesideId = newId();
  const organisationId = newId();
  const member = (m: TRef, role: string, office = officeId, hours = 1): Insertable<DB['office_members']> => ({
    office_id: office,
    member_id: m.id,
    role,
    shares_deadlines: 1,
    shares_hours: hours,
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
    organisations: [{ id: organisationId, name: 'Demo Smile Group', created_at: at }] satisfies Insertable<
      DB['organisations']
    >[],
    organisationManagers: [
      { organisation_id: organisationId, member_id: manager.id, joined_at: at },
    ] satisfies Insertable<DB['organisation_managers']>[],
    offices: [
      {
        id: officeId,
        name: 'Demo Family Dentistry',
        address: '200 Park Avenue South',
        state: 'NY',
        created_at: at,
        organisation_id: organisationId,
      },
      {
        id: lakesideId,
        name: 'Demo Lakeside Dental',
        address: '12 Lakeshore Drive',
        state: 'IL',
        created_at: at,
        organisation_id: organisationId,
      },
    ] satisfies Insertable<DB['offices']>[],
    members: [
      member(manager, 'manager'),
      member(hygienist, 'member'),
      member(assistant, 'member'),
      member(lakeside.manager, 'manager', lakesideId),
      member(lakeside.dentist, 'member', lakesideId, 0),
      member(lakeside.hygienist, 'member', lakesideId),
    ],
    licences: [
      licence(hygienist, 'CA', 'dental_hygienist', day(45)),
      licence(assistant, 'TX', 'dental_assistant', day(400)),
      licence(lakeside.dentist, 'FL', 'dentist', day(160)),
      licence(lakeside.hygienist, 'WA', 'dental_hygienist', day(300)),
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
