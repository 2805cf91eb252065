import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CeType, ClassType } from '@opence/shared';
import type { TNewClass } from '../../db/types.ts';
import { newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import {
  createClass,
  createExam,
  createMember,
  createSeat,
  type TTestMember,
} from '../../../test/factories.ts';
import { bob, call, db, licenceBody, useTrackerApp } from './tracker.fixtures.ts';

/*
 * The renewal plan through HTTP on a real database (SQLite, or PostgreSQL with DATABASE_URL):
 * a California dentist's plan from free sessions here, booked in one call (twice, and four calls
 * at once), its calendar file read back by python3-icalendar, a missed session replanned, and
 * another member refused.
 */

useTrackerApp();

const DAY_MS = 86_400_000;
const at = (days: number, hourUtc = 15) => {
  const d = new Date(Date.now() + days * DAY_MS);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return nowIso(d);
};

async function tagged(overrides: Partial<TNewClass>, topics: string[] = [], exam = true) {
  const c = await createClass(db(), overrides);
  for (const topic of topics)
    await db().insertInto('class_topics').values({ class_id: c.id, topic_code: topic }).execute();
  if (exam) await createExam(db(), { classId: c.id });
  return c;
}
const live = (days: number, credits: number, capacity = 10) =>
  tagged({
    title: `Live ${days}`,
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    release_at: at(days),
    duration_min: credits * 60,
    credits,
    capacity,
  });

/**
 * Sessions for California dentists: 50 h, at most 25 self-study, 2 h each of infection control,
 * jurisprudence and opioid prescribing, a BLS card in person, at most 8 h a day.
 */
async function calendarOfSessions() {
  const onDemand = [
    await tagged({ title: 'Infection control on demand', credits: 2 }, ['infection_control']),
    await tagged({ title: 'Opioid prescribing on demand', credits: 2 }, ['opioid_controlled_substances']),
    await tagged({ title: 'Dental practice act on demand', credits: 2 }, ['ethics_jurisprudence']),
  ];
  for (let i = 0; i < 3; i += 1) onDemand.push(await tagged({ title: `Long class ${i}`, credits: 7 }));
  const webinars = [];
  for (const day of [2, 3, 4, 5, 6, 7]) webinars.push(await live(day, 5));
  const cpr = await tagged(
    {
      title: 'BLS for the dental team',
      type_id: ClassType.SEMINAR,
      ce_type_id: CeType.LIVE,
      release_at: at(9),
      duration_min: 240,
      credits: 4,
    },
    ['cpr_bls'],
    false,
  );
  await db()
    .insertInto('in_person_events')
    .values({
      id: newId(),
      class_id: cpr.id,
      code: newPublicHash().slice(0, 8),
      place: 'Sacramento',
      capacity: 40,
      created_at: nowIso(),
      created_by: null,
    })
    .execute();
  // Never planned: coming soon, unpublished, ending after the deadline, full.
  const never = [
    await tagged({ title: 'Coming soon', credits: 20, youtube_url: null, video_url: null, pdf_url: null }),
    await tagged({ title: 'Unpublished', credits: 20, is_published: 0 }),
    await tagged({
      title: 'After the deadline',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: `${licenceBody.periodEnd}T23:30:00.000Z`,
      duration_min: 120,
      credits: 20,
      capacity: 50,
    }),
  ];
  const full = await live(8, 20, 1);
  await createSeat(db(), full.id, (await createMember(db())).id);
  never.push(full);
  return { webinars, cpr, never };
}

type TPlan = {
  isComplete: boolean;
  isNeeded: boolean;
  deadline: string;
  items: {
    hash: string;
    kind: string;
    day: string;
    endsAt: string | null;
    isBooked: boolean;
    serves: { need: string; label: string }[];
  }[];
  shortfalls: { need: string; kind: string; text: string }[];
  missed: { hash: string }[];
};
const planOf = async (m: TTestMember, id: string): Promise<TPlan> =>
  (await call(m, 'GET', `/api/tracker/plan?id=${id}`)).json().plan;
const seatsOf = (memberId: string) =>
  db().selectFrom('seats').select(['class_id', 'is_waiting']).where('member_id', '=', memberId).execute();

const READ_BACK = `
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.read())
print(json.dumps([{k: (v.dt.isoformat() if hasattr(v, 'dt') else str(v)) for k, v in e.items()} for e in calendar.walk() if e.name == 'VEVENT']))
`;

describe('the renewal plan', () => {
  it('plans, books once however often it is tapped, writes one calendar and replans a missed session', async () => {
    const sessions = await calendarOfSessions();
    const carol = await createMember(db());
    const { id } = (await call(carol, 'POST', '/api/tracker/licences', licenceBody)).json().licence;

    const plan = await planOf(carol, id);
    expect(plan.shortfalls).toEqual([]);
    expect(plan).toMatchObject({ isComplete: true, isNeeded: true, deadline: licenceBody.periodEnd });
    const hashes = plan.items.map((i) => i.hash);
    for (const c of sessions.never) expect(hashes).not.toContain(c.hash);
    expect(hashes).toContain(sessions.cpr.hash);
    expect(plan.items.find((i) => i.hash === sessions.cpr.hash)!.serves.map((s) => s.label)).toContain(
      'CPR / BLS',
    );
    const lives = plan.items.filter((i) => i.kind === 'live');
    expect(lives).toHaveLength(5);
    for (const i of plan.items) {
      expect(i.day <= plan.deadline).toBe(true);
      if (i.endsAt) expect(i.endsAt.slice(0, 10) <= plan.deadline).toBe(true);
    }

    // One tap: a seat in every live session; the second tap reserves nothing again.
    const booked = await call(carol, 'POST', `/api/tracker/plan-booking?id=${id}`);
    expect(booked.statusCode).toBe(200);
    expect(booked.json().seats.map((s: { outcome: string }) => s.outcome)).toEqual(Array(5).fill('reserved'));
    expect(booked.json().plan.items.filter((i: { isBooked: boolean }) => i.isBooked)).toHaveLength(5);
    const again = await call(carol, 'POST', `/api/tracker/plan-booking?id=${id}`);
    expect(again.json().seats.map((s: { outcome: string }) => s.outcome)).toEqual(Array(5).fill('already'));
    expect(await seatsOf(carol.id)).toHaveLength(5);

    // The calendar file, read back: each live session timed in UTC under its webinar's own UID, the rest as days.
    const file = await call(carol, 'GET', `/api/tracker/plan-calendar?id=${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="renewal-plan-${plan.deadline}.ics"`,
    );
    const read = spawnSync('/usr/bin/python3', ['-c', READ_BACK], { input: file.body, encoding: 'utf8' });
    expect(read.status, read.stderr).toBe(0);
    const events = JSON.parse(read.stdout) as Record<string, string>[];
    expect(events).toHaveLength(plan.items.length);
    // The test app's PUBLIC_URL (build-test-app.ts).
    const host = 'localhost:3000';
    for (const item of (await planOf(carol, id)).items) {
      const event = events.find((e) => e.UID === `${item.hash}@${host}`)!;
      expect(event, item.hash).toBeDefined();
      if (item.kind === 'on_demand') expect(event.DTSTART).toBe(item.day);
      else expect(event.DTSTART).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+00:00$/);
    }
    expect(events.find((e) => e.UID.startsWith(sessions.cpr.hash))!.LOCATION).toBe('Sacramento');

    // The first webinar passed without her: it is named, and the plan takes the spare one instead.
    const first = lives[0]!;
    await db()
      .updateTable('classes')
      .set({ release_at: at(-2) })
      .where('hash', '=', first.hash)
      .execute();
    const replanned = await planOf(carol, id);
    expect(replanned.missed.map((m) => m.hash)).toEqual([first.hash]);
    expect(replanned.items.map((i) => i.hash)).not.toContain(first.hash);
    expect(replanned.isComplete).toBe(true);
    const spare = sessions.webinars.find((w) => !hashes.includes(w.hash))!;
    expect(replanned.items.find((i) => i.hash === spare.hash)).toMatchObject({ isBooked: false });
  });

  it('holds one seat per webinar when four taps arrive at once', async () => {
    const dave = await createMember(db());
    const { id } = (await call(dave, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const taps = await Promise.all(
      [1, 2, 3, 4].map(() => call(dave, 'POST', `/api/tracker/plan-booking?id=${id}`)),
    );
    for (const tap of taps) expect(tap.statusCode).toBe(200);
    const seats = await seatsOf(dave.id);
    const planned = taps[0]!.json().seats.length;
    expect(planned).toBeGreaterThan(0);
    expect(seats).toHaveLength(planned);
    expect(new Set(seats.map((s) => s.class_id)).size).toBe(seats.length);
    expect(seats.every((s) => s.is_waiting === 0)).toBe(true);
  });

  it('names the rule it cannot meet, in the member’s words, and still shows the best partial plan', async () => {
    const erin = await createMember(db());
    // Alabama dentists: half of 20 h face to face, and a webinar does not count as face to face.
    const body = { ...licenceBody, state: 'AL', licenceNumber: 'AL-1' };
    const { id } = (await call(erin, 'POST', '/api/tracker/licences', body)).json().licence;
    const plan = await planOf(erin, id);
    expect(plan.isComplete).toBe(false);
    const live = plan.shortfalls.find((s) => s.need === 'live')!;
    expect(live.text).toMatch(/^Your board asks for 10 hours face to face, and live webinars do not count/);
    expect(plan.items.length).toBeGreaterThan(0);
  });

  it('is the owner’s only: another member’s guess finds nothing and books nothing', async () => {
    const frank = await createMember(db());
    const { id } = (await call(frank, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    for (const [method, url] of [
      ['GET', `/api/tracker/plan?id=${id}`],
      ['POST', `/api/tracker/plan-booking?id=${id}`],
      ['GET', `/api/tracker/plan-calendar?id=${id}`],
    ] as const) {
      expect((await call(bob, method, url)).statusCode).toBe(404);
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
    expect(await seatsOf(bob.id)).toHaveLength(0);
    expect(await seatsOf(frank.id)).toHaveLength(0);
  });
});
