import { ClaimTexts, Texts } from '@opence/shared';
import { EVALUATION_RATINGS } from '@opence/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createMember,
  createStaff,
  setCertificateProvider,
  type TTestMember,
} from '../../../test/factories.ts';
import { CLAIM_ADDRESS_LIMIT } from './events.service.ts';

/*
 * The claim page's calls (issue 36, docs/decisions/1050, 1051): the poster's QR link shows a
 * visitor the event before sign-in; a member sees whether they claimed it and why a claim would
 * be refused; a claimed event is filed under CE Completed's In-person tab, not among the
 * classes, and has its own page with its certificate.
 */

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
  await seedReferenceData(db());
  await setCertificateProvider(db());
});
afterAll(() => t.close());

const ratings = Object.fromEntries(EVALUATION_RATINGS.map((rating) => [rating.name, 3]));

/** An event held an hour ago (claimable now) unless the overrides say otherwise. */
async function createEvent(overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/in-person-events',
    payload: {
      s: staff.token,
      title: `Lunch and learn ${Math.random().toString(36).slice(2, 8)}`,
      date: new Date(Date.now() - HOUR).toISOString(),
      durationMin: 90,
      place: 'Lakeside Dental, Room 2, Boston',
      description: 'Caries risk assessment in a busy practice.',
      credits: 1.5,
      agdCode: '250',
      courseNumber: 'LL-2031-07',
      claimOpensAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      claimClosesAt: new Date(Date.now() + 48 * HOUR).toISOString(),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event as { id: string; code: string; title: string };
}

const preview = (code: string, member?: TTestMember, remoteAddress = '10.36.0.1') =>
  t.app.inject({
    method: 'GET',
    url: '/api/claim-event-preview',
    query: member ? { code, s: member.token } : { code },
    remoteAddress,
  });
const claim = (m: TTestMember, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/claim-event',
    payload: { s: m.token, code, attended: true, a: ratings },
    remoteAddress: '10.36.0.2',
  });
const get = (url: string, m: TTestMember, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query: { s: m.token, ...query } });

