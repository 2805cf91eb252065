import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CeType, ClassType, TrackerTexts } from '@opence/shared';
import { nowIso } from '../../lib/ids.ts';
import { createClass, createExam, createMember, type TTestMember } from '../../../test/factories.ts';
import {
  alice,
  bob,
  call,
  certificateBody,
  db,
  licenceBody,
  t,
  today,
  useTrackerApp,
  yearsFrom,
} from './tracker.fixtures.ts';

/* The CE tracker's licences on a real database: periods, marks, deletion and undo (issue 36). */

useTrackerApp();

describe('licences', () => {
  it('refuses a visitor', async () => {
    expect((await call(null, 'GET', '/api/tracker/licences')).statusCode).toBe(401);
  });

  it('proposes a period from the state’s cycle rule, with its sources', async () => {
    const res = await call(
      alice,
      'GET',
      '/api/tracker/proposed-period?state=AR&licenceType=dental_hygienist',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ asks: [], basis: 'rule', hint: null });
    expect(body.period.end.slice(5)).toBe('12-31');
    expect(Number(body.period.end.slice(0, 4)) % 2).toBe(1);
    expect(body.rule.sources.length).toBeGreaterThan(0);
    expect(body.rule.confidence).toBe('sourced');

    // A birth-month cycle asks the month, and the year it renews in (the data does not say which):
    // the same questions before and after an answer, so the field never vanishes (issue 36).
    const url = '/api/tracker/proposed-period?state=AZ&licenceType=dentist';
    const birth = (await call(alice, 'GET', url)).json();
    expect(birth).toMatchObject({ asks: ['birth_month', 'renewal_year'], period: null, basis: null });
    expect(birth.renewalYears).toHaveLength(3);
    const november = (
      await call(alice, 'GET', `${url}&birthMonth=11&renewalYear=${birth.renewalYears[1]}`)
    ).json();
    expect(november.asks).toEqual(['birth_month', 'renewal_year']);
    expect(november.period.end).toBe(`${birth.renewalYears[1]}-11-30`);
    expect(november.basis).toBe('member');

    // Florida's dentist renewal date was not found: asked, never guessed; what the rule depends on.
    const fl = (await call(alice, 'GET', '/api/tracker/proposed-period?state=FL&licenceType=dentist')).json();
    expect(fl).toMatchObject({ asks: ['renewal_date'], period: null, basis: null });
    expect(fl.hint).toContain('Renewal date for dentists not seen');
    expect(fl.questions).toEqual({ dea: true, permits: [], issuedOn: true, requiredHours: false });
    const flDated = (
      await call(
        alice,
        'GET',
        '/api/tracker/proposed-period?state=FL&licenceType=dentist&renewalDate=2028-02-29',
      )
    ).json();
    expect(flDated).toMatchObject({ period: { start: '2026-03-01', end: '2028-02-29' }, basis: 'member' });

    const unknown = await call(alice, 'GET', '/api/tracker/proposed-period?state=ZZ&licenceType=dentist');
    expect(unknown.json()).toMatchObject({
      rule: null,
      asks: ['renewal_date'],
      period: null,
      questions: { requiredHours: true },
    });
  });

  it('creates, lists, changes and deletes a licence', async () => {
    const created = await call(alice, 'POST', '/api/tracker/licences', licenceBody);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().licence;
    expect((await call(alice, 'GET', '/api/tracker/licences')).json().licences).toHaveLength(1);
    const changed = await call(alice, 'PUT', `/api/tracker/licence?id=${id}`, {
      ...licenceBody,
      licenceNumber: 'D-999',
    });
    expect(changed.json().licence.licenceNumber).toBe('D-999');
    expect((await call(alice, 'DELETE', `/api/tracker/licence?id=${id}`)).statusCode).toBe(200);
    expect((await call(alice, 'GET', '/api/tracker/licences')).json().licences).toEqual([]);
  });

  it('refuses a period that ends before it starts, and a bad state', async () => {
    const res = await call(alice, 'POST', '/api/tracker/licences', {
      ...licenceBody,
      periodEnd: licenceBody.periodStart,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(TrackerTexts.BAD_PERIOD);
    expect(
      (await call(alice, 'POST', '/api/tracker/licences', { ...licenceBody, state: 'C1' })).statusCode,
    ).toBe(400);
  });

  it('lets another member neither read, change nor delete a licence by its id', async () => {
    const { id } = (await call(alice, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    expect((await call(bob, 'GET', `/api/tracker/standing?id=${id}`)).statusCode).toBe(404);
    expect(
      (await call(bob, 'PUT', `/api/tracker/licence?id=${id}`, { ...licenceBody, licenceNumber: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await call(bob, 'DELETE', `/api/tracker/licence?id=${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/tracker/licences')).json().licences).toEqual([]);
    const still = await call(alice, 'GET', '/api/tracker/licences');
    expect(still.json().licences.find((l: { id: string }) => l.id === id).licenceNumber).toBe('D-12345');
  });
});

describe('a tracker that tells the truth (issue 36)', () => {
  const propose = async (m: TTestMember, query: string) =>
    (await call(m, 'GET', `/api/tracker/proposed-period?${query}`)).json();
  const standingOf = async (m: TTestMember, id: string) =>
    (await call(m, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
  type TReq = {
    key: string;
    topic: string;
    kind: string;
    status: string;
    reason: string | null;
    ask: string | null;
  };
  const req = (standing: { requirements: TReq[] }, topic: string) =>
    standing.requirements.find((r) => r.topic === topic)!;

  it('FL dentist: asks the renewal date, and holds the licence only to what applies', async () => {
    const hana = await createMember(db());
    const plan = await propose(hana, 'state=FL&licenceType=dentist&renewalDate=2028-02-29');
    const created = await call(hana, 'POST', '/api/tracker/licences', {
      state: 'FL',
      licenceType: 'dentist',
      licenceNumber: 'DN 1234',
      periodStart: plan.period.start,
      periodEnd: plan.period.end,
    });
    expect(created.statusCode, created.body).toBe(200);
    const licence = created.json().licence;
    expect(licence).toMatchObject({ periodBasis: 'member', issuedOn: null, holdsDea: false, permits: [] });
    const s = await standingOf(hana, licence.id);
    // HIV/AIDS is due once by the first renewal: it depends on when the licence was first issued.
    expect(req(s, 'hiv_aids')).toMatchObject({ kind: 'once', status: 'unknown', ask: 'issued_on' });
    // Prescribing hours only with a DEA registration.
    expect(req(s, 'opioid_controlled_substances')).toMatchObject({
      status: 'not_applicable',
      reason: 'no_dea',
    });
    expect(req(s, 'medical_errors')).toMatchObject({ kind: 'hours', status: 'missing' });
    expect(req(s, 'cpr_bls')).toMatchObject({ kind: 'card', status: 'missing' });
    // The audit pack says the same as the page: what does not apply is never printed as missing.
    const pack = await call(hana, 'GET', `/api/tracker/audit-pack?id=${licence.id}`);
    const packDir = mkdtempSync(path.join(tmpdir(), 'audit-pack-'));
    writeFileSync(path.join(packDir, 'pack.pdf'), pack.rawPayload);
    const packText = execFileSync('pdftotext', [path.join(packDir, 'pack.pdf'), '-'])
      .toString()
      .replace(/\s+/g, ' ');
    rmSync(packDir, { recursive: true, force: true });
    expect(packText).toContain(`Not needed: ${TrackerTexts.REQ_NA_NO_DEA}`);
    expect(packText).toContain(`Tell us: ${TrackerTexts.REQ_ASK_ISSUED_ON}`);
    expect(packText).not.toMatch(/HIV[^:]*: Missing|[Oo]pioid[^:]*: Missing/);
    const needs = s.gap.map((g: { need: string }) => g.need);
    expect(needs.some((n: string) => n.startsWith('hiv_aids') || n.startsWith('opioid'))).toBe(false);
    expect(s.topics.map((x: { topic: string }) => x.topic)).not.toContain('hiv_aids');
    expect(s.gap.find((g: { need: string }) => g.need.startsWith('cpr_bls')).hint).toBe(
      TrackerTexts.GAP_CARD,
    );

    const answered = await call(hana, 'PUT', `/api/tracker/licence?id=${licence.id}`, {
      state: 'FL',
      licenceType: 'dentist',
      licenceNumber: 'DN 1234',
      periodStart: plan.period.start,
      periodEnd: plan.period.end,
      issuedOn: '2004-06-01',
      holdsDea: true,
    });
    expect(answered.json().licence).toMatchObject({ issuedOn: '2004-06-01', holdsDea: true });
    const after = await standingOf(hana, licence.id);
    expect(req(after, 'hiv_aids')).toMatchObject({
      status: 'not_applicable',
      reason: 'after_first_licensure',
    });
    expect(req(after, 'opioid_controlled_substances')).toMatchObject({ status: 'missing', required: 2 });
  });

  it('TX hygienist: takes November as the birth month, and holds the jurisprudence assessment to its mark, not hours', async () => {
    const ines = await createMember(db());
    const open = await propose(ines, 'state=TX&licenceType=dental_hygienist&birthMonth=11');
    expect(open.asks).toEqual(['birth_month', 'renewal_year']);
    const plan = await propose(
      ines,
      `state=TX&licenceType=dental_hygienist&birthMonth=11&renewalYear=${open.renewalYears[0]}`,
    );
    expect(plan.period.end.slice(5)).toBe('11-30');
    const { licence } = (
      await call(ines, 'POST', '/api/tracker/licences', {
        state: 'TX',
        licenceType: 'dental_hygienist',
        licenceNumber: 'RDH 77',
        periodStart: plan.period.start,
        periodEnd: plan.period.end,
        birthMonth: 11,
      })
    ).json();
    expect(licence).toMatchObject({ birthMonth: 11, periodBasis: 'member' });
    const s = await standingOf(ines, licence.id);
    const assessment = req(s, 'ethics_jurisprudence');
    expect(assessment).toMatchObject({ kind: 'assessment', status: 'missing', required: null });
    const gap = s.gap.find((g: { need: string }) => g.need === assessment.key);
    expect(gap).toMatchObject({ courses: [], hint: TrackerTexts.GAP_ASSESSMENT });

    const marked = await call(ines, 'PUT', `/api/tracker/licence-check?id=${licence.id}`, {
      key: assessment.key,
      doneOn: today,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().licence.checks).toEqual([{ key: assessment.key, doneOn: today }]);
    expect(req(await standingOf(ines, licence.id), 'ethics_jurisprudence')).toMatchObject({
      status: 'met',
      doneOn: today,
    });
    const unknownKey = await call(ines, 'PUT', `/api/tracker/licence-check?id=${licence.id}`, {
      key: 'hiv_aids:hiv_aids',
      doneOn: today,
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(
      (
        await call(bob, 'PUT', `/api/tracker/licence-check?id=${licence.id}`, {
          key: assessment.key,
          doneOn: today,
        })
      ).statusCode,
    ).toBe(404);
    const cleared = await call(ines, 'PUT', `/api/tracker/licence-check?id=${licence.id}`, {
      key: assessment.key,
      doneOn: null,
    });
    expect(cleared.json().licence.checks).toEqual([]);
  });

  it('keeps the period the board’s cycle proposes as the rule’s, and lists licences by urgency', async () => {
    const jack = await createMember(db());
    const plan = await propose(jack, 'state=AR&licenceType=dental_hygienist');
    const base = { licenceType: 'dental_hygienist', licenceNumber: 'AR-1' };
    const ar = (
      await call(jack, 'POST', '/api/tracker/licences', {
        ...base,
        state: 'AR',
        periodStart: plan.period.start,
        periodEnd: plan.period.end,
      })
    ).json().licence;
    expect(ar.periodBasis).toBe('rule');
    const soon = (
      await call(jack, 'POST', '/api/tracker/licences', {
        ...base,
        state: 'ZZ',
        periodStart: yearsFrom(-300),
        periodEnd: yearsFrom(20),
        requiredHours: 12,
      })
    ).json().licence;
    expect(soon).toMatchObject({ periodBasis: 'member', requiredHours: 12 });
    const order = (await call(jack, 'GET', '/api/tracker/licences'))
      .json()
      .licences.map((l: { id: string }) => l.id);
    expect(order).toEqual([soon.id, ar.id]);
    // No rule: the member's own total is used, and said to be theirs.
    const s = await standingOf(jack, soon.id);
    expect(s.total.required).toBe(12);
    expect(s.totalIsMembers).toBe(true);
  });

  it('suggests only takeable courses the board’s categories allow, different per licence', async () => {
    const kate = await createMember(db());
    const tomorrow = nowIso(new Date(Date.now() + 86_400_000));
    const kpis = await createClass(db(), {
      title: 'Issue 36 KPIs webinar',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: tomorrow,
      capacity: 20,
      credits: 3,
    });
    const perio = await createClass(db(), { title: 'Issue 36 perio course', credits: 2.5 });
    const ergonomics = await createClass(db(), {
      title: 'Issue 36 ergonomics (coming soon)',
      type_id: ClassType.ARCHIVE,
      youtube_url: null,
      credits: 3,
    });
    const noExam = await createClass(db(), { title: 'Issue 36 class without exam', credits: 3 });
    const afterDeadline = await createClass(db(), {
      title: 'Issue 36 webinar after the deadline',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: nowIso(new Date(Date.now() + 500 * 86_400_000)),
      credits: 3,
    });
    await db()
      .insertInto('class_topics')
      .values({ class_id: kpis.id, topic_code: 'practice_management' })
      .execute();
    for (const c of [kpis, perio, ergonomics, afterDeadline]) await createExam(db(), { classId: c.id });
    void noExam;
    const titlesFor = async (state: string) => {
      const { licence } = (
        await call(kate, 'POST', '/api/tracker/licences', {
          state,
          licenceType: 'dentist',
          licenceNumber: `${state}-36`,
          periodStart: yearsFrom(-300),
          periodEnd: yearsFrom(400),
        })
      ).json();
      const s = await standingOf(kate, licence.id);
      return s.gap
        .find((g: { need: string }) => g.need === 'total')
        .courses.map((c: { title: string }) => c.title);
    };
    const tx = await titlesFor('TX');
    const fl = await titlesFor('FL');
    const ca = await titlesFor('CA');
    for (const titles of [tx, fl]) {
      expect(titles).toContain('Issue 36 perio course');
      expect(titles).not.toContain('Issue 36 ergonomics (coming soon)');
      expect(titles).not.toContain('Issue 36 class without exam');
      expect(titles).not.toContain('Issue 36 webinar after the deadline');
    }
    // Texas excludes practice management and finance; Florida counts 3 h of it, after what counts in full.
    // California limits neither: the course worth most comes first.
    expect(tx).not.toContain('Issue 36 KPIs webinar');
    expect(ca[0]).toBe('Issue 36 KPIs webinar');
    expect(fl[0]).toBe('Issue 36 perio course');
    const kpisInFl = fl.indexOf('Issue 36 KPIs webinar');
    expect(kpisInFl === -1 || kpisInFl > fl.indexOf('Issue 36 perio course')).toBe(true);
    expect(tx).not.toEqual(ca);
    expect(fl).not.toEqual(ca);
  });

  it('keeps every mark saved at once, and stays consistent when deletes and undos race', async () => {
    const mia = await createMember(db());
    const { licence } = (
      await call(mia, 'POST', '/api/tracker/licences', {
        ...licenceBody,
        state: 'NY',
        licenceNumber: 'NY-36',
      })
    ).json();
    const standing = await standingOf(mia, licence.id);
    const keys = standing.requirements
      .filter((r: TReq) => ['once', 'assessment', 'card'].includes(r.kind))
      .map((r: TReq) => r.key);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    const marks = await Promise.all(
      keys.map((key: string, i: number) =>
        call(mia, 'PUT', `/api/tracker/licence-check?id=${licence.id}`, {
          key,
          doneOn: `2025-0${(i % 9) + 1}-15`,
        }),
      ),
    );
    expect(marks.map((r) => r.statusCode)).toEqual(keys.map(() => 200));
    const kept = (await call(mia, 'GET', '/api/tracker/licences')).json().licences[0].checks;
    expect(kept.map((c: { key: string }) => c.key).sort()).toEqual([...keys].sort());

    const { certificate } = (await call(mia, 'POST', '/api/tracker/certificates', certificateBody)).json();
    const race = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? call(mia, 'POST', `/api/tracker/certificate-restore?id=${certificate.id}`)
          : call(mia, 'DELETE', `/api/tracker/certificate?id=${certificate.id}`),
      ),
    );
    // Each call is done or refused as not found: never a server error, never two rows.
    for (const r of race) expect([200, 404], r.body).toContain(r.statusCode);
    const rows = await db()
      .selectFrom('tracker_certificates')
      .select('id')
      .where('id', '=', certificate.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('deletes a licence so it can be undone for a while, then removes it', async () => {
    const liam = await createMember(db());
    const { licence } = (await call(liam, 'POST', '/api/tracker/licences', licenceBody)).json();
    expect((await call(liam, 'DELETE', `/api/tracker/licence?id=${licence.id}`)).statusCode).toBe(200);
    expect((await call(liam, 'GET', '/api/tracker/licences')).json().licences).toEqual([]);
    expect((await call(liam, 'GET', `/api/tracker/standing?id=${licence.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/tracker/licence-restore?id=${licence.id}`)).statusCode).toBe(404);
    const restored = await call(liam, 'POST', `/api/tracker/licence-restore?id=${licence.id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call(liam, 'GET', '/api/tracker/licences')).json().licences).toHaveLength(1);

    expect((await call(liam, 'DELETE', `/api/tracker/licence?id=${licence.id}`)).statusCode).toBe(200);
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000 + 60_000));
    const late = await call(liam, 'POST', `/api/tracker/licence-restore?id=${licence.id}`);
    expect(late.statusCode).toBe(404);
    expect(late.json().msg).toBe(TrackerTexts.UNDO_TOO_LATE);
    const rows = await db()
      .selectFrom('tracker_licences')
      .select('id')
      .where('id', '=', licence.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
