import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, type TTestMember } from '../../../test/factories.ts';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';
import { pdfText } from '../../lib/pdf-text.ts';

/*
 * Offices (issue 43) through HTTP on a real database: a member creates an office, invites by
 * mail and by link, a colleague joins with their choices, the manager's board shows only what was
 * shared (read from the CE tracker's standing), assignments and their reminders, the roster
 * read back, leaving (at once, and concurrently), and the office erased with its last manager.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
const day = (days: number) => nowIso(new Date(Date.now() + days * 86_400_000)).slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(db());
});
afterAll(() => t.close());

function call(m: TTestMember | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url,
    headers: m ? { authorization: `Bearer ${m.token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function ok(m: TTestMember, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await call(m, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function licence(m: TTestMember, body: Record<string, unknown>) {
  return (
    await ok(m, 'POST', '/api/tracker/licences', {
      licenceNumber: `L-${m.username}`,
      periodStart: day(-700),
      ...body,
    })
  ).licence.id as string;
}

async function newOffice(manager: TTestMember, name = 'Smile Dental') {
  return (await ok(manager, 'POST', '/api/offices', { name, address: '1 Main St, Albany', state: 'NY' }))
    .office.id as string;
}

/** An invite link's token, made by the manager (mailed when `email` is given). */
async function inviteToken(manager: TTestMember, officeId: string, email?: string) {
  const { link } = await ok(manager, 'POST', '/api/office-invite', {
    id: officeId,
    ...(email ? { email } : {}),
  });
  return new URL(link).searchParams.get('t')!;
}

async function join(m: TTestMember, t: string, sharesDeadlines = true, sharesHours = true) {
  return call(m, 'POST', '/api/office-join', { t, sharesDeadlines, sharesHours });
}

const board = async (m: TTestMember, officeId: string, query = '') =>
  call(m, 'GET', `/api/office-board?id=${officeId}${query}`);

const outbox = (kind: string) =>
  db()
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body'])
    .where('kind', '=', kind)
    .execute();

