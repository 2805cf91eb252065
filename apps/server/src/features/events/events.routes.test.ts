import { DEFAULT_TIME_ZONE, formatCalendarDay, localDayInZone, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  setCertificateProvider,
  createMember,
  createStaff,
  type TTestMember,
} from '../../../test/factories.ts';
import { CLAIM_MEMBER_LIMIT } from './events.service.ts';

/*
 * In-person events (issue 25, docs/decisions/0413): staff create an event with a claim code;
 * a member claims it by the code (wrong code, outside the window, twice, over capacity refused)
 * and gets a completion with its certificate in CE Completed; staff see and export the claims.
 */

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
  // The controlled topic list an event's topics come from.
  await seedReferenceData(db());
  await setCertificateProvider(db());
});
afterAll(() => t.close());

const ratings = Object.fromEntries(
  [
    'courseObjectives',
    'courseUseful',
    'courseAppropriate',
    'courseLogical',
    'instructorCommunication',
    'instructorPreparedness',
    'instructorEffectiveness',
    'sitePresentation',
    'siteNavigation',
    'siteComparison',
  ].map((name) => [name, 4]),
);

async function createEvent(overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/in-person-events',
    payload: {
      s: staff.token,
      title: `Study club ${Math.random().toString(36).slice(2, 8)}`,
      date: new Date(Date.now() - HOUR).toISOString(),
      durationMin: 120,
      place: 'Hotel Ballroom B, Chicago',
      credits: 2,
      agdCode: '490',
      courseNumber: 'SC-2031-01',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event as { id: string; code: string; title: string; claimUrl: string };
}

const lookup = (m: TTestMember, code: string, remoteAddress = '10.20.0.1') =>
  t.app.inject({ method: 'GET', url: '/api/claim-event', query: { s: m.token, code }, remoteAddress });
const claim = (m: TTestMember, code: string, remoteAddress = '10.20.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/claim-event',
    payload: { s: m.token, code, attended: true, a: ratings },
    remoteAddress,
  });

