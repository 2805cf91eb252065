import { ClassType } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createExam,
  createGradebookRow,
  createMember,
  createSeat,
  type TTestMember,
} from '../../../test/factories.ts';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * GET /api/member-home (issue 22, decision 1005): the member's part of home in one answer, built
 * from CE in Progress, the member's seats, their completions and the CE tracker.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
const MINUTE = 60_000;
const inMinutes = (n: number) => nowIso(new Date(Date.now() + n * MINUTE));

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(db());
});
afterAll(() => t.close());

const home = (m: TTestMember | null) =>
  t.app.inject({ url: '/api/member-home', headers: m ? { authorization: `Bearer ${m.token}` } : {} });

/** A class with an exam the member has viewed (CE in Progress), viewed `minutesAgo` ago. */
async function inProgress(member: TTestMember, title: string, minutesAgo: number) {
  const cls = await createClass(db(), { title });
  await createExam(db(), { classId: cls.id });
  await createGradebookRow(db(), member.id, { class_id: cls.id }, { last_viewed_at: inMinutes(-minutesAgo) });
  return cls;
}

const live = (title: string, startsInMin: number) =>
  createClass(db(), { title, type_id: ClassType.LIVE, release_at: inMinutes(startsInMin), duration_min: 60 });

describe('GET /api/member-home', () => {
  it('refuses a visitor', async () => {
    const res = await home(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(false);
  });

  it('is empty, not missing, for a new member', async () => {
    const res = await home(await createMember(db()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().home).toEqual({
      continueClass: null,
      pendingExams: { count: 0, rows: [] },
      nextWebinar: null,
      creditsThisYear: { year: expect.any(Number), credits: 0, courses: 0 },
      licences: [],
      assignments: [],
    });
  });

  it('starts with the class to continue, the exams pending, the next seat, this year’s credits and the tracker’s gap', async () => {
    const member = await createMember(db());
    const other = await createMember(db());
    await inProgress(member, 'Older class', 120);
    const latest = await inProgress(member, 'Latest class', 5);
    await inProgress(member, 'Middle class', 60);
    await inProgress(other, 'Someone else’s class', 1);

    // A waitlist place in the earliest webinar, a seat in one opening in 3 minutes, one later.
    const waiting = await live('Waitlisted webinar', 1);
    const soon = await live('Starting soon', 3);
    const later = await live('Next week', 7 * 24 * 60);
    await createSeat(db(), waiting.id, member.id, { is_waiting: 1 });
    await createSeat(db(), later.id, member.id);
    await createSeat(db(), soon.id, member.id);

    const done = await createClass(db(), { title: 'Done class' });
    await createCompletion(db(), member.id, { class_id: done.id }, { credits: 2 });
    const alsoDone = await createClass(db(), { title: 'Also done' });
    await createCompletion(db(), member.id, { class_id: alsoDone.id }, { credits: 1.5 });
    const lastYear = await createClass(db(), { title: 'Last year' });
    const year = Number(
      new Date().toLocaleString('en-US', { timeZone: 'America/New_York', year: 'numeric' }),
    );
    await createCompletion(
      db(),
      member.id,
      { class_id: lastYear.id },
      { credits: 5, completed_at: `${year - 1}-06-01T12:00:00.000Z` },
    );

    const auth = { authorization: `Bearer ${member.token}` };
    const licence = await t.app.inject({
      method: 'POST',
      url: '/api/tracker/licences',
      headers: auth,
      payload: {
        state: 'CA',
        licenceType: 'dentist',
        licenceNumber: 'D-12345',
        periodStart: nowIso(new Date(Date.now() - 300 * 24 * 60 * MINUTE)).slice(0, 10),
        periodEnd: nowIso(new Date(Date.now() + 400 * 24 * 60 * MINUTE)).slice(0, 10),
      },
    });
    expect(licence.statusCode, licence.body).toBe(200);
    const licenceId = licence.json().licence.id as string;
    const standing = (
      await t.app.inject({ url: `/api/tracker/standing?id=${licenceId}`, headers: auth })
    ).json().standing;

    const res = await home(member);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().home;
    expect(body.continueClass).toMatchObject({ hash: latest.hash, className: 'Latest class' });
    expect(body.pendingExams.count).toBe(3);
    expect(body.pendingExams.rows.map((r: { className: string }) => r.className)).toEqual([
      'Middle class',
      'Older class',
    ]);
    expect(body.nextWebinar).toMatchObject({
      hash: soon.hash,
      className: 'Starting soon',
      isWaiting: false,
      isRoomOpen: true,
    });
    expect(body.creditsThisYear).toEqual({ year, credits: 3.5, courses: 2 });
    expect(body.licences).toHaveLength(1);
    const required = standing.total.required as number;
    expect(required).toBeGreaterThan(0);
    expect(body.licences[0]).toMatchObject({
      licenceId,
      state: 'CA',
      licenceType: 'dentist',
      hoursRequired: required,
      hoursCounted: standing.total.counted,
      hoursNeeded: Math.max(0, required - standing.total.counted),
      daysLeft: standing.daysLeft,
    });
    expect(body.licences[0].needs).toEqual(standing.gap.map((g: { label: string }) => g.label));
    expect(res.body).not.toContain('Someone else');
  });

  it('shows the room closed until 5 minutes before the start', async () => {
    const member = await createMember(db());
    const webinar = await live('In an hour', 60);
    await createSeat(db(), webinar.id, member.id);
    expect((await home(member)).json().home.nextWebinar).toMatchObject({
      hash: webinar.hash,
      isRoomOpen: false,
    });
  });
});