describe('invite, consent and the board', () => {
  let manager: TTestMember;
  let hygienist: TTestMember;
  let assistant: TTestMember;
  let officeId: string;

  beforeAll(async () => {
    manager = await createMember(db());
    hygienist = await createMember(db());
    assistant = await createMember(db());
    officeId = await newOffice(manager);
    await licence(hygienist, { state: 'CA', licenceType: 'dental_hygienist', periodEnd: day(30) });
    await licence(assistant, { state: 'CA', licenceType: 'dental_assistant', periodEnd: day(500) });
  });

  it('makes the founder its manager', async () => {
    const { offices } = await ok(manager, 'GET', '/api/offices');
    expect(offices).toEqual([
      expect.objectContaining({
        id: officeId,
        name: 'Smile Dental',
        role: 'manager',
        people: 1,
        isLastManager: true,
      }),
    ]);
  });

  it('mails an invite through the outbox; the colleague sees the office and joins with their choices', async () => {
    const token = await inviteToken(manager, officeId, hygienist.email);
    const [mail] = await outbox('office-invite');
    expect(mail!.to_address).toBe(hygienist.email);
    expect(mail!.text_body).toContain(`/office-join?t=${token}`);
    expect(mail!.text_body).toContain('never sees your exam answers');
    const preview = await ok(hygienist, 'GET', `/api/office-invite?t=${token}`);
    expect(preview).toMatchObject({ office: { name: 'Smile Dental', state: 'NY' }, isMember: false });
    const joined = await join(hygienist, token, true, false);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().office).toMatchObject({ role: 'member', sharesDeadlines: true, sharesHours: false });
    // A mailed invite is for one person: used once.
    const again = await join(await createMember(db()), token);
    expect(again.statusCode).toBe(400);
  });

  it('a link invite serves several colleagues; the same one twice is refused', async () => {
    const token = await inviteToken(manager, officeId);
    expect((await join(assistant, token, false, false)).statusCode).toBe(200);
    const twice = await join(assistant, token);
    expect(twice.statusCode).toBe(409);
  });

  it('shows the manager only what each colleague shared, from the tracker’s standing', async () => {
    const res = await board(manager, officeId);
    expect(res.statusCode, res.body).toBe(200);
    const people = res.json().people as { memberId: string; licences: unknown[] }[];
    const hyg = people.find((p) => p.memberId === hygienist.id)!;
    expect(hyg.licences).toEqual([
      expect.objectContaining({
        licenceType: 'dental_hygienist',
        state: 'CA',
        periodEnd: day(30),
        needs: null,
        status: null,
      }),
    ]);
    // The assistant shares nothing yet: listed, no licence.
    expect(people.filter((p) => p.licences.length === 0)).toHaveLength(2);
    // Never the licence number, the e-mail or the username.
    for (const who of [hygienist, assistant]) {
      expect(res.body).not.toContain(who.email);
      expect(res.body).not.toContain(`L-${who.username}`);
    }
  });

  it('shows hours still needed and the status once the colleague shares them; filters by status and type', async () => {
    await ok(hygienist, 'POST', '/api/office-sharing', {
      id: officeId,
      sharesDeadlines: true,
      sharesHours: true,
    });
    await ok(assistant, 'POST', '/api/office-sharing', {
      id: officeId,
      sharesDeadlines: true,
      sharesHours: true,
    });
    const all = (await board(manager, officeId)).json();
    const hyg = all.people
      .flatMap((p: { licences: { licenceType: string }[] }) => p.licences)
      .find((l: { licenceType: string }) => l.licenceType === 'dental_hygienist');
    expect(hyg.status).toBe('at_risk');
    expect(hyg.needs.length).toBeGreaterThan(0);
    expect(hyg.needs.some((n: { hours: number | null }) => (n.hours ?? 0) > 0)).toBe(true);
    const atRisk = (await board(manager, officeId, '&status=at_risk')).json().people;
    expect(atRisk).toHaveLength(1);
    const assistants = (await board(manager, officeId, '&licenceType=dental_assistant')).json().people;
    expect(assistants).toHaveLength(1);
    expect(assistants[0].licences[0]).toMatchObject({ licenceType: 'dental_assistant', status: 'on_track' });
  });

  it('keeps the board from colleagues and from other offices’ managers', async () => {
    expect((await board(hygienist, officeId)).statusCode).toBe(403);
    const stranger = await createMember(db());
    await newOffice(stranger, 'Other office');
    const res = await board(stranger, officeId);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Smile Dental');
    const roster = await call(stranger, 'GET', `/api/office-roster?id=${officeId}&format=csv`);
    expect(roster.statusCode).toBe(404);
    const assign = await call(stranger, 'POST', '/api/office-assignments', {
      id: officeId,
      memberId: hygienist.id,
      title: 'OSHA',
      dueOn: day(10),
    });
    expect(assign.statusCode).toBe(404);
  });

  it('assigns a course: the member sees it on the signed-in home, marks it done, the board shows it', async () => {
    const refused = await call(manager, 'POST', '/api/office-assignments', {
      id: officeId,
      memberId: (await createMember(db())).id,
      title: 'OSHA',
      dueOn: day(10),
    });
    expect(refused.statusCode).toBe(400);
    const { assignment } = await ok(manager, 'POST', '/api/office-assignments', {
      id: officeId,
      memberId: hygienist.id,
      title: 'Infection control',
      url: '/ondemand',
      dueOn: day(10),
    });
    const home = (await ok(hygienist, 'GET', '/api/member-home')).home;
    expect(home.assignments).toEqual([
      expect.objectContaining({
        id: assignment.id,
        title: 'Infection control',
        officeName: 'Smile Dental',
        status: 'open',
      }),
    ]);
    expect(
      (await call(assistant, 'POST', '/api/office-assignment-done', { id: assignment.id })).statusCode,
    ).toBe(404);
    await ok(hygienist, 'POST', '/api/office-assignment-done', { id: assignment.id });
    const row = (await board(manager, officeId))
      .json()
      .people.find((p: { memberId: string }) => p.memberId === hygienist.id);
    expect(row.assignments).toEqual([
      expect.objectContaining({ title: 'Infection control', status: 'done' }),
    ]);
  });

  it('reminds the member before the day and the managers once overdue, each once', async () => {
    await ok(manager, 'POST', '/api/office-assignments', {
      id: officeId,
      memberId: assistant.id,
      title: 'Radiation safety',
      dueOn: day(3),
    });
    const overdue = await ok(manager, 'POST', '/api/office-assignments', {
      id: officeId,
      memberId: assistant.id,
      title: 'OSHA bloodborne pathogens',
      dueOn: day(-2),
    });
    expect(overdue.assignment.status).toBe('overdue');
    const offices = (t.app as unknown as { jobs: { runDue: (at: Date) => Promise<string[]> } }).jobs;
    await offices.runDue(new Date());
    const reminders = await outbox('office-assignment');
    expect(reminders.map((m) => m.to_address).sort()).toEqual([assistant.email, assistant.email]);
    expect(reminders.map((m) => m.subject).join()).toContain('Radiation safety');
    const notices = await outbox('office-overdue');
    expect(notices).toEqual([expect.objectContaining({ to_address: manager.email })]);
    expect(notices[0]!.subject).toContain('OSHA bloodborne pathogens');
    await offices.runDue(new Date(Date.now() + 2 * 3_600_000));
    expect(await outbox('office-assignment')).toHaveLength(2);
    expect(await outbox('office-overdue')).toHaveLength(1);
  });

  it('exports the roster: the CSV parses, the PDF reads back', async () => {
    const csv = await call(manager, 'GET', `/api/office-roster?id=${officeId}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    const hyg = rows.find((r) => r['License type'] === 'dental hygienist')!;
    expect(hyg).toMatchObject({ State: 'CA', Deadline: day(30), Status: 'At risk' });
    expect(hyg['Still needed']).toMatch(/\d+ h /);
    expect(rows.find((r) => r['License type'] === 'dental assistant')!['Open assignments']).toContain(
      'overdue',
    );
    expect(csv.body).not.toContain(hygienist.email);
    const pdf = await call(manager, 'GET', `/api/office-roster?id=${officeId}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Roster of Smile Dental');
    expect(text).toContain('CA dental hygienist');
    expect(text).toContain('At risk');
    expect(text).toContain('Radiation safety');
    expect((await call(hygienist, 'GET', `/api/office-roster?id=${officeId}&format=pdf`)).statusCode).toBe(
      403,
    );
  });

  it('includes the memberships in the member’s data export', async () => {
    const data = (await ok(hygienist, 'GET', '/api/my-data')).data;
    expect(data.office_members).toEqual([expect.objectContaining({ office_id: officeId, role: 'member' })]);
    expect(data.office_assignments).toHaveLength(1);
  });

  it('removes the view at once when a colleague leaves, even with board reads in flight', async () => {
    const reads = Array.from({ length: 6 }, () => board(manager, officeId));
    const left = call(assistant, 'POST', '/api/office-leave', { id: officeId });
    const [leaveRes] = await Promise.all([left, ...reads]);
    expect(leaveRes.statusCode, leaveRes.body).toBe(200);
    const after = await Promise.all(Array.from({ length: 6 }, () => board(manager, officeId)));
    for (const res of after) {
      expect(res.json().people.map((p: { memberId: string }) => p.memberId)).not.toContain(assistant.id);
    }
    expect(
      await db().selectFrom('office_assignments').where('member_id', '=', assistant.id).selectAll().execute(),
    ).toEqual([]);
    expect((await call(assistant, 'GET', `/api/office-board?id=${officeId}`)).statusCode).toBe(404);
  });
});

