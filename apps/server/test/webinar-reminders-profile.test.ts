import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProfile } from '../src/features/accounts/accounts.fixtures.ts';
import { createWebinar, mailsTo, reserveSeat } from '../src/features/seats/seats.fixtures.ts';
import { createScheduler } from '../src/lib/jobs.ts';
import { buildTestApp, type TTestApp } from './build-test-app.ts';
import { createMember } from './factories.ts';

/*
 * Webinar reminders off and on from the profile (issue 36, docs/decisions/1053): the switch is
 * the row the one-click unsubscribe writes (0411), so the reminder job reads one truth. (Here,
 * not in a feature: it sets the preference through the accounts feature and watches the seats'
 * job.)
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const silent = { info: () => undefined, error: () => undefined };

let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Two processes' schedulers at once, at several moments (each moment its own run slot). */
async function runBoth(...moments: Date[]) {
  const [a, b] = [1, 2].map(() => createScheduler({ db: db(), jobs: t.app.jobs.jobs, log: silent }));
  for (const at of moments) {
    await Promise.all([a!.runDue(at), b!.runDue(at), a!.runDue(new Date(at.getTime() + MINUTE_MS))]);
  }
}
const kindsTo = async (email: string) => (await mailsTo(db(), email)).map((m) => m.kind);
const tokenOf = (text: string) => /unsubscribe-reminders\?t=([A-Za-z0-9_.-]+)/.exec(text)![1]!;

describe("the profile's switch for webinar reminders (issue 36)", () => {
  const profile = (token: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/profile', payload: { s: token, ...validProfile(body) } });
  const student = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/student', query: { s: token } })).json().student as {
      webinarReminders: boolean;
      ceReminders: boolean;
    };
  const remindersTo = async (email: string) =>
    (await kindsTo(email)).filter((kind) => kind.startsWith('webinar-') && kind !== 'webinar-new-time');

  it('is on by default; off, the job sends none; on again, the next one goes out', async () => {
    const start = '2031-07-07T14:00:00.000Z';
    const webinar = await createWebinar(db(), { release_at: start });
    const member = await createMember(db());
    await reserveSeat(t.app, member.token, webinar.hash);
    expect(await student(member.token)).toMatchObject({ webinarReminders: true });

    const off = await profile(member.token, { email: member.email, webinarReminders: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await student(member.token)).toMatchObject({ webinarReminders: false, ceReminders: true });
    await runBoth(new Date(Date.parse(start) - 24 * HOUR_MS));
    expect(await remindersTo(member.email)).toEqual([]);

    // A form that leaves the field out (01 §7's own profile fields only) keeps the choice.
    expect((await profile(member.token, { email: member.email })).statusCode).toBe(200);
    expect(await student(member.token)).toMatchObject({ webinarReminders: false });

    const on = await profile(member.token, { email: member.email, webinarReminders: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(await student(member.token)).toMatchObject({ webinarReminders: true });
    await runBoth(new Date(Date.parse(start) - HOUR_MS));
    expect(await remindersTo(member.email)).toEqual(['webinar-1h']);
  });

  it("shows a mail's one-click unsubscribe as off, and turning it on again undoes it", async () => {
    const start = '2031-07-14T14:00:00.000Z';
    const webinar = await createWebinar(db(), { release_at: start });
    const member = await createMember(db());
    await reserveSeat(t.app, member.token, webinar.hash);
    await runBoth(new Date(Date.parse(start) - 24 * HOUR_MS));
    const [mail] = await mailsTo(db(), member.email, 'webinar-24h');
    const url = `/api/unsubscribe-reminders?t=${tokenOf(mail!.text_body)}`;
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(200);
    expect(await student(member.token)).toMatchObject({ webinarReminders: false });

    await profile(member.token, { email: member.email, webinarReminders: true });
    await runBoth(new Date(Date.parse(start) - HOUR_MS));
    expect(await remindersTo(member.email)).toEqual(['webinar-24h', 'webinar-1h']);
  });

  it('holds under concurrent saves: one choice stored, no error', async () => {
    const member = await createMember(db());
    const saves = await Promise.all(
      [false, false, true, false].map((on) =>
        profile(member.token, { email: member.email, webinarReminders: on }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await db()
      .selectFrom('reminder_optouts')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    expect((await student(member.token)).webinarReminders).toBe(rows.length === 0);
  });
});