describe('the claim page before sign-in (the poster’s QR link)', () => {
  it('shows a visitor the event a code names, and nothing of any member', async () => {
    const event = await createEvent();
    const res = await preview(`${event.code.slice(0, 3).toLowerCase()}-${event.code.slice(3)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: true,
      event: expect.objectContaining({
        title: event.title,
        place: 'Lakeside Dental, Room 2, Boston',
        credits: 1.5,
        courseNumber: 'LL-2031-07',
      }),
      isMember: false,
      claimed: false,
      certificateNumber: null,
      c: null,
      refusal: null,
    });
    const wrong = await preview('ZZZZZZ');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().msg).toBe(Texts.CLAIM_CODE_WRONG);
  });

  it('counts a visitor’s wrong codes per address; a right code is not counted', async () => {
    const event = await createEvent();
    const address = '10.36.9.9';
    for (let i = 0; i < CLAIM_ADDRESS_LIMIT.hits; i++) {
      expect((await preview(`WRONG${i}`, undefined, address)).statusCode).toBe(404);
    }
    expect((await preview(event.code, undefined, address)).statusCode).toBe(429);
    expect((await preview(event.code, undefined, '10.36.9.10')).statusCode).toBe(200);
  });
});

describe('the claim page for a member', () => {
  it('says whether the member claimed it, with the page of the claimed event', async () => {
    const event = await createEvent();
    const member = await createMember(db());
    expect((await preview(event.code, member)).json()).toMatchObject({
      isMember: true,
      claimed: false,
      c: null,
      refusal: null,
    });
    const claimed = await claim(member, event.code);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const again = await claim(member, event.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(Texts.CLAIM_ALREADY);
    expect((await preview(event.code, member)).json()).toMatchObject({
      isMember: true,
      claimed: true,
      certificateNumber: claimed.json().certificateNumber,
      c: claimed.json().c,
      refusal: null,
    });
    // Another member's answer says nothing of the first one's claim.
    const other = await createMember(db());
    expect((await preview(event.code, other)).json()).toMatchObject({
      claimed: false,
      c: null,
      certificateNumber: null,
    });
  });

  it('gives the refusal a claim would get, in the claim’s own words, before the form is filled in', async () => {
    const member = await createMember(db());
    // Held tomorrow, claims open then: not claimable today under any claim window.
    const date = new Date(Date.now() + 24 * HOUR).toISOString();
    const tomorrow = await createEvent({
      date,
      claimOpensAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      claimClosesAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    });
    const early = (await preview(tomorrow.code)).json();
    expect(early.refusal).toBeTruthy();
    expect(early.event.date).toBe(date);
    const refused = await claim(member, tomorrow.code);
    expect(refused.statusCode).toBe(409);
    expect((await preview(tomorrow.code, member)).json().refusal).toBe(refused.json().msg);

    const small = await createEvent({ capacity: 1 });
    expect((await claim(member, small.code)).statusCode).toBe(200);
    const late = await createMember(db());
    expect((await preview(small.code, late)).json().refusal).toBe(Texts.CLAIM_FULL);
    expect((await claim(late, small.code)).json().msg).toBe(Texts.CLAIM_FULL);
    // The member who has the place sees their claim, not a refusal.
    expect((await preview(small.code, member)).json()).toMatchObject({ claimed: true, refusal: null });
  });

  it('takes one claim of a member who sends it twice at once', async () => {
    const event = await createEvent();
    const member = await createMember(db());
    const answers = await Promise.all([claim(member, event.code), claim(member, event.code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const completions = await db()
      .selectFrom('completions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(completions).toHaveLength(1);
    const counts = (await get('/api/completed', member)).json().data[0];
    expect(counts).toEqual({ cntWebinars: 0, cntPodcasts: 0, cntInPerson: 1 });
  });
});

describe('a claimed event in CE Completed', () => {
  it('is filed under In-person, not among the classes, and opens its own page', async () => {
    const event = await createEvent();
    const member = await createMember(db());
    const { c, certificateNumber } = (await claim(member, event.code)).json();

    const counts = await get('/api/completed', member);
    expect(counts.json().data[0]).toEqual({ cntWebinars: 0, cntPodcasts: 0, cntInPerson: 1 });
    const classes = await get('/api/completed-webinars', member);
    expect(classes.json()).toMatchObject({ totalRows: 0, data: [] });
    const inPerson = await get('/api/completed-in-person', member, { page: '0' });
    expect(inPerson.statusCode, inPerson.body).toBe(200);
    expect(inPerson.json()).toMatchObject({ status: true, totalRows: 1, page: 0 });
    expect(inPerson.json().data).toEqual([
      {
        hash: c,
        title: event.title,
        photo: null,
        date: expect.any(String),
        place: 'Lakeside Dental, Room 2, Boston',
        speakerName: null,
        credits: 1.5,
        agdCode: '250',
        claimedAt: expect.any(String),
        certificateNumber,
        certUrl: `http://localhost:3000/api/certificate/${certificateNumber}.pdf`,
        agdSubmittedAt: null,
      },
    ]);

    const page = await get('/api/claimed-event', member, { c });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      status: true,
      c,
      event: {
        title: event.title,
        place: 'Lakeside Dental, Room 2, Boston',
        credits: 1.5,
        durationMin: 90,
        description: 'Caries risk assessment in a busy practice.',
        agdCode: '250',
        courseNumber: 'LL-2031-07',
      },
      certificateNumber,
      certUrl: `http://localhost:3000/api/certificate/${certificateNumber}.pdf`,
    });
    expect(Date.parse(page.json().claimedAt)).toBeGreaterThan(Date.now() - HOUR);
    // The certificate the page links to is the claim's.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/certificate/${certificateNumber}.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('keeps the classes the member completed where they were', async () => {
    const member = await createMember(db());
    const course = await createClass(db());
    await createCompletion(db(), member.id, { class_id: course.id });
    await claim(member, (await createEvent()).code);
    expect((await get('/api/completed', member)).json().data[0]).toEqual({
      cntWebinars: 1,
      cntPodcasts: 0,
      cntInPerson: 1,
    });
    const classes = (await get('/api/completed-webinars', member)).json().data;
    expect(classes.map((r: { hash: string }) => r.hash)).toEqual([course.hash]);
  });

  it('shows its page only to the member who claimed it', async () => {
    const event = await createEvent();
    const member = await createMember(db());
    const { c } = (await claim(member, event.code)).json();
    const other = await createMember(db());
    const refused = await get('/api/claimed-event', other, { c });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe(ClaimTexts.DETAIL_NOT_FOUND);
    expect(refused.body).not.toContain(event.title);
    expect((await get('/api/completed-in-person', other)).json()).toMatchObject({ totalRows: 0, data: [] });
    // A catalog class is no in-person event.
    const course = await createClass(db());
    expect((await get('/api/claimed-event', member, { c: course.hash })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/claimed-event', query: { c } })).statusCode).toBe(
      401,
    );
  });
});