const managersOf = (officeId: string) =>
  db()
    .selectFrom('office_members')
    .select('member_id')
    .where('office_id', '=', officeId)
    .where('role', '=', 'manager')
    .execute();

describe('the last manager', () => {
  it('a manager makes a colleague a second manager; the last one cannot step down; when the last leaves, the office is erased with notice', async () => {
    const first = await createMember(db());
    const second = await createMember(db());
    const colleague = await createMember(db());
    const officeId = await newOffice(first, 'Two managers');
    for (const m of [second, colleague])
      expect((await join(m, await inviteToken(first, officeId))).statusCode).toBe(200);
    // A colleague cannot make themselves manager; the manager can make them one.
    expect(
      (await call(second, 'POST', '/api/office-role', { id: officeId, memberId: second.id, role: 'manager' }))
        .statusCode,
    ).toBe(403);
    const promoted = await ok(first, 'POST', '/api/office-role', {
      id: officeId,
      memberId: second.id,
      role: 'manager',
    });
    expect(promoted.office.isLastManager).toBe(false);
    expect((await board(second, officeId)).statusCode).toBe(200);
    // The last manager cannot step down and stay: the office would have no manager.
    await ok(first, 'POST', '/api/office-role', { id: officeId, memberId: first.id, role: 'member' });
    const stepDown = await call(second, 'POST', '/api/office-role', {
      id: officeId,
      memberId: second.id,
      role: 'member',
    });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().msg).toContain('Make another colleague manager first.');
    const erased = async () =>
      (await outbox('office-erased')).filter((m) => m.subject.includes('Two managers'));
    expect(await erased()).toEqual([]);
    // The last manager leaves: the office's data is erased and everyone still in it is told, once.
    await ok(second, 'POST', '/api/office-leave', { id: officeId });
    expect(await db().selectFrom('offices').where('id', '=', officeId).selectAll().execute()).toEqual([]);
    expect((await erased()).map((m) => m.to_address).sort()).toEqual([colleague.email, first.email].sort());
    expect((await ok(colleague, 'GET', '/api/offices')).offices).toEqual([]);
  });

  it('the last two managers leaving at once erase the office once; the colleague left is told once', async () => {
    const [a, b2, c] = await Promise.all([createMember(db()), createMember(db()), createMember(db())]);
    const officeId = await newOffice(a, 'Leaving together');
    expect((await join(b2, await inviteToken(a, officeId))).statusCode).toBe(200);
    expect((await join(c, await inviteToken(a, officeId))).statusCode).toBe(200);
    await ok(a, 'POST', '/api/office-role', { id: officeId, memberId: b2.id, role: 'manager' });
    const results = await Promise.all(
      [a, b2].map((m) => call(m, 'POST', '/api/office-leave', { id: officeId })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await db().selectFrom('offices').where('id', '=', officeId).selectAll().execute()).toEqual([]);
    const notices = (await outbox('office-erased')).filter((m) => m.subject.includes('Leaving together'));
    expect(notices.map((m) => m.to_address)).toEqual([c.email]);
  });

  it('a manager can also close the office at once, with notice', async () => {
    const [a, b2] = await Promise.all([createMember(db()), createMember(db())]);
    const officeId = await newOffice(a, 'Closed on purpose');
    expect((await join(b2, await inviteToken(a, officeId))).statusCode).toBe(200);
    await ok(a, 'POST', '/api/office-close', { id: officeId });
    expect(await db().selectFrom('offices').where('id', '=', officeId).selectAll().execute()).toEqual([]);
    const notices = (await outbox('office-erased')).filter((m) => m.subject.includes('Closed on purpose'));
    expect(notices.map((m) => m.to_address).sort()).toEqual([a.email, b2.email].sort());
  });

  it('two managers stepping down at once leave one manager, never none', async () => {
    const [a, b2, c] = await Promise.all([createMember(db()), createMember(db()), createMember(db())]);
    const officeId = await newOffice(a, 'Concurrent demotions');
    for (const m of [b2, c]) {
      expect((await join(m, await inviteToken(a, officeId))).statusCode).toBe(200);
      await ok(a, 'POST', '/api/office-role', { id: officeId, memberId: m.id, role: 'manager' });
    }
    // All three step down at once: exactly one is refused.
    const results = await Promise.all(
      [a, b2, c].map((m) =>
        call(m, 'POST', '/api/office-role', { id: officeId, memberId: m.id, role: 'member' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    const managers = await managersOf(officeId);
    expect(managers).toHaveLength(1);
  });

  it('erases the office when its last manager erases their account', async () => {
    const manager = await createMember(db());
    const colleague = await createMember(db());
    const officeId = await newOffice(manager, 'Erased manager office');
    expect((await join(colleague, await inviteToken(manager, officeId))).statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/remove-consent', { h: manager.token })).statusCode).toBe(200);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', manager.email)
      .where('kind', '=', 'gdpr')
      .executeTakeFirstOrThrow();
    const token = /\/gdpr\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    expect((await call(null, 'POST', '/api/remove-consent-confirm', { t: token })).statusCode).toBe(200);
    expect(await db().selectFrom('offices').where('id', '=', officeId).selectAll().execute()).toEqual([]);
    const notices = (await outbox('office-erased')).filter((m) =>
      m.subject.includes('Erased manager office'),
    );
    expect(notices.map((m) => m.to_address)).toEqual([colleague.email]);
  });
});

describe('refusals change nothing', () => {
  it('refuses a bad office, a bad invite address, a made-up invite and a bad due date', async () => {
    const m = await createMember(db());
    const before = await db().selectFrom('offices').select('id').execute();
    const bad = await call(m, 'POST', '/api/offices', { name: ' ', address: 'x', state: 'New York' });
    expect(bad.statusCode).toBe(400);
    expect(await db().selectFrom('offices').select('id').execute()).toEqual(before);
    const officeId = await newOffice(m, 'Refusals');
    const email = await call(m, 'POST', '/api/office-invite', { id: officeId, email: 'not-an-address' });
    expect(email.statusCode).toBe(400);
    expect(email.json().msg).toContain('Enter a valid e-mail address.');
    expect((await join(m, 'made-up-token')).statusCode).toBe(400);
    const due = await call(m, 'POST', '/api/office-assignments', {
      id: officeId,
      memberId: m.id,
      title: 'OSHA',
      dueOn: '2026-02-30',
    });
    expect(due.statusCode).toBe(400);
    expect(
      await db().selectFrom('office_assignments').where('office_id', '=', officeId).selectAll().execute(),
    ).toEqual([]);
  });
});
