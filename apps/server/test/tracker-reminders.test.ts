import { addDays, ClassType, trackerDay, TrackerTexts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/db/seed/demo-content.ts';
import { nowIso } from '../src/lib/ids.ts';
import { createScheduler } from '../src/lib/jobs.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createClass, createExam, createMember, type TTestMember } from './factories.ts';
import { startSmtpServer, type TTestSmtpServer } from './smtp-server.ts';
import { validProfile } from '../src/features/accounts/accounts.fixtures.ts';

/*
 * CE deadline reminders (issue 23, docs/decisions/1104): 90, 30 and 7 days before a licence's
 * period ends, once each even with two scheduler processes at once, with what is missing and
 * free courses for it; none to a member who turned them off in the profile. Received over SMTP
 * on loopback. (Here, not in the feature: it sets the preference through the accounts feature's profile.)
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const silent = { info: () => undefined, error: () => undefined };

let smtp: TTestSmtpServer;
let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: `${smtp.url}?ignoreTLS=true` });
  await seedReferenceData(db());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const auth = (m: TTestMember) => ({ authorization: `Bearer ${m.token}` });
/** Two processes' schedulers at once, at each moment (and an hour on: another run of the job). */
async function runBoth(...moments: Date[]) {
  const [a, b] = [1, 2].map(() => createScheduler({ db: db(), jobs: t.app.jobs.jobs, log: silent }));
  for (const at of moments) {
    await Promise.all([a!.runDue(at), b!.runDue(at), b!.runDue(new Date(at.getTime() + HOUR_MS))]);
  }
}
async function kindsTo(email: string) {
  const rows = await db()
    .selectFrom('mail_outbox')
    .select(['kind'])
    .where('to_address', '=', email)
    .where('kind', 'like', 'tracker-%')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.kind);
}

