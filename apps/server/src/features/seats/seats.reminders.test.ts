import { Texts, webinarDateTime } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, createSeat } from '../../../test/factories.ts';
import { startSmtpServer, type TTestSmtpServer } from '../../../test/smtp-server.ts';
import { createScheduler } from '../../lib/jobs.ts';
import { cancelSeat, createWebinar, mailsTo, reserveSeat, seatOf } from './seats.fixtures.ts';
import { dueReminders } from './seats.reminders.ts';
import {
  claimReminders,
  selectSeatsOwedReminder,
  selectSeatsWithUntoldStart,
} from './seats.reminders.repo.ts';

/*
 * Webinar reminders (issue 25, docs/decisions/0411): 24 h, 1 h and 'starting now', once per
 * seat even with two scheduler processes; none for a cancelled seat or a waitlist place; a
 * moved class mails its new time; the one-click unsubscribe. Received over SMTP on loopback.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const silent = { info: () => undefined, error: () => undefined };

let smtp: TTestSmtpServer;
let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: `${smtp.url}?ignoreTLS=true` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const schedulers = () => [1, 2].map(() => createScheduler({ db: db(), jobs: t.app.jobs.jobs, log: silent }));
/** Two processes' schedulers at once, at several moments (each moment its own run slot). */
async function runBoth(...moments: Date[]) {
  const [a, b] = schedulers();
  for (const at of moments) {
    await Promise.all([a!.runDue(at), b!.runDue(at), a!.runDue(new Date(at.getTime() + MINUTE_MS))]);
  }
}
const kindsTo = async (email: string) => (await mailsTo(db(), email)).map((m) => m.kind);
const tokenOf = (text: string) => /unsubscribe-reminders\?t=([A-Za-z0-9_.-]+)/.exec(text)![1]!;

describe('which reminders are due', () => {
  const start = '2031-03-10T16:00:00.000Z';
  const at = (ms: number) => new Date(Date.parse(start) + ms);
  it.each([
    [-24 * HOUR_MS - 1, []],
    [-24 * HOUR_MS, ['24h']],
    [-HOUR_MS - 1, ['24h']],
    [-HOUR_MS, ['1h']],
    [-1, ['1h']],
    [0, ['start']],
    [15 * MINUTE_MS - 1, ['start']],
    [15 * MINUTE_MS, []],
  ])('at start %s ms: %j', (offset, kinds) => {
    expect(dueReminders(start, '2031-03-01T00:00:00.000Z', at(offset))).toEqual(kinds);
  });
  it('skips the reminders whose moment passed before the seat was taken', () => {
    expect(dueReminders(start, '2031-03-10T10:00:00.000Z', at(-HOUR_MS))).toEqual(['1h']);
    expect(dueReminders(start, '2031-03-10T10:00:00.000Z', at(-2 * HOUR_MS))).toEqual([]);
    expect(dueReminders(start, '2031-03-10T15:59:00.000Z', at(0))).toEqual(['start']);
  });
});

