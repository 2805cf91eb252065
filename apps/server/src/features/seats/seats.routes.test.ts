import { ClassType, CeType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createDrilldown, createMember, createPodcast, setSetting } from '../../../test/factories.ts';
import {
  cancelSeat,
  classStart,
  createWebinar,
  icsEvent,
  icsUtc,
  mailsTo,
  reserveSeat,
  seatOf,
} from './seats.fixtures.ts';

let t: TTestApp;
const db = () => t.app.deps.database.db;
const get = (url: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, query });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/reserve-seat', () => {
  it('gives a seat, mails the confirmation with the cancel link and a calendar file (03 §5)', async () => {
    const member = await createMember(db(), { time_zone: 'America/Los_Angeles' });
    const webinar = await createWebinar(db(), { release_at: '2030-01-15T18:00:00.000Z', capacity: 10 });
    const res = await reserveSeat(t.app, member.token, webinar.hash);
    expect(res.statusCode).toBe(200);
    const seat = await seatOf(db(), member.id, webinar.id);
    expect(res.json()).toEqual({ status: true, attendeeId: seat!.id, isWaiting: false, waitlistPosition: 0 });

    const [mail, ...others] = await mailsTo(db(), member.email, 'seat');
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(`OpenCE: your seat for ${webinar.title}`);
    expect(mail!.text_body).toContain('When: Tuesday, January 15, 2030 at 10:00 AM PST');
    expect(mail!.text_body).toContain(`http://localhost:3000/cancel-seat/${seat!.cancel_code}`);
    expect(mail!.text_body).toContain(`http://localhost:3000/live/${webinar.hash}`);
    const [attachment] = JSON.parse(mail!.attachments) as { filename: string; contentBase64: string }[];
    expect(attachment!.filename).toBe('webinar.ics');
    const event = icsEvent(Buffer.from(attachment!.contentBase64, 'base64').toString('utf8'));
    expect(event.DTSTART).toBe('20300115T180000Z');
    expect(event.SUMMARY).toBe(webinar.title);
  });

  it('gives the date in America/New_York when the member has no zone (decision 0402)', async () => {
    const member = await createMember(db(), { time_zone: null });
    const webinar = await createWebinar(db(), { release_at: '2030-07-01T17:30:00.000Z' });
    await reserveSeat(t.app, member.token, webinar.hash);
    const [mail] = await mailsTo(db(), member.email, 'seat');
    expect(mail!.text_body).toContain('When: Monday, July 1, 2030 at 1:30 PM EDT');
    expect(mail!.text_body).toContain('Times are given in the America/New_York time zone.');
  });

  it('returns the same seat on a second call and mails only once', async () => {
    const member = await createMember(db());
    const webinar = await createWebinar(db());
    const first = (await reserveSeat(t.app, member.token, webinar.hash)).json();
    const second = (await reserveSeat(t.app, member.token, webinar.hash)).json();
    expect(second).toEqual(first);
    expect(await mailsTo(db(), member.email)).toHaveLength(1);
  });

  it('puts a member on the waitlist of a full class, and mails that', async () => {
    const webinar = await createWebinar(db(), { capacity: 1 });
    const [first, second] = [await createMember(db()), await createMember(db())];
    expect((await reserveSeat(t.app, first.token, webinar.hash)).json().isWaiting).toBe(false);
    const res = (await reserveSeat(t.app, second.token, webinar.hash)).json();
    expect(res).toMatchObject({ status: true, isWaiting: true });
    expect(res.attendeeId).toBe((await seatOf(db(), second.id, webinar.id))!.id);
    expect(await mailsTo(db(), second.email, 'seat-waitlist')).toHaveLength(1);
    expect(await mailsTo(db(), second.email, 'seat')).toHaveLength(0);
  });

  it('gives seats left on the upcoming rows and the class, 0 when full (decision 1003)', async () => {
    const webinar = await createWebinar(db(), { capacity: 2 });
    const unlimited = await createWebinar(db(), { capacity: null });
    const rowOf = async (hash: string) => {
      for (let page = 0; page < 20; page++) {
        const body = (await get('/api/upcoming', { page: String(page) })).json() as {
          data: { hash: string; seatsLeft?: number | null }[];
        };
        const row = body.data.find((r) => r.hash === hash);
        if (row || body.data.length === 0) return row;
      }
      return undefined;
    };
    const classOf = async (hash: string) => (await get('/api/class', { c: hash })).json().classObj;
    expect((await rowOf(webinar.hash))?.seatsLeft).toBe(2);
    expect((await classOf(webinar.hash)).seatsLeft).toBe(2);
    expect((await rowOf(unlimited.hash))?.seatsLeft).toBeNull();
    expect((await classOf(unlimited.hash)).seatsLeft).toBeUndefined();
    const members = [await createMember(db()), await createMember(db()), await createMember(db())];
    for (const m of members) await reserveSeat(t.app, m.token, webinar.hash);
    expect((await classOf(webinar.hash)).seatsLeft).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // the public lists' 5 s cache
    expect((await rowOf(webinar.hash))?.seatsLeft).toBe(0);
  });

  it('numbers the waitlist places first come, first served (decision 1002)', async () => {
    const webinar = await createWebinar(db(), { capacity: 1 });
    const [seated, next, after] = [
      await createMember(db()),
      await createMember(db()),
      await createMember(db()),
    ];
    expect((await reserveSeat(t.app, seated.token, webinar.hash)).json().waitlistPosition).toBe(0);
    expect((await reserveSeat(t.app, next.token, webinar.hash)).json()).toMatchObject({
      isWaiting: true,
      waitlistPosition: 1,
    });
    expect((await reserveSeat(t.app, after.token, webinar.hash)).json().waitlistPosition).toBe(2);
    // The same answer again, and a move up once the one ahead leaves.
    expect((await reserveSeat(t.app, after.token, webinar.hash)).json().waitlistPosition).toBe(2);
    await db().deleteFrom('seats').where('member_id', '=', next.id).execute();
    expect((await reserveSeat(t.app, after.token, webinar.hash)).json().waitlistPosition).toBe(1);
  });

  it('returns the privacy block until the member answers it (02 §2)', async () => {
    const member = await createMember(db());
    const webinar = await createWebinar(db(), {
      privacy_title: 'Hear from Apex?',
      privacy_blurb: 'May we share your e-mail with Apex?',
      privacy_learnmore: 'Your answer does not affect your credit.',
    });
    const res = (await reserveSeat(t.app, member.token, webinar.hash)).json();
    expect(res.privacyBlock).toEqual({
      status: true,
      title: 'Hear from Apex?',
      blurb: 'May we share your e-mail with Apex?',
      learnmore: 'Your answer does not affect your credit.',
    });
    const optin = await t.app.inject({
      method: 'POST',
      url: '/api/set-privacy-optin',
      payload: { s: member.token, c: webinar.hash, o: 'yes' },
    });
    expect(optin.json()).toEqual({ status: true });
    expect((await seatOf(db(), member.id, webinar.id))!.privacy_optin).toBe(1);
    expect((await reserveSeat(t.app, member.token, webinar.hash)).json().privacyBlock).toBeUndefined();
  });

  it('refuses a visitor, a bad hash, an unknown class, a class that is not live and an ended webinar', async () => {
    const member = await createMember(db());
    const webinar = await createWebinar(db());
    expect((await get('/api/reserve-seat', { c: webinar.hash })).statusCode).toBe(401);
    const bad = await reserveSeat(t.app, member.token, 'no such hash!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('c');
    expect((await reserveSeat(t.app, member.token, 'unknownhash')).statusCode).toBe(404);
    const onDemand = await createWebinar(db(), {
      type_id: ClassType.PRODUCED,
      ce_type_id: CeType.SELF_STUDY,
    });
    const notLive = await reserveSeat(t.app, member.token, onDemand.hash);
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json().msg).toBe(Texts.NOT_A_WEBINAR);
    const archived = await createWebinar(db(), { type_id: ClassType.ARCHIVE, startsInMin: -120 });
    expect((await reserveSeat(t.app, member.token, archived.hash)).json().msg).toBe(Texts.WEBINAR_ENDED);
    const ended = await createWebinar(db(), { startsInMin: -61 });
    const late = await reserveSeat(t.app, member.token, ended.hash);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(Texts.WEBINAR_ENDED);
  });
});