describe('CE deadline reminders', () => {
  it('mails 90, 30 and 7 days before the deadline, once each with two schedulers, and none when turned off', async () => {
    // Noon UTC today: every moment below falls on the day it means.
    const today = nowIso().slice(0, 10);
    const now = new Date(`${today}T12:00:00.000Z`);
    const course = await createClass(db(), { title: 'Reminder infection control course', credits: 2 });
    // Neither a class without its recording ('Coming soon') nor one without an exam can be taken (issue 36).
    const comingSoon = await createClass(db(), {
      title: 'Coming-soon infection control class',
      type_id: ClassType.ARCHIVE,
      youtube_url: null,
      credits: 3,
    });
    const noExam = await createClass(db(), { title: 'Exam-less infection control class', credits: 3 });
    for (const c of [course, comingSoon, noExam]) {
      await db()
        .insertInto('class_topics')
        .values({ class_id: c.id, topic_code: 'infection_control' })
        .execute();
    }
    await createExam(db(), { classId: course.id });
    await createExam(db(), { classId: comingSoon.id });
    const licence = {
      state: 'CA',
      licenceType: 'dentist',
      licenceNumber: 'R-90',
      periodStart: addDays(today, -600),
      periodEnd: addDays(today, 90),
    };
    const on = await createMember(db());
    const off = await createMember(db());
    const far = await createMember(db());
    for (const [m, body] of [
      [on, licence],
      [off, licence],
      [far, { ...licence, periodEnd: addDays(today, 91) }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tracker/licences',
        headers: auth(m),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The profile's setting turns them off, and the profile shows it.
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: auth(off),
      payload: validProfile({ email: off.email, ceReminders: false }),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const student = await t.app.inject({ method: 'GET', url: '/api/profile', headers: auth(off) });
    expect(student.json().student).toMatchObject({ ceReminders: false });

    await runBoth(new Date(now.getTime() - DAY_MS));
    expect(await kindsTo(on.email)).toEqual([]);
    await runBoth(now, new Date(now.getTime() + 2 * HOUR_MS));
    expect(await kindsTo(on.email)).toEqual(['tracker-90d']);
    expect(await kindsTo(far.email)).toEqual([]);
    await runBoth(new Date(now.getTime() + 59 * DAY_MS), new Date(now.getTime() + 60 * DAY_MS));
    expect(await kindsTo(on.email)).toEqual(['tracker-90d', 'tracker-30d']);
    await runBoth(
      new Date(now.getTime() + 83 * DAY_MS),
      new Date(now.getTime() + 84 * DAY_MS),
      new Date(now.getTime() + 90 * DAY_MS),
      new Date(now.getTime() + 91 * DAY_MS),
    );
    expect(await kindsTo(on.email)).toEqual(['tracker-90d', 'tracker-30d', 'tracker-7d']);
    expect(await kindsTo(off.email)).toEqual([]);
    // 91 days out it had none; the 90-day one came with the next run inside 90 days.
    expect(await kindsTo(far.email)).toEqual(['tracker-90d', 'tracker-30d', 'tracker-7d']);

    await t.app.mail.drainOutbox(new Date(now.getTime() + 92 * DAY_MS));
    const first = await smtp.waitForMail(
      (m) => m.envelopeTo.includes(on.email) && /90 days/.test(m.subject ?? ''),
    );
    expect(first.subject).toBe('OpenCE: 90 days to your CA CE deadline');
    expect(first.text).toContain(`R-90 ends on ${trackerDay(licence.periodEnd)}, in 90 days.`);
    expect(trackerDay(licence.periodEnd)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(first.text).toContain('Still missing:');
    expect(first.text).toMatch(/Total hours: 0 of 50 h/);
    expect(first.text).toMatch(/Infection control: 0 of 2 h/);
    expect(first.text).toContain(
      `Reminder infection control course (2 h): http://localhost:3000/classroom/${course.hash}`,
    );
    expect(first.text).not.toContain('Coming-soon infection control class');
    expect(first.text).not.toContain('Exam-less infection control class');
    expect(first.text).toContain('http://localhost:3000/tracker');
    expect(first.text).toContain('Turn it off in your profile: http://localhost:3000/account');
    await smtp.waitForMail((m) => m.envelopeTo.includes(on.email) && /7 days/.test(m.subject ?? ''));
    const toOn = smtp.messages.filter((m) => m.envelopeTo.includes(on.email));
    expect(toOn.map((m) => m.subject).sort()).toEqual(
      [
        'OpenCE: 30 days to your CA CE deadline',
        'OpenCE: 7 days to your CA CE deadline',
        'OpenCE: 90 days to your CA CE deadline',
      ].sort(),
    );
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(off.email))).toEqual([]);
  });

  it('carry List-Unsubscribe and List-Unsubscribe-Post; the one-click POST, urlencoded or multipart, turns them off (issue 37 row 11)', async () => {
    const today = nowIso().slice(0, 10);
    const now = new Date(`${today}T12:00:00.000Z`);
    const licence = {
      state: 'CA',
      licenceType: 'dentist',
      licenceNumber: 'U-7',
      periodStart: addDays(today, -600),
      periodEnd: addDays(today, 7),
    };
    const [byForm, byMultipart] = [await createMember(db()), await createMember(db())];
    for (const m of [byForm, byMultipart]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tracker/licences',
        headers: auth(m),
        payload: licence,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await runBoth(now);
    const links: string[] = [];
    for (const m of [byForm, byMultipart]) {
      const row = await db()
        .selectFrom('mail_outbox')
        .select('headers')
        .where('to_address', '=', m.email)
        .where('kind', '=', 'tracker-7d')
        .executeTakeFirstOrThrow();
      const headers = JSON.parse(row.headers!) as Record<string, string>;
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      links.push(
        /^<http:\/\/localhost:3000(\/api\/unsubscribe-ce-reminders\?t=[^>]+)>$/.exec(
          headers['List-Unsubscribe']!,
        )![1]!,
      );
    }
    // The page of the link asks first; opening it changes nothing.
    const page = await t.app.inject({ method: 'GET', url: links[0]! });
    expect(page.body).toContain(TrackerTexts.UNSUBSCRIBE_BUTTON);
    const form = await t.app.inject({
      method: 'POST',
      url: links[0]!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(form.json()).toEqual({ status: true, msg: TrackerTexts.UNSUBSCRIBED });
    const boundary = '----one-click';
    const multipart = await t.app.inject({
      method: 'POST',
      url: links[1]!,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    for (const m of [byForm, byMultipart]) {
      const student = await t.app.inject({ method: 'GET', url: '/api/profile', headers: auth(m) });
      expect(student.json().student).toMatchObject({ ceReminders: false });
    }
    const forged = links[0]!.replace(/\.[A-Za-z0-9_-]{43}$/, `.${'A'.repeat(43)}`);
    expect((await t.app.inject({ method: 'POST', url: forged, payload: {} })).statusCode).toBe(400);
  });
});