describe('webinar reminders', () => {
  it('sends 24 h, 1 h and starting-now once per seat with two schedulers, none to a cancelled seat or the waitlist', async () => {
    const start = new Date('2031-04-08T17:00:00.000Z');
    const webinar = await createWebinar(db(), { release_at: start.toISOString(), capacity: 2 });
    const seated = await createMember(db(), { time_zone: 'America/Los_Angeles' });
    const cancelled = await createMember(db());
    const waiting = await createMember(db());
    for (const m of [seated, cancelled, waiting]) {
      expect((await reserveSeat(t.app, m.token, webinar.hash)).statusCode).toBe(200);
    }
    const { cancel_code } = (await seatOf(db(), cancelled.id, webinar.id))!;
    // The cancelled member's seat goes to the waitlist's first, who is then seated.
    expect((await cancelSeat(t.app, cancel_code, cancelled.token)).statusCode).toBe(200);

    await runBoth(new Date(start.getTime() - 25 * HOUR_MS));
    expect((await kindsTo(seated.email)).filter((k) => k.startsWith('webinar-'))).toEqual([]);
    await runBoth(
      new Date(start.getTime() - 24 * HOUR_MS),
      new Date(start.getTime() - 23 * HOUR_MS),
      new Date(start.getTime() - HOUR_MS),
      new Date(start.getTime() - 30 * MINUTE_MS),
      start,
      new Date(start.getTime() + 5 * MINUTE_MS),
    );
    const reminders = (k: string[]) => k.filter((kind) => kind.startsWith('webinar-'));
    expect(reminders(await kindsTo(seated.email))).toEqual(['webinar-24h', 'webinar-1h', 'webinar-start']);
    expect(reminders(await kindsTo(waiting.email))).toEqual(['webinar-24h', 'webinar-1h', 'webinar-start']);
    expect(reminders(await kindsTo(cancelled.email))).toEqual([]);

    await t.app.mail.drainOutbox(new Date(start.getTime() + HOUR_MS));
    const dayBefore = await smtp.waitForMail(
      (m) => m.envelopeTo.includes(seated.email) && /tomorrow/.test(m.subject ?? ''),
    );
    expect(dayBefore.subject).toBe(`OpenCE: tomorrow, ${webinar.title}`);
    expect(dayBefore.text).toContain(webinarDateTime(start.toISOString(), 'America/Los_Angeles'));
    expect(dayBefore.text).toContain(`/live/${webinar.hash}`);
    expect(dayBefore.attachments.map((a) => a.filename)).toEqual(['webinar.ics']);
    const header = (name: string) => dayBefore.headers.find((h) => h.key === name.toLowerCase())?.value;
    expect(header('List-Unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe-reminders\?t=/);
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const startingNow = await smtp.waitForMail(
      (m) => m.envelopeTo.includes(seated.email) && /starting now/.test(m.subject ?? ''),
    );
    expect(startingNow.text).toContain('unsubscribe-reminders?t=');
  });

  it('a rescheduled class mails the new time once, and its reminders follow the new time', async () => {
    const start = new Date('2031-05-12T15:00:00.000Z');
    const webinar = await createWebinar(db(), { release_at: start.toISOString() });
    const member = await createMember(db());
    await reserveSeat(t.app, member.token, webinar.hash);
    const before = new Date(start.getTime() - 3 * 24 * HOUR_MS);
    await runBoth(before); // the start the member was told of is recorded, no mail
    const moved = new Date(start.getTime() + 2 * 24 * HOUR_MS);
    await db()
      .updateTable('classes')
      .set({ release_at: moved.toISOString() })
      .where('id', '=', webinar.id)
      .execute();
    await runBoth(new Date(before.getTime() + 10 * MINUTE_MS), new Date(before.getTime() + 20 * MINUTE_MS));
    // The old time's 24 h reminder moment passes: nothing; the new one's: sent.
    await runBoth(new Date(start.getTime() - 24 * HOUR_MS), new Date(moved.getTime() - 24 * HOUR_MS));
    const kinds = (await kindsTo(member.email)).filter((k) => k.startsWith('webinar-'));
    expect(kinds).toEqual(['webinar-new-time', 'webinar-24h']);
    const [newTime] = await mailsTo(db(), member.email, 'webinar-new-time');
    expect(newTime!.subject).toBe(`OpenCE: new time for ${webinar.title}`);
    expect(newTime!.text_body).toContain(webinarDateTime(moved.toISOString(), 'America/New_York'));
  });
});

describe('a seat released during a pass', () => {
  it('claims nothing for it and does not fail, so the pass goes on with the other seats', async () => {
    const webinar = await createWebinar(db(), { release_at: '2031-06-02T15:00:00.000Z' });
    const [gone, kept] = [await createMember(db()), await createMember(db())];
    await reserveSeat(t.app, gone.token, webinar.hash);
    await reserveSeat(t.app, kept.token, webinar.hash);
    const [goneSeat, keptSeat] = [
      (await seatOf(db(), gone.id, webinar.id))!,
      (await seatOf(db(), kept.id, webinar.id))!,
    ];
    // The pass read both seats; the first is released before its reminder is claimed.
    await db().deleteFrom('seats').where('id', '=', goneSeat.id).execute();
    const claim = () =>
      claimReminders(db(), {
        seatIds: [goneSeat.id, keptSeat.id],
        kind: '24h',
        releaseAt: webinar.release_at!,
        at: new Date().toISOString(),
      });
    expect(await claim()).toEqual([keptSeat.id]);
    expect(await claim()).toEqual([]);
    const rows = await db()
      .selectFrom('webinar_reminders')
      .select('seat_id')
      .where('seat_id', 'in', [goneSeat.id, keptSeat.id])
      .execute();
    expect(rows).toEqual([{ seat_id: keptSeat.id }]);
  });
});

describe('reminders beside members', () => {
  it("let the members' requests run between the chunks of seats they work through (decisions 0823, 1180)", async () => {
    // better-sqlite3 answers at once, so a job that only awaited its queries never gave the event
    // loop back: the reminders ran as one task of 142 ms in a profile of the live surge's server.
    // A chain of setImmediate pings stands for the requests: it runs only when the job yields.
    // The seats' mails are claimed and queued 25 to a transaction, with a yield after each.
    const start = new Date('2031-06-20T15:00:00.000Z');
    const webinar = await createWebinar(db(), { release_at: start.toISOString(), capacity: 300 });
    const SEATS = 250;
    for (let i = 0; i < SEATS; i++) await createSeat(db(), webinar.id, (await createMember(db())).id);
    let pings = 0;
    let pinging = true;
    const ping = () => {
      pings++;
      if (pinging) setImmediate(ping);
    };
    setImmediate(ping);
    // Half an hour before: the seats' starts are recorded (one statement for them all) and each
    // seat's 1 h reminder queued, in ten chunks.
    const [scheduler] = schedulers();
    await scheduler!.runDue(new Date(start.getTime() - 30 * MINUTE_MS));
    pinging = false;
    const reminded = await db()
      .selectFrom('webinar_reminders')
      .innerJoin('seats', 'seats.id', 'webinar_reminders.seat_id')
      .where('seats.class_id', '=', webinar.id)
      .select(['webinar_reminders.kind'])
      .execute();
    expect(reminded.filter((r) => r.kind === '1h')).toHaveLength(SEATS);
    expect(pings).toBeGreaterThanOrEqual(SEATS / 25);
  });
});

describe("the minute's watch over a thousand seats (issue 39)", () => {
  it('records the start told to new seats in three statements, then reads only the seats owed a mail', async () => {
    const statements: string[] = [];
    let counting = false;
    const own = await buildTestApp({}, { onQuery: (q) => void (counting && statements.push(q.sql)) });
    try {
      const odb = own.app.deps.database.db;
      const webinar = await createWebinar(odb, { release_at: '2031-07-01T15:00:00.000Z', capacity: 2_000 });
      const members = await Promise.all(Array.from({ length: 1_001 }, () => createMember(odb)));
      await odb
        .insertInto('seats')
        .values(
          members.map((m, i) => ({
            id: `seat-${String(i).padStart(5, '0')}`,
            class_id: webinar.id,
            member_id: m.id,
            cancel_code: `code-${i}`,
            created_at: new Date().toISOString(),
          })),
        )
        .execute();
      const [scheduler] = [createScheduler({ db: odb, jobs: own.app.jobs.jobs, log: silent })];
      counting = true;
      await scheduler.runDue(new Date('2031-06-01T15:00:00.000Z'));
      counting = false;
      const recordings = statements.filter((q) => /insert into "webinar_reminders"/i.test(q));
      expect(recordings).toHaveLength(3);
      const told = await odb
        .selectFrom('webinar_reminders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'time')
        .executeTakeFirstOrThrow();
      expect(Number(told.n)).toBe(1_001);

      // The minutes after it read no seat: every start is recorded, nothing is due yet.
      const yearAhead = ['2031-06-01T15:01:00.000Z', '2032-06-01T15:00:00.000Z'] as const;
      expect(await selectSeatsWithUntoldStart(odb, ...yearAhead, 5_000)).toEqual([]);
      // The class moves: every seat, and only they, are owed the new time.
      const moved = '2031-07-02T15:00:00.000Z';
      await odb.updateTable('classes').set({ release_at: moved }).where('id', '=', webinar.id).execute();
      const owedNewTime = await selectSeatsWithUntoldStart(odb, ...yearAhead, 5_000);
      expect(owedNewTime).toHaveLength(1_001);
      expect(owedNewTime.every((s) => s.told_before && s.release_at === moved)).toBe(true);
      // A day before the new start each seat is owed its 24 h reminder until the pass sends it.
      const owed24h = {
        classId: webinar.id,
        kind: '24h' as const,
        createdBy: '2031-07-01T15:00:00.000Z',
        limit: 5_000,
      };
      expect(await selectSeatsOwedReminder(odb, owed24h)).toHaveLength(1_001);
      statements.length = 0;
      counting = true;
      await scheduler.runDue(new Date('2031-07-01T15:00:00.000Z'));
      counting = false;
      expect(await selectSeatsOwedReminder(odb, owed24h)).toEqual([]);
      // 2,002 mails (the new time and the 24 h reminder of each seat), read 500 seats at a time
      // and queued 25 to a statement: 2 × (20 + 20 + 1) statements, not one transaction per mail.
      expect(statements.filter((q) => /insert into "mail_outbox"/i.test(q))).toHaveLength(82);
      expect(statements.filter((q) => /insert into "webinar_reminders"/i.test(q))).toHaveLength(82);
      expect(await mailsTo(odb, members[0]!.email)).toEqual([
        expect.objectContaining({
          kind: 'webinar-new-time',
          subject: `OpenCE: new time for ${webinar.title}`,
        }),
        expect.objectContaining({ kind: 'webinar-24h', subject: `OpenCE: tomorrow, ${webinar.title}` }),
      ]);
      expect(await selectSeatsWithUntoldStart(odb, ...yearAhead, 5_000)).toEqual([]);
      // A seat taken after the reminder's moment is not owed it.
      expect(
        await selectSeatsOwedReminder(odb, { ...owed24h, createdBy: '2020-01-01T00:00:00.000Z' }),
      ).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe('one-click unsubscribe from reminders', () => {
  async function remindedMember(startIso: string) {
    const webinar = await createWebinar(db(), { release_at: startIso });
    const member = await createMember(db());
    await reserveSeat(t.app, member.token, webinar.hash);
    await runBoth(new Date(Date.parse(startIso) - 24 * HOUR_MS));
    const [mail] = await mailsTo(db(), member.email, 'webinar-24h');
    return {
      webinar,
      member,
      token: tokenOf(mail!.text_body),
      headers: JSON.parse(mail!.headers!) as Record<string, string>,
    };
  }
  const laterReminders = async (email: string, startIso: string) => {
    await runBoth(new Date(Date.parse(startIso) - HOUR_MS), new Date(startIso));
    return (await mailsTo(db(), email)).filter((m) => m.kind === 'webinar-1h' || m.kind === 'webinar-start');
  };

  it('by the link: a page whose button confirms, without sign-in; no reminder after it', async () => {
    const start = '2031-06-02T14:00:00.000Z';
    const { member, token } = await remindedMember(start);
    const pageRes = await t.app.inject({ method: 'GET', url: `/api/unsubscribe-reminders?t=${token}` });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/text\/html/);
    expect(pageRes.body).toContain(Texts.REMINDERS_UNSUBSCRIBE_BUTTON);
    expect(pageRes.body).toContain('method="post"');
    // Opening the link alone (a mail scanner's GET) changes nothing.
    expect(
      await db().selectFrom('reminder_optouts').selectAll().where('member_id', '=', member.id).execute(),
    ).toEqual([]);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe-reminders?t=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(Texts.REMINDERS_UNSUBSCRIBED);
    expect(await laterReminders(member.email, start)).toEqual([]);
  });

  it('by the one-click POST of List-Unsubscribe-Post (RFC 8058)', async () => {
    const start = '2031-06-09T14:00:00.000Z';
    const { member, headers } = await remindedMember(start);
    const url = /^<http:\/\/localhost:3000(\/api\/unsubscribe-reminders\?t=[^>]+)>$/.exec(
      headers['List-Unsubscribe']!,
    )![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: headers['List-Unsubscribe-Post']!,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: Texts.REMINDERS_UNSUBSCRIBED });
    // A second click is harmless.
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(200);
    expect(await laterReminders(member.email, start)).toEqual([]);
  });

  it('by a multipart one-click POST too (RFC 8058 §3.1; issue 37 row 11)', async () => {
    const start = '2031-06-23T14:00:00.000Z';
    const { member, token } = await remindedMember(start);
    const boundary = '----one-click';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe-reminders?t=${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: Texts.REMINDERS_UNSUBSCRIBED });
    expect(await laterReminders(member.email, start)).toEqual([]);
  });

  it('refuses a token that is not signed by the server', async () => {
    const start = '2031-06-16T14:00:00.000Z';
    const { member, token } = await remindedMember(start);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe-reminders?t=${forged}`,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, msg: Texts.REMINDERS_UNSUBSCRIBE_INVALID });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/unsubscribe-reminders?t=${forged}` })).statusCode,
    ).toBe(400);
    expect(await laterReminders(member.email, start)).toHaveLength(2);
  });
});