describe('POST /api/set-privacy-optin', () => {
  it('stores no as 0, refuses without a seat and names a bad o', async () => {
    const [member, stranger] = [await createMember(db()), await createMember(db())];
    const webinar = await createWebinar(db(), { privacy_title: 'Q?' });
    await reserveSeat(t.app, member.token, webinar.hash);
    const post = (s: string, o: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/set-privacy-optin', payload: { s, c: webinar.hash, o } });
    expect((await post(member.token, false)).statusCode).toBe(200);
    expect((await seatOf(db(), member.id, webinar.id))!.privacy_optin).toBe(0);
    const none = await post(stranger.token, true);
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe(Texts.NO_SEAT);
    const bad = await post(member.token, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('o');
  });
});

describe('GET /api/class-start', () => {
  it('records the start on the seat and the gradebook (self-study until attendance) and gives the join URL', async () => {
    const member = await createMember(db());
    const webinar = await createWebinar(db(), { startsInMin: 3, zoom_code: '999 888' });
    const seatId = (await reserveSeat(t.app, member.token, webinar.hash)).json().attendeeId;
    const res = await classStart(t.app, member.token, webinar.hash);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, attendeeId: seatId, joinUrl: 'https://zoom.us/j/999%20888' });
    const gradebook = await db()
      .selectFrom('gradebook')
      .selectAll()
      .where('id', '=', body.gradebookId)
      .executeTakeFirstOrThrow();
    expect(gradebook).toMatchObject({
      member_id: member.id,
      class_id: webinar.id,
      ce_type_id: CeType.SELF_STUDY,
    });
    const seat = await seatOf(db(), member.id, webinar.id);
    expect(seat!.started_at).toBe(gradebook.started_at);

    // A second start keeps the first one and the same gradebook row.
    const again = (await classStart(t.app, member.token, webinar.hash)).json();
    expect(again.gradebookId).toBe(body.gradebookId);
    expect((await seatOf(db(), member.id, webinar.id))!.started_at).toBe(seat!.started_at);
  });

  it('builds the join URL from the meetingUrlTemplate setting', async () => {
    await setSetting(db(), 'meetingUrlTemplate', 'https://meet.example.com/room/{code}?pwd=1');
    const member = await createMember(db());
    const webinar = await createWebinar(db(), { startsInMin: 1, zoom_code: '4242' });
    await reserveSeat(t.app, member.token, webinar.hash);
    // The site settings are cached for a few seconds (site.service).
    await new Promise((r) => setTimeout(r, 5_100));
    expect((await classStart(t.app, member.token, webinar.hash)).json().joinUrl).toBe(
      'https://meet.example.com/room/4242?pwd=1',
    );
    await db().deleteFrom('settings').where('key', '=', 'meetingUrlTemplate').execute();
  });

  it('refuses before the 5 minutes, without a seat, on the waitlist and without a meeting code', async () => {
    const [member, stranger, waiting] = [
      await createMember(db()),
      await createMember(db()),
      await createMember(db()),
    ];
    const early = await createWebinar(db(), { startsInMin: 6 });
    await reserveSeat(t.app, member.token, early.hash);
    const tooEarly = await classStart(t.app, member.token, early.hash);
    expect([tooEarly.statusCode, tooEarly.json().msg]).toEqual([409, Texts.WEBINAR_NOT_OPEN]);

    const open = await createWebinar(db(), { startsInMin: 2, capacity: 1 });
    await reserveSeat(t.app, member.token, open.hash);
    await reserveSeat(t.app, waiting.token, open.hash);
    const noSeat = await classStart(t.app, stranger.token, open.hash);
    expect([noSeat.statusCode, noSeat.json().msg]).toEqual([403, Texts.NO_SEAT]);
    const onWaitlist = await classStart(t.app, waiting.token, open.hash);
    expect([onWaitlist.statusCode, onWaitlist.json().msg]).toEqual([403, Texts.SEAT_WAITLISTED]);

    const noCode = await createWebinar(db(), { startsInMin: 2, zoom_code: null });
    await reserveSeat(t.app, member.token, noCode.hash);
    const noLink = await classStart(t.app, member.token, noCode.hash);
    expect([noLink.statusCode, noLink.json().msg]).toEqual([409, Texts.NO_MEETING_LINK]);
    expect((await get('/api/class-start', { c: open.hash })).statusCode).toBe(401);
  });
});

