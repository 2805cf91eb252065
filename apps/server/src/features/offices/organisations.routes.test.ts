import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, type TTestMember } from '../../../test/factories.ts';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';
import { pdfText } from '../../lib/pdf-text.ts';

/*
 * The DSO level (issue 43, decisions 1167, 1168) through HTTP on a real database: a member
 * creates an organisation, an office's own manager brings the office in by the organisation's
 * link, the organisation's managers see every office's board (filtered by office) with exactly
 * what each colleague shared, an office's manager still sees only their office, taking an office
 * out ends the view at once (also with reads in flight), and the last manager's leaving erases
 * the organisation with notice.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
const day = (days: number) => nowIso(new Date(Date.now() + days * 86_400_000)).slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(db());
});
afterAll(() => t.close());

function call(m: TTestMember, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${m.token}` },
    ...(payload ? { payload } : {}),
  });
}

async function ok(m: TTestMember, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await call(m, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;

/** An office managed by `manager`, with `colleague` in it sharing what they chose. */
async function officeWith(manager: TTestMember, name: string, colleague: TTestMember, hours: boolean) {
  const id = (await ok(manager, 'POST', '/api/offices', { name, address: '1 Main St', state: 'NY' })).office
    .id as string;
  const { link } = await ok(manager, 'POST', '/api/office-invite', { id });
  await ok(colleague, 'POST', '/api/office-join', {
    t: tokenOf(link),
    sharesDeadlines: true,
    sharesHours: hours,
  });
  return id;
}

async function organisation(manager: TTestMember, name: string) {
  const id = (await ok(manager, 'POST', '/api/organisations', { name })).organisation.id as string;
  return { id, token: tokenOf((await ok(manager, 'POST', '/api/organisation-invite', { id })).link) };
}

const boardOf = (m: TTestMember, id: string, query = '') =>
  call(m, 'GET', `/api/organisation-board?id=${id}${query}`);
const peopleOf = async (m: TTestMember, id: string, query = '') =>
  ((await boardOf(m, id, query)).json().people as { memberId: string; officeName: string }[]).map(
    (p) => `${p.officeName}:${p.memberId}`,
  );