describe('in-person events', () => {
  it('a member claims by code, once; the completion has the certificate and is in CE Completed', async () => {
    const event = await createEvent();
    expect(event.code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(event.claimUrl).toBe(`http://localhost:3000/claim/${event.code}`);
    const member = await createMember(db());

    const found = await lookup(member, event.code.toLowerCase());
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      claimed: false,
      event: { title: event.title, place: 'Hotel Ballroom B, Chicago', credits: 2 },
    });

    const res = await claim(member, event.code);
    expect(res.statusCode, res.body).toBe(200);
    const { c, certificateNumber } = res.json();
    const again = await claim(member, event.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(Texts.CLAIM_ALREADY);
    expect((await lookup(member, event.code)).json()).toMatchObject({ claimed: true, certificateNumber });

    // Filed under CE Completed's In-person tab (issue 36), not among the classes.
    const completed = await t.app.inject({
      method: 'GET',
      url: '/api/completed-in-person',
      query: { s: member.token },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.body).toContain(event.title);
    const cert = await t.app.inject({
      method: 'GET',
      url: '/api/certificate',
      query: { s: member.token, c },
    });
    expect(cert.statusCode, cert.body).toBe(200);
    expect(cert.json().certificate).toMatchObject({
      courseTitle: event.title,
      creditHours: 2,
      certificateNumber,
      courseNumber: 'SC-2031-01',
      attendanceVerification: Texts.CERT_ATTENDANCE_CLAIM_CODE,
    });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/certificate/${certificateNumber}.pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The AGD record: a completion with the event's subject code, waiting for the weekly submission.
    const row = await db()
      .selectFrom('completions')
      .select(['agd_code', 'ce_type_id', 'agd_submitted_at'])
      .where('certificate_number', '=', certificateNumber)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ agd_code: '490', agd_submitted_at: null });
  });

  it('refuses a wrong code (404), a code outside its window (409) and a full event (409)', async () => {
    const member = await createMember(db());
    const wrong = await lookup(member, 'ZZZZZZ');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().msg).toBe(Texts.CLAIM_CODE_WRONG);

    // Claims run from the event's start to the days after it that staff set (decision 1042).
    const startsSoon = new Date(Date.now() + HOUR).toISOString();
    const later = await createEvent({ date: startsSoon });
    const longAgo = new Date(Date.now() - 31 * 24 * HOUR).toISOString();
    const closed = await createEvent({ date: longAgo });
    const dayOf = (iso: string) => formatCalendarDay(localDayInZone(new Date(iso), DEFAULT_TIME_ZONE));
    for (const [e, text] of [
      [later, Texts.CLAIM_NOT_YET.replace('{date}', dayOf(startsSoon))],
      [
        closed,
        Texts.CLAIM_CLOSED.replace(
          '{date}',
          dayOf(new Date(Date.parse(longAgo) + 30 * 24 * HOUR).toISOString()),
        ),
      ],
    ] as const) {
      for (const res of [await lookup(member, e.code), await claim(member, e.code)]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().msg).toBe(text);
      }
    }
    const none = await db()
      .selectFrom('completions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(none).toEqual([]);

    const small = await createEvent({ capacity: 1 });
    expect((await claim(member, small.code)).statusCode).toBe(200);
    const second = await createMember(db());
    const full = await claim(second, small.code);
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe(Texts.CLAIM_FULL);
    const completions = await db()
      .selectFrom('completions')
      .select('id')
      .where('member_id', '=', second.id)
      .execute();
    expect(completions).toEqual([]);
  });

  it('limits wrong codes per member, and a room on one address is not stopped by one guesser', async () => {
    const guesser = await createMember(db());
    for (let i = 0; i < CLAIM_MEMBER_LIMIT.hits; i++) {
      expect((await lookup(guesser, `WRONG${i}`, '10.21.0.1')).statusCode).toBe(404);
    }
    const event = await createEvent();
    expect((await lookup(guesser, event.code, '10.21.0.1')).statusCode).toBe(429);
    const neighbour = await createMember(db());
    expect((await claim(neighbour, event.code, '10.21.0.1')).statusCode).toBe(200);
  });

  it('staff see the claims, export them as CSV, print the poster; members cannot', async () => {
    const event = await createEvent();
    const [a, b] = [await createMember(db()), await createMember(db())];
    await claim(a, event.code);
    await claim(b, event.code);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/in-person-events',
      query: { s: staff.token },
    });
    expect(list.json().data.find((e: { id: string }) => e.id === event.id)).toMatchObject({ claims: 2 });
    const claims = await t.app.inject({
      method: 'GET',
      url: `/api/admin/in-person-events/${event.id}/claims`,
      query: { s: staff.token },
    });
    expect(claims.json().data.map((r: { email: string }) => r.email)).toEqual([a.email, b.email]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/in-person-events/${event.id}/claims.csv`,
      query: { s: staff.token },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    // A member's e-mail and AGD number: never kept by a browser's or a proxy's cache (issue 37 row 9).
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.split('\r\n')[0]).toBe('Name,E-mail,AGD number,Claimed at,Certificate number');
    expect(csv.body).toContain(a.email);
    const poster = await t.app.inject({
      method: 'GET',
      url: `/api/admin/in-person-events/${event.id}/poster`,
      query: { s: staff.token },
    });
    expect(poster.body).toContain(event.code);
    expect(poster.body).toContain('<svg');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/admin/in-person-events/${event.id}/claims`,
      query: { s: a.token },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('stores the topics as the class topic tags; staff read and edit an event (code kept)', async () => {
    const event = await createEvent({ topics: ['agd_490', 'infection_control'] });
    const tags = await db()
      .selectFrom('class_topics')
      .innerJoin('in_person_events', 'in_person_events.class_id', 'class_topics.class_id')
      .select('class_topics.topic_code')
      .where('in_person_events.id', '=', event.id)
      .orderBy('class_topics.topic_code')
      .execute();
    expect(tags.map((r) => r.topic_code)).toEqual(['agd_490', 'infection_control']);
    const klass = await db()
      .selectFrom('classes')
      .innerJoin('in_person_events', 'in_person_events.class_id', 'classes.id')
      .select('classes.description')
      .where('in_person_events.id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(klass.description).toBe('');

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/in-person-events/${event.id}`,
      query: { s: staff.token },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().event).toMatchObject({
      id: event.id,
      code: event.code,
      durationMin: 120,
      credits: 2,
      agdCode: '490',
      courseNumber: 'SC-2031-01',
      speakerId: null,
      capacity: null,
    });
    expect([...one.json().event.topics].sort()).toEqual(['agd_490', 'infection_control']);
    expect(one.json().topicOptions).toContainEqual({ code: 'agd_490', label: 'AGD 490 Periodontics' });

    const member = await createMember(db());
    const found = await lookup(member, event.code);
    expect(found.json().event.topics).toEqual(['Infection control', 'AGD 490 Periodontics']);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/in-person-events/${event.id}`,
      payload: Object.assign({}, one.json().event, {
        s: staff.token,
        title: 'Study club, edited',
        description: 'Recall intervals and risk.',
        topics: ['agd_690'],
        capacity: '40',
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().event).toMatchObject({
      code: event.code,
      title: 'Study club, edited',
      description: 'Recall intervals and risk.',
      topics: ['agd_690'],
      capacity: 40,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/in-person-events',
      query: { s: staff.token },
    });
    expect(list.json().data.find((e: { id: string }) => e.id === event.id)).toMatchObject({
      title: 'Study club, edited',
      topics: ['agd_690'],
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', event.id)
      .orderBy('action')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['event.create', 'event.update']);
  });

  it('refuses an unknown topic, a subject code without its name, and a capacity below the claims', async () => {
    const base = {
      s: staff.token,
      title: 'Lunch and learn',
      date: new Date(Date.now() - HOUR).toISOString(),
      durationMin: 60,
      place: 'Clinic, Boston',
      credits: 1,
    };
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/in-person-events', payload });
    const unknown = await post({ ...base, topics: ['no_such_topic'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('topics');
    // Every certificate prints the AGD subject code with its name (issue 35).
    const unnamed = await post({ ...base, agdCode: '999' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().field).toBe('agdCategory');
    expect((await post({ ...base, agdCode: '999', agdCategory: 'Sleep Dentistry' })).statusCode).toBe(200);
    const blankTitle = await post({ ...base, title: '' });
    expect(blankTitle.statusCode).toBe(400);
    expect(blankTitle.body).toContain('Title is required.');

    const event = await createEvent();
    await claim(await createMember(db()), event.code);
    await claim(await createMember(db()), event.code);
    const lowered = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/in-person-events/${event.id}`,
      payload: { ...base, capacity: 1 },
    });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().field).toBe('capacity');
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/in-person-events/no-such-event',
      payload: base,
    });
    expect(missing.statusCode).toBe(404);
  });
});