describe('the attendance record and live credit (03 §5)', () => {
  /** A member with a seat on a webinar starting in 4 minutes, who entered it or not. */
  async function attendee(options: { entered: boolean }) {
    const webinar = await createWebinar(db(), { startsInMin: 4 });
    const member = await createMember(db());
    await reserveSeat(t.app, member.token, webinar.hash);
    if (options.entered) await classStart(t.app, member.token, webinar.hash);
    return { webinar, member };
  }
  const saveAffidavit = (s: string, c: string, attended: boolean) =>
    t.app.inject({ method: 'POST', url: '/api/save-affidavit', payload: { s, c, attended } });
  const ceTypeOf = async (memberId: string, classId: string) =>
    (
      await db()
        .selectFrom('gradebook')
        .select('ce_type_id')
        .where('member_id', '=', memberId)
        .where('class_id', '=', classId)
        .executeTakeFirstOrThrow()
    ).ce_type_id;

  it('gives live credit (CE type 2) to a seat holder who entered and confirms attendance', async () => {
    const { webinar, member } = await attendee({ entered: true });
    expect((await saveAffidavit(member.token, webinar.hash, true)).statusCode).toBe(200);
    expect(await ceTypeOf(member.id, webinar.id)).toBe(CeType.LIVE);
  });

  it('gives self-study credit (CE type 1) to one who entered but says they did not attend', async () => {
    const { webinar, member } = await attendee({ entered: true });
    expect((await saveAffidavit(member.token, webinar.hash, false)).statusCode).toBe(200);
    expect(await ceTypeOf(member.id, webinar.id)).toBe(CeType.SELF_STUDY);
  });

  it('gives self-study credit to one who watched the playback instead of entering', async () => {
    const { webinar, member } = await attendee({ entered: false });
    await t.app.inject({
      method: 'GET',
      url: '/api/class-view',
      query: { s: member.token, c: webinar.hash },
    });
    await saveAffidavit(member.token, webinar.hash, true);
    expect(await ceTypeOf(member.id, webinar.id)).toBe(CeType.SELF_STUDY);
  });
});