describe('an organisation of offices', () => {
  let dso: TTestMember;
  let northManager: TTestMember;
  let southManager: TTestMember;
  let hygienist: TTestMember;
  let assistant: TTestMember;
  let north: string;
  let south: string;
  let org: { id: string; token: string };

  beforeAll(async () => {
    [dso, northManager, southManager, hygienist, assistant] = await Promise.all(
      Array.from({ length: 5 }, () => createMember(db())),
    );
    await ok(hygienist, 'POST', '/api/tracker/licences', {
      state: 'CA',
      licenceType: 'dental_hygienist',
      licenceNumber: 'RDH-SECRET-1',
      periodStart: day(-700),
      periodEnd: day(30),
    });
    await ok(assistant, 'POST', '/api/tracker/licences', {
      state: 'CA',
      licenceType: 'dental_assistant',
      licenceNumber: 'DA-SECRET-2',
      periodStart: day(-700),
      periodEnd: day(400),
    });
    north = await officeWith(northManager, 'North Smiles', hygienist, true);
    south = await officeWith(southManager, 'South Smiles', assistant, false);
    org = await organisation(dso, 'Bright Dental Group');
  });

  it('an office comes in only by its own manager, who sees what they bring it into', async () => {
    const preview = await ok(northManager, 'GET', `/api/organisation-invite?t=${org.token}`);
    expect(preview).toMatchObject({
      organisation: { name: 'Bright Dental Group' },
      offices: [{ id: north, name: 'North Smiles' }],
    });
    // A colleague of the office cannot bring it in; the organisation's manager cannot take it.
    expect(
      (await call(hygienist, 'POST', '/api/organisation-join', { t: org.token, officeId: north })).statusCode,
    ).toBe(403);
    expect(
      (await call(dso, 'POST', '/api/organisation-join', { t: org.token, officeId: north })).statusCode,
    ).toBe(404);
    expect(
      await db()
        .selectFrom('offices')
        .select('organisation_id')
        .where('id', '=', north)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      organisation_id: null,
    });
    const joined = await ok(northManager, 'POST', '/api/organisation-join', {
      t: org.token,
      officeId: north,
    });
    expect(joined.office.organisation).toEqual({ id: org.id, name: 'Bright Dental Group' });
    await ok(southManager, 'POST', '/api/organisation-join', { t: org.token, officeId: south });
    // Once in, it cannot be brought into a second one.
    const other = await organisation(northManager, 'Other Group');
    const twice = await call(northManager, 'POST', '/api/organisation-join', {
      t: other.token,
      officeId: north,
    });
    expect(twice.statusCode).toBe(409);
    // The colleague's consent screen names the organisation now.
    const { link } = await ok(northManager, 'POST', '/api/office-invite', { id: north });
    expect((await ok(assistant, 'GET', `/api/office-invite?t=${tokenOf(link)}`)).office.organisation).toBe(
      'Bright Dental Group',
    );
  });

  it('shows its managers every office’s board with an office filter, only what each colleague shared', async () => {
    const res = await boardOf(dso, org.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.organisation.offices.map((o: { name: string }) => o.name)).toEqual([
      'North Smiles',
      'South Smiles',
    ]);
    expect((await peopleOf(dso, org.id)).sort()).toEqual(
      [
        `North Smiles:${northManager.id}`,
        `North Smiles:${hygienist.id}`,
        `South Smiles:${southManager.id}`,
        `South Smiles:${assistant.id}`,
      ].sort(),
    );
    expect((await peopleOf(dso, org.id, `&officeId=${south}`)).sort()).toEqual(
      [`South Smiles:${southManager.id}`, `South Smiles:${assistant.id}`].sort(),
    );
    const assistantRow = body.people.find((p: { memberId: string }) => p.memberId === assistant.id);
    // The assistant shares deadlines, not hours: no needs and no status.
    expect(assistantRow.licences).toEqual([
      expect.objectContaining({ licenceType: 'dental_assistant', needs: null, status: null }),
    ]);
    expect(res.body).not.toContain('DA-SECRET-2');
    expect(res.body).not.toContain('RDH-SECRET-1');
    expect(res.body).not.toContain(assistant.email);
    // The organisation's manager reaches each office's own board too, as its managers do.
    expect((await call(dso, 'GET', `/api/office-board?id=${south}`)).statusCode).toBe(200);
  });

  it('keeps an office’s manager to their office, and the organisation from strangers', async () => {
    expect((await boardOf(northManager, org.id)).statusCode).toBe(404);
    expect((await call(northManager, 'GET', `/api/office-board?id=${south}`)).statusCode).toBe(404);
    expect((await boardOf(hygienist, org.id)).statusCode).toBe(404);
    const stranger = await createMember(db());
    const theirs = await organisation(stranger, 'Stranger Group');
    expect((await boardOf(stranger, org.id)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/office-board?id=${north}`)).statusCode).toBe(404);
    expect((await boardOf(dso, theirs.id)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'POST', '/api/organisation-office-remove', { id: org.id, officeId: north }))
        .statusCode,
    ).toBe(404);
  });

  it('exports the organisation’s roster with the office on each line', async () => {
    const csv = await call(dso, 'GET', `/api/organisation-roster?id=${org.id}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(new Set(rows.map((r) => r['Office']))).toEqual(new Set(['North Smiles', 'South Smiles']));
    expect(csv.body).not.toContain('SECRET');
    const pdf = await call(dso, 'GET', `/api/organisation-roster?id=${org.id}&officeId=${north}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Roster of Bright Dental Group');
    expect(text).toContain('North Smiles');
    expect(text).not.toContain('South Smiles');
    expect(
      (await call(northManager, 'GET', `/api/organisation-roster?id=${org.id}&format=csv`)).statusCode,
    ).toBe(404);
  });

  it('lists the organisation in the manager’s data export', async () => {
    const data = (await ok(dso, 'GET', '/api/my-data')).data;
    expect(data.organisation_managers).toEqual([expect.objectContaining({ organisation_id: org.id })]);
  });

  it('ends the organisation’s view at once when the office’s manager takes it out, even with reads in flight', async () => {
    const reads = Array.from({ length: 6 }, () => boardOf(dso, org.id));
    const removed = call(southManager, 'POST', '/api/organisation-office-remove', {
      id: org.id,
      officeId: south,
    });
    const [res] = await Promise.all([removed, ...reads]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await Promise.all(Array.from({ length: 6 }, () => peopleOf(dso, org.id)));
    for (const people of after) expect(people.some((p) => p.startsWith('South Smiles'))).toBe(false);
    expect((await call(dso, 'GET', `/api/office-board?id=${south}`)).statusCode).toBe(404);
    // The office itself stays with its own manager.
    expect((await call(southManager, 'GET', `/api/office-board?id=${south}`)).statusCode).toBe(200);
  });
});

describe('the organisation’s managers', () => {
  it('promotes someone from its offices; when the last managers leave (even two at once) it is erased once, with notice; the office stays', async () => {
    const [first, officeManager, colleague, stranger] = await Promise.all(
      Array.from({ length: 4 }, () => createMember(db())),
    );
    const office = await officeWith(officeManager, 'Lakeside Dental', colleague, true);
    const org = await organisation(first, 'Lakeside Group');
    await ok(officeManager, 'POST', '/api/organisation-join', { t: org.token, officeId: office });
    const notIn = await call(first, 'POST', '/api/organisation-promote', {
      id: org.id,
      memberId: stranger.id,
    });
    expect(notIn.statusCode).toBe(400);
    expect(notIn.json().msg).toContain('not in one of the organisation’s offices');
    expect(
      (await call(colleague, 'POST', '/api/organisation-promote', { id: org.id, memberId: colleague.id }))
        .statusCode,
    ).toBe(404);
    const promoted = await ok(first, 'POST', '/api/organisation-promote', {
      id: org.id,
      memberId: colleague.id,
    });
    expect(promoted.organisation).toMatchObject({ managers: 2, isLastManager: false });
    expect((await boardOf(colleague, org.id)).statusCode).toBe(200);
    // Both leave at once: the organisation is erased once, its office stays with its own manager.
    const results = await Promise.all(
      [first, colleague].map((m) => call(m, 'POST', '/api/organisation-leave', { id: org.id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await db().selectFrom('organisations').where('id', '=', org.id).selectAll().execute()).toEqual([]);
    const notices = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body'])
      .where('kind', '=', 'organisation-erased')
      .where('subject', 'like', '%Lakeside Group%')
      .execute();
    expect(notices.map((n) => n.to_address)).toEqual([officeManager.email]);
    expect(notices[0]!.text_body).toContain('Lakeside Dental stays');
    const { offices } = await ok(officeManager, 'GET', '/api/offices');
    expect(offices).toEqual([expect.objectContaining({ id: office, organisation: null })]);
  });

  it('keeps an office whose own last manager leaves while its organisation manages it; it goes out only with a manager of its own', async () => {
    const [dso, officeManager, colleague] = await Promise.all(
      Array.from({ length: 3 }, () => createMember(db())),
    );
    const office = await officeWith(officeManager, 'Hillside Dental', colleague, true);
    const org = await organisation(dso, 'Hillside Group');
    await ok(officeManager, 'POST', '/api/organisation-join', { t: org.token, officeId: office });
    expect((await ok(officeManager, 'GET', '/api/offices')).offices[0].isLastManager).toBe(false);
    await ok(officeManager, 'POST', '/api/office-leave', { id: office });
    expect(await peopleOf(dso, org.id)).toEqual([`Hillside Dental:${colleague.id}`]);
    const refused = await call(dso, 'POST', '/api/organisation-office-remove', {
      id: org.id,
      officeId: office,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'Hillside Dental has no manager of its own. Make one of its colleagues its manager first.',
    );
    expect((await call(dso, 'POST', '/api/organisation-close', { id: org.id })).statusCode).toBe(409);
    await ok(dso, 'POST', '/api/office-role', { id: office, memberId: colleague.id, role: 'manager' });
    await ok(dso, 'POST', '/api/organisation-office-remove', { id: org.id, officeId: office });
    expect((await call(dso, 'GET', `/api/office-board?id=${office}`)).statusCode).toBe(404);
    expect((await call(colleague, 'GET', `/api/office-board?id=${office}`)).statusCode).toBe(200);
  });

  it('erases the organisation when its last manager erases their account, with notice', async () => {
    const [dso, officeManager, colleague] = await Promise.all(
      Array.from({ length: 3 }, () => createMember(db())),
    );
    const office = await officeWith(officeManager, 'Erasure Dental', colleague, true);
    const org = await organisation(dso, 'Erasure Group');
    await ok(officeManager, 'POST', '/api/organisation-join', { t: org.token, officeId: office });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/remove-consent', payload: { h: dso.token } }))
        .statusCode,
    ).toBe(200);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', dso.email)
      .where('kind', '=', 'gdpr')
      .executeTakeFirstOrThrow();
    const token = /\/gdpr\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/remove-consent-confirm', payload: { t: token } }))
        .statusCode,
    ).toBe(200);
    expect(await db().selectFrom('organisations').where('id', '=', org.id).selectAll().execute()).toEqual([]);
    expect(
      await db().selectFrom('organisation_managers').where('member_id', '=', dso.id).selectAll().execute(),
    ).toEqual([]);
    const notices = await db()
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('kind', '=', 'organisation-erased')
      .where('subject', 'like', '%Erasure Group%')
      .execute();
    expect(notices.map((n) => n.to_address)).toEqual([officeManager.email]);
  });

  it('refuses a blank organisation name and changes nothing', async () => {
    const m = await createMember(db());
    const before = await db().selectFrom('organisations').select('id').execute();
    const bad = await call(m, 'POST', '/api/organisations', { name: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('Enter the organisation’s name.');
    expect(await db().selectFrom('organisations').select('id').execute()).toEqual(before);
  });
});