describe('GET and POST /api/cancel-seat', () => {
  it('shows the class of a cancel code; refuses a wrong code and another member’s token', async () => {
    const [member, other] = [await createMember(db()), await createMember(db())];
    const webinar = await createWebinar(db(), { credits: 1.5 });
    await reserveSeat(t.app, member.token, webinar.hash);
    const { cancel_code: code } = (await seatOf(db(), member.id, webinar.id))!;
    const info = await get('/api/cancel-seat', { code });
    expect(info.json()).toMatchObject({
      status: true,
      rowCount: 1,
      data: [
        {
          hash: webinar.hash,
          className: webinar.title,
          releaseDateUTC: webinar.release_at,
          credits: 1.5,
          creditName: 'Live, Interactive',
          isWaiting: false,
        },
      ],
    });
    expect((await get('/api/cancel-seat', { code, s: member.token })).statusCode).toBe(200);

    const wrong = await get('/api/cancel-seat', { code: 'notacode' });
    expect([wrong.statusCode, wrong.json().errorMsg]).toEqual([404, Texts.CANCEL_CODE_UNKNOWN]);
    const wrongPost = await cancelSeat(t.app, 'notacode');
    expect([wrongPost.statusCode, wrongPost.json().errorMsg]).toEqual([404, Texts.CANCEL_CODE_UNKNOWN]);
    const foreign = await cancelSeat(t.app, code, other.token);
    expect([foreign.statusCode, foreign.json().errorMsg]).toEqual([403, Texts.CANCEL_NOT_YOURS]);
    expect(await seatOf(db(), member.id, webinar.id)).toBeDefined();
    expect((await get('/api/cancel-seat', { code: '' })).statusCode).toBe(400);
  });

  it('frees the seat and promotes the first waitlisted member, mailing them a login link', async () => {
    const webinar = await createWebinar(db(), { capacity: 1 });
    const [holder, firstWaiting, secondWaiting] = [
      await createMember(db()),
      await createMember(db()),
      await createMember(db()),
    ];
    for (const m of [holder, firstWaiting, secondWaiting]) await reserveSeat(t.app, m.token, webinar.hash);
    const { cancel_code: code } = (await seatOf(db(), holder.id, webinar.id))!;

    const res = await cancelSeat(t.app, code);
    expect(res.json()).toEqual({ status: true, errorMsg: '' });
    expect(await seatOf(db(), holder.id, webinar.id)).toBeUndefined();
    const promoted = await seatOf(db(), firstWaiting.id, webinar.id);
    expect(promoted).toMatchObject({ is_waiting: 0 });
    expect(promoted!.promoted_at).not.toBeNull();
    expect((await seatOf(db(), secondWaiting.id, webinar.id))!.is_waiting).toBe(1);

    const [mail] = await mailsTo(db(), firstWaiting.email, 'seat-promoted');
    expect(mail!.subject).toBe(`OpenCE: a seat opened up for ${webinar.title}`);
    const link = /http:\/\/localhost:3000\/login\?s=([^&\s]+)&rurl=([^\s]+)/.exec(mail!.text_body);
    expect(decodeURIComponent(link![2]!)).toBe(`/live/${webinar.hash}`);
    const login = await get('/api/student', { s: decodeURIComponent(link![1]!) });
    expect(login.json().student).toMatchObject({ email: firstWaiting.email });
    expect(mail!.text_body).toContain(`/cancel-seat/${promoted!.cancel_code}`);
    expect(await mailsTo(db(), secondWaiting.email, 'seat-promoted')).toHaveLength(0);

    // The code is spent: a second release finds nothing.
    expect((await cancelSeat(t.app, code)).statusCode).toBe(404);
  });

  it('does not promote anyone when a waitlist place is released', async () => {
    const webinar = await createWebinar(db(), { capacity: 1 });
    const [holder, waiting, next] = [
      await createMember(db()),
      await createMember(db()),
      await createMember(db()),
    ];
    for (const m of [holder, waiting, next]) await reserveSeat(t.app, m.token, webinar.hash);
    const { cancel_code: code } = (await seatOf(db(), waiting.id, webinar.id))!;
    expect((await cancelSeat(t.app, code, waiting.token)).statusCode).toBe(200);
    expect((await seatOf(db(), next.id, webinar.id))!.is_waiting).toBe(1);
  });

  it('refuses to release a seat once the webinar has ended', async () => {
    const member = await createMember(db());
    const webinar = await createWebinar(db(), { startsInMin: 2, duration_min: 30 });
    await reserveSeat(t.app, member.token, webinar.hash);
    await db()
      .updateTable('classes')
      .set({ release_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where('id', '=', webinar.id)
      .execute();
    const { cancel_code: code } = (await seatOf(db(), member.id, webinar.id))!;
    const res = await cancelSeat(t.app, code);
    expect([res.statusCode, res.json().errorMsg]).toEqual([409, Texts.WEBINAR_ENDED]);
  });
});

describe('GET /api/calendar.ics', () => {
  it('serves the webinar as an RFC 5545 event with the right start and duration', async () => {
    const webinar = await createWebinar(db(), {
      title: 'Composites, Bonding; and a very long title that folds across more than one calendar line',
      release_at: '2031-03-10T14:30:00.000Z',
      duration_min: 90,
    });
    const res = await get('/api/calendar.ics', { c: webinar.hash });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${webinar.slug}.ics"`);
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const event = icsEvent(res.body);
    expect(icsUtc(event.DTSTART!).toISOString()).toBe('2031-03-10T14:30:00.000Z');
    expect(icsUtc(event.DTEND!).getTime() - icsUtc(event.DTSTART!).getTime()).toBe(90 * 60_000);
    expect(event.UID).toBe(`${webinar.hash}@localhost:3000`);
    expect(event.SUMMARY).toBe(webinar.title);
    expect(event.DESCRIPTION).toContain(`http://localhost:3000/live/${webinar.hash}`);
    expect(event.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
  });

  it('refuses a class that is not a webinar and a missing hash', async () => {
    const onDemand = await createWebinar(db(), { type_id: ClassType.PRODUCED });
    expect((await get('/api/calendar.ics', { c: onDemand.hash })).statusCode).toBe(404);
    expect((await get('/api/calendar.ics')).statusCode).toBe(400);
  });
});

describe('GET /api/seats', () => {
  it('lists only the member’s own seats and places on webinars to come, soonest first', async () => {
    const [member, other] = [await createMember(db()), await createMember(db())];
    const later = await createWebinar(db(), { startsInMin: 3 * 24 * 60 });
    const sooner = await createWebinar(db(), { startsInMin: 2 * 24 * 60, capacity: 0 });
    const past = await createWebinar(db(), { startsInMin: 1 });
    for (const w of [later, sooner, past]) await reserveSeat(t.app, member.token, w.hash);
    await db()
      .updateTable('classes')
      .set({ release_at: new Date(Date.now() - 2 * 3_600_000).toISOString() })
      .where('id', '=', past.id)
      .execute();
    await reserveSeat(t.app, other.token, later.hash);

    const body = (await get('/api/seats', { s: member.token })).json();
    expect(body.rowCount).toBe(2);
    expect(body.data.map((r: { hash: string }) => r.hash)).toEqual([sooner.hash, later.hash]);
    const laterSeat = await seatOf(db(), member.id, later.id);
    expect(body.data[1]).toEqual({
      classId: later.hash,
      hash: later.hash,
      className: later.title,
      speakerName: '',
      sponsorCompanyName: '',
      photo: null,
      releaseDateUTC: later.release_at,
      durationMin: 60,
      credits: 1,
      creditName: 'Live, Interactive',
      hasSeat: true,
      isWaiting: false,
      isReserved: true,
      cancelCode: laterSeat!.cancel_code,
    });
    expect(body.data[0]).toMatchObject({ hasSeat: true, isWaiting: true, isReserved: false });

    const others = (await get('/api/seats', { s: other.token })).json();
    expect(others.data.map((r: { hash: string }) => r.hash)).toEqual([later.hash]);
    expect((await get('/api/seats')).statusCode).toBe(401);
  });

  it('reads the session itself (issue 21): no seats, a class taken down, an unknown or expired token', async () => {
    const member = await createMember(db());
    expect((await get('/api/seats', { s: member.token })).json()).toEqual({
      status: true,
      rowCount: 0,
      data: [],
    });
    const hidden = await createWebinar(db(), { startsInMin: 24 * 60 });
    await reserveSeat(t.app, member.token, hidden.hash);
    await db().updateTable('classes').set({ is_published: 0 }).where('id', '=', hidden.id).execute();
    expect((await get('/api/seats', { s: member.token })).json()).toEqual({
      status: true,
      rowCount: 0,
      data: [],
    });

    // Refused as the member guard refuses: the same answer as another member call's.
    const guarded = await get('/api/completed', { s: 'x'.repeat(43) });
    expect(guarded.statusCode).toBe(401);
    for (const s of ['x'.repeat(43), 'short']) {
      const res = await get('/api/seats', { s });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(guarded.body);
    }
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await db()
      .updateTable('sessions')
      .set({ last_used_at: old })
      .where('member_id', '=', member.id)
      .execute();
    expect((await get('/api/seats', { s: member.token })).statusCode).toBe(401);
    const left = await db().selectFrom('sessions').select('id').where('member_id', '=', member.id).execute();
    expect(left).toEqual([]);
  });
});

describe('GET /api/webinar-lobby', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

  it('gives the newest drill-downs and podcast episodes, the first episode featured (02 §2 Lobbies)', async () => {
    const drilldowns = [];
    const podcasts = [];
    for (let i = 1; i <= 6; i++) {
      drilldowns.push(await createDrilldown(db(), { posted_at: daysAgo(i) }));
      podcasts.push(
        await createPodcast(db(), {
          release_at: daysAgo(i),
          featured_blurb: i === 1 ? 'Hear this first.' : null,
        }),
      );
    }
    await createDrilldown(db(), { posted_at: daysAgo(0.5), is_published: 0 });
    await createPodcast(db(), { release_at: daysAgo(-1) });
    const webinar = await createWebinar(db());

    const res = await get('/api/webinar-lobby', { c: webinar.hash, loc: 'webinar' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      rowCount: 10,
      drilldowns: { status: true },
      podcasts: { status: true },
    });
    expect(body.drilldowns.data.map((d: { hash: string }) => d.hash)).toEqual(
      drilldowns.slice(0, 5).map((d) => d.hash),
    );
    expect(body.drilldowns.data[0]).toEqual({
      hash: drilldowns[0]!.hash,
      slug: drilldowns[0]!.slug,
      title: drilldowns[0]!.title,
      youtubeUrl: drilldowns[0]!.youtube_url,
      photo: null,
    });
    expect(body.podcasts.data.map((p: { hash: string }) => p.hash)).toEqual(
      podcasts.slice(0, 5).map((p) => p.hash),
    );
    expect(body.podcasts.data[0]).toMatchObject({
      podcastShowHash: podcasts[0]!.showHash,
      mp3: podcasts[0]!.mp3,
      featuredBlurb: 'Hear this first.',
      lobbyTypeId: 1,
    });
    expect(body.podcasts.data.slice(1).map((p: { lobbyTypeId: number }) => p.lobbyTypeId)).toEqual([
      2, 2, 2, 2,
    ]);

    // The exam lobby leaves out the episode whose exam was just passed.
    const exam = (await get('/api/webinar-lobby', { p: podcasts[0]!.hash, c: '', loc: 'exam' })).json();
    expect(exam.podcasts.data.map((p: { hash: string }) => p.hash)).toEqual(
      podcasts.slice(1, 6).map((p) => p.hash),
    );
  });

  it('names a bad loc', async () => {
    const res = await get('/api/webinar-lobby', { loc: 'lounge' });
    expect([res.statusCode, res.json().field]).toEqual([400, 'loc']);
  });
});
