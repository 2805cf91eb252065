import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CeType,
  ClassType,
  DEFAULT_TIME_ZONE,
  localDayInZone,
  trackerDay,
  TrackerTexts,
} from '@opence/shared';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';
import { privateFilesDir } from '../../lib/storage.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createExam,
  createMember,
  createSeat,
  createStaff,
  type TTestMember,
  setCertificateProvider,
} from '../../../test/factories.ts';

/* The CE tracker's API on a real database (SQLite, or PostgreSQL with DATABASE_URL). */

let t: TTestApp;
const db = () => t.app.deps.database.db;
let alice: TTestMember;
let bob: TTestMember;

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(db());
  await setCertificateProvider(db());
  alice = await createMember(db());
  bob = await createMember(db());
});
afterAll(() => t.close());

const auth = (m: TTestMember) => ({ authorization: `Bearer ${m.token}` });
async function call(m: TTestMember | null, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: m ? auth(m) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const today = nowIso().slice(0, 10);
/** The site's certificate is dated in the member's zone: between midnight UTC and New York's, a day before. */
const siteToday = localDayInZone(new Date(), DEFAULT_TIME_ZONE);
const yearsFrom = (days: number) => nowIso(new Date(Date.now() + days * 86_400_000)).slice(0, 10);
const licenceBody = {
  state: 'CA',
  licenceType: 'dentist',
  licenceNumber: 'D-12345',
  periodStart: yearsFrom(-300),
  periodEnd: yearsFrom(400),
};

/** A multipart body with one file field. */
function multipart(filename: string, bytes: Buffer) {
  const boundary = '----tracker-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A 1×1 PNG: the type is read from the file's chunks, not from its signature alone. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
async function upload(m: TTestMember, id: string, filename: string, bytes: Buffer) {
  const body = multipart(filename, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/tracker/certificate-file?id=${id}`,
    headers: { ...auth(m), ...body.headers },
    payload: body.payload,
  });
}

const certificateBody = {
  provider: 'State Dental Association',
  title: 'Infection Control Update',
  completedOn: today,
  hours: 2,
  delivery: 'in_person',
  topics: ['infection_control'],
  approval: 'AGD PACE',
};

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

describe('certificates', () => {
  it('adds a certificate and its PDF, lists it and downloads the file', async () => {
    const created = await call(alice, 'POST', '/api/tracker/certificates', certificateBody);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().certificate;
    const up = await upload(alice, id, 'cert.pdf', PDF);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().certificate.file).toMatchObject({
      name: 'cert.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    const png = await upload(alice, id, 'photo.png', PNG);
    expect(png.json().certificate.file.contentType).toBe('image/png');
    const file = await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const list = (await call(alice, 'GET', '/api/tracker/certificates')).json().certificates;
    expect(list.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('refuses a file that is not a PDF, JPEG or PNG whatever its name, and a file over 10 MB', async () => {
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    const gif = await upload(alice, id, 'cert.pdf', Buffer.from('GIF89a......................'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().msg).toBe(TrackerTexts.FILE_TYPE_REFUSED);
    const html = await upload(alice, id, 'cert.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    const big = await upload(alice, id, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const row = await db()
      .selectFrom('tracker_certificates')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toBeNull();
    expect((await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`)).statusCode).toBe(404);
  });

  it('edits and deletes a certificate, and its file goes from the disk with it', async () => {
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    const fileOnDisk = async () => {
      const row = await db()
        .selectFrom('tracker_certificates')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return path.join(privateFilesDir(t.config.mediaDir), row.storage_key!);
    };
    await upload(alice, id, 'first.pdf', PDF);
    const first = await fileOnDisk();
    expect(existsSync(first)).toBe(true);
    // A new file replaces the old one on the disk too.
    await upload(alice, id, 'second.png', PNG);
    const second = await fileOnDisk();
    expect(existsSync(first)).toBe(false);
    expect(readFileSync(second).equals(PNG)).toBe(true);
    const edited = await call(alice, 'PUT', `/api/tracker/certificate?id=${id}`, {
      ...certificateBody,
      hours: 3,
    });
    expect(edited.json().certificate.hours).toBe(3);
    const bad = await call(alice, 'PUT', `/api/tracker/certificate?id=${id}`, {
      ...certificateBody,
      topics: ['not_a_topic'],
    });
    expect(bad.statusCode).toBe(400);
    // Deleting it takes it out at once, keeps the file for the undo window, and undo brings both back.
    expect((await call(alice, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(200);
    const listed = async () =>
      (await call(alice, 'GET', '/api/tracker/certificates'))
        .json()
        .certificates.some((c: { id: string }) => c.id === id);
    expect(await listed()).toBe(false);
    expect((await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`)).statusCode).toBe(404);
    expect(existsSync(second)).toBe(true);
    expect((await call(alice, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/tracker/certificate-restore?id=${id}`)).statusCode).toBe(404);
    const restored = await call(alice, 'POST', `/api/tracker/certificate-restore?id=${id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().certificate.file.name).toBe('second.png');
    expect(await listed()).toBe(true);
    const file = await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // After the undo window the purge takes the row and then the file; undo then says so.
    expect((await call(alice, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(200);
    await t.app.jobs.runDue(new Date(Date.now() + 5 * 60_000));
    expect(existsSync(second)).toBe(true);
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    expect(existsSync(second)).toBe(false);
    const late = await call(alice, 'POST', `/api/tracker/certificate-restore?id=${id}`);
    expect(late.statusCode).toBe(404);
    expect(late.json().msg).toBe(TrackerTexts.UNDO_TOO_LATE);
    const gone = await db().selectFrom('tracker_certificates').select('id').where('id', '=', id).execute();
    expect(gone).toEqual([]);
  });

  it('lets another member neither read, change, upload to, download nor delete a certificate by its id', async () => {
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    await upload(alice, id, 'cert.pdf', PDF);
    expect((await call(bob, 'GET', `/api/tracker/certificate-file?id=${id}`)).statusCode).toBe(404);
    expect(
      (await call(bob, 'PUT', `/api/tracker/certificate?id=${id}`, { ...certificateBody, hours: 9 }))
        .statusCode,
    ).toBe(404);
    expect((await upload(bob, id, 'x.pdf', PDF)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/tracker/certificate?id=${id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/api/tracker/certificates')).json().certificates).toEqual([]);
    const mine = await call(alice, 'GET', `/api/tracker/certificate-file?id=${id}`);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    // Not served as media either: the file lives outside the public folder.
    const row = await db()
      .selectFrom('tracker_certificates')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await t.app.inject({ url: `/media/${row.storage_key}` })).statusCode).toBe(404);
  });

  it('shows staff a member’s file only through the audited action', async () => {
    const staff = await createStaff(db());
    const { id } = (await call(alice, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    await upload(alice, id, 'cert.pdf', PDF);
    expect(
      (await call(bob, 'GET', `/api/admin/tracker/certificate-file?id=${id}&reason=check`)).statusCode,
    ).toBe(403);
    const res = await call(
      staff,
      'GET',
      `/api/admin/tracker/certificate-file?id=${id}&reason=audit%20request`,
    );
    expect(res.statusCode).toBe(200);
    const audit = await db().selectFrom('audit_log').selectAll().where('entity_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: staff.id, action: 'tracker.certificate.view' });
    expect(JSON.parse(audit[0]!.detail).reason).toBe('audit request');
  });
});

describe('where I stand', () => {
  it('counts the site’s completions and uploads against the rule, says why not, and suggests free courses for the gap', async () => {
    const carol = await createMember(db());
    // CA dentists: 50 h per 2 years, 2 h infection control among the mandatory topics.
    const { id } = (await call(carol, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const before = (await call(carol, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(before.rule.state).toBe('CA');
    expect(before.total).toMatchObject({ required: 50, counted: 0, met: false });
    expect(before.daysLeft).toBe(400);
    const ic = before.topics.find((x: { topic: string }) => x.topic === 'infection_control');
    expect(ic).toMatchObject({ counted: 0, met: false, label: 'Infection control' });

    // Courses here: one on-demand done (tagged), one on-demand not done, a full webinar and one with seats.
    const done = await createClass(db(), { title: 'Done IC class', credits: 1 });
    const open = await createClass(db(), { title: 'Open IC class', credits: 2 });
    const tomorrow = nowIso(new Date(Date.now() + 86_400_000));
    const full = await createClass(db(), {
      title: 'Full IC webinar',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: tomorrow,
      capacity: 1,
    });
    const seatsLeft = await createClass(db(), {
      title: 'Roomy IC webinar',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: tomorrow,
      capacity: 10,
    });
    for (const c of [done, open, full, seatsLeft]) {
      await db()
        .insertInto('class_topics')
        .values({ class_id: c.id, topic_code: 'infection_control' })
        .execute();
      await createExam(db(), { classId: c.id });
    }
    await createSeat(db(), full.id, (await createMember(db())).id);
    await createCompletion(db(), carol.id, { class_id: done.id }, { credits: 1 });

    const oldCert = await call(carol, 'POST', '/api/tracker/certificates', {
      ...certificateBody,
      completedOn: yearsFrom(-400),
      hours: 5,
    });
    expect(oldCert.statusCode).toBe(200);

    const after = (await call(carol, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(after.total.counted).toBe(1);
    const icAfter = after.topics.find((x: { topic: string }) => x.topic === 'infection_control');
    expect(icAfter).toMatchObject({ counted: 1, met: false });
    const site = after.credits.find((c: { source: string }) => c.source === 'site');
    expect(site).toMatchObject({
      title: 'Done IC class',
      counts: true,
      countedHours: 1,
      topics: ['infection_control'],
    });
    const outside = after.credits.find((c: { source: string }) => c.source === 'upload');
    expect(outside).toMatchObject({ counts: false, reasons: ['outside_period'] });

    const gap = after.gap.find((g: { need: string }) => g.need === 'infection_control:infection_control');
    const titles = gap.courses.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Open IC class', 'Roomy IC webinar']));
    expect(titles).not.toContain('Done IC class');
    expect(titles).not.toContain('Full IC webinar');
    const roomy = gap.courses.find((c: { title: string }) => c.title === 'Roomy IC webinar');
    expect(roomy).toMatchObject({ kind: 'live', seatsLeft: 10, url: `/classroom-reserve/${seatsLeft.hash}` });
    expect(gap.courses.find((c: { title: string }) => c.title === 'Open IC class').url).toBe(
      `/classroom/${open.hash}`,
    );

    // A certificate in the period moves the bars.
    await call(carol, 'POST', '/api/tracker/certificates', certificateBody);
    const moved = (await call(carol, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(moved.total.counted).toBe(3);
    expect(moved.topics.find((x: { topic: string }) => x.topic === 'infection_control').met).toBe(true);
    expect(moved.gap.find((g: { need: string }) => g.need.startsWith('infection_control:'))).toBeUndefined();

    // The audit pack's transcript, read back as text; another member's guess finds nothing.
    const pack = await call(carol, 'GET', `/api/tracker/audit-pack?id=${id}`);
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-pack-'));
    writeFileSync(path.join(dir, 'pack.pdf'), pack.rawPayload);
    // Read in the order it is tagged (no -layout): a table cell's wrapped lines stay together.
    const text = execFileSync('pdftotext', [path.join(dir, 'pack.pdf'), '-'])
      .toString()
      .replace(/\s+/g, ' ');
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain('CE audit transcript');
    expect(text).toContain('D-12345');
    expect(text).toMatch(/Total hours: 3 h of 50 h/);
    expect(text).toMatch(/Infection control: Done: 3 of 2 h/);
    expect(text).toContain('Done IC class');
    expect(text).toContain('Infection Control Update');
    expect(text).toContain('outside the period');
    expect((await call(bob, 'GET', `/api/tracker/audit-pack?id=${id}`)).statusCode).toBe(404);
  });
});

describe('the audit pack as a ZIP', () => {
  it('holds the transcript and every certificate of the period: the site’s PDFs and the uploaded files', async () => {
    const dave = await createMember(db());
    const { id } = (await call(dave, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const course = await createClass(db(), { title: 'Radiography refresher', credits: 2 });
    const completion = await createCompletion(db(), dave.id, { class_id: course.id }, { credits: 2 });
    const inPeriod = (await call(dave, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    expect((await upload(dave, inPeriod.id, 'scan.png', PNG)).statusCode).toBe(200);
    const withPdf = (
      await call(dave, 'POST', '/api/tracker/certificates', { ...certificateBody, title: 'Ethics: a/b?' })
    ).json().certificate;
    expect((await upload(dave, withPdf.id, 'ethics.pdf', PDF)).statusCode).toBe(200);
    const old = (
      await call(dave, 'POST', '/api/tracker/certificates', {
        ...certificateBody,
        title: 'Old course',
        completedOn: yearsFrom(-400),
      })
    ).json().certificate;
    expect((await upload(dave, old.id, 'old.pdf', PDF)).statusCode).toBe(200);

    const res = await call(dave, 'GET', `/api/tracker/audit-pack-zip?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const base = `ce-audit-CA-${licenceBody.periodEnd}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${base}.zip"`);

    const dir = mkdtempSync(path.join(tmpdir(), 'audit-zip-'));
    try {
      const zip = path.join(dir, 'pack.zip');
      writeFileSync(zip, res.rawPayload);
      execFileSync('unzip', ['-tq', zip]);
      const names = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n').sort();
      expect(names).toEqual(
        [
          `${base}.pdf`,
          `opence/${siteToday} Radiography refresher.pdf`,
          `uploaded/${today} Ethics a b.pdf`,
          `uploaded/${today} Infection Control Update.png`,
        ].sort(),
      );
      const read = (name: string) => execFileSync('unzip', ['-p', zip, name]);
      expect(read(`uploaded/${today} Infection Control Update.png`).equals(PNG)).toBe(true);
      expect(read(`uploaded/${today} Ethics a b.pdf`).equals(PDF)).toBe(true);
      const pdfText = (name: string) => {
        writeFileSync(path.join(dir, 'x.pdf'), read(name));
        return execFileSync('pdftotext', ['-layout', path.join(dir, 'x.pdf'), '-']).toString();
      };
      const transcript = pdfText(`${base}.pdf`);
      expect(transcript).toContain('CE audit transcript');
      expect(transcript).toContain('Radiography refresher');
      expect(transcript).toMatch(/Total hours: 6 h of 50 h/);
      const certificate = pdfText(`opence/${siteToday} Radiography refresher.pdf`);
      expect(certificate).toContain('Radiography refresher');
      expect(certificate).toContain(completion.certificate_number);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await call(bob, 'GET', `/api/tracker/audit-pack-zip?id=${id}`)).statusCode).toBe(404);
  });
});

describe('the console’s requirement rules', () => {
  it('lists rules by state and licence type, and saves numbers, topics and sources with who verified them, audited', async () => {
    const staff = await createStaff(db());
    const list = await call(staff, 'GET', '/api/admin/tracker/rules?state=WY');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .rules.map((r: { licenceType: string }) => r.licenceType)
        .sort(),
    ).toEqual(['dental_hygienist', 'dentist']);
    const summary = list.json().rules.find((r: { licenceType: string }) => r.licenceType === 'dentist');
    expect(summary).toMatchObject({ state: 'WY', verifiedOn: null, needsVerifying: true });
    expect((await call(staff, 'GET', '/api/admin/tracker/rules')).json().rules).toHaveLength(102);

    const rule = (await call(staff, 'GET', `/api/admin/tracker/rule?id=${summary.id}`)).json().rule;
    expect(rule.sources.length).toBeGreaterThan(0);
    const body = {
      cycleYears: rule.cycleYears,
      totalHours: 40,
      selfStudyMaxHours: 10,
      selfStudyMaxPercent: null,
      selfStudyNoLimit: false,
      liveMinHours: rule.liveMinHours,
      liveWebinarCountsAsLive: true,
      mandatory: [
        ...rule.mandatory.map(({ tracked: _t, ...m }: { tracked: boolean }) => m),
        {
          topic: 'Human trafficking awareness',
          category: 'human_trafficking',
          hours: 1,
          frequency: 'per cycle',
          appliesTo: null,
          note: null,
        },
      ],
      carryOverAllowed: false,
      carryOverMaxHours: null,
      notes: 'Checked against the board’s rule.',
      sources: ['https://dental.wyo.gov/rules', ...rule.sources],
      verifiedOn: today,
    };
    const saved = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule).toMatchObject({
      totalHours: 40,
      selfStudyMaxHours: 10,
      verifiedOn: today,
      verifiedBy: expect.any(String),
      sources: body.sources,
    });
    expect(saved.json().rule.mandatory.at(-1)).toMatchObject({
      category: 'human_trafficking',
      tracked: true,
    });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', rule.id)
      .where('action', '=', 'tracker.rule.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(staff.id);
    const detail = JSON.parse(audit[0]!.detail);
    expect(detail).toMatchObject({ state: 'WY', licenceType: 'dentist' });
    expect(Object.keys(detail.changed)).toEqual(
      expect.arrayContaining(['totalHours', 'sources', 'verifiedOn', 'verifiedBy', 'mandatory']),
    );
    expect(
      (await call(staff, 'GET', '/api/admin/tracker/rules?state=WY&licenceType=dentist')).json().rules[0]
        .needsVerifying,
    ).toBe(false);

    // Members see the rule as saved, with the day it was verified.
    const seen = (
      await call(alice, 'GET', '/api/tracker/proposed-period?state=WY&licenceType=dentist')
    ).json();
    expect(seen.rule).toMatchObject({ totalHours: 40, verifiedOn: today });

    // Refused: a source that is not a web address, a topic not on the list, a member.
    const bad = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      ...body,
      sources: ['javascript:alert(1)'],
    });
    expect(bad.statusCode).toBe(400);
    const badTopic = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      ...body,
      mandatory: [{ ...body.mandatory.at(-1), category: 'made_up' }],
    });
    expect(badTopic.statusCode).toBe(400);
    expect((await call(alice, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, body)).statusCode).toBe(403);
    expect((await call(staff, 'GET', '/api/admin/tracker/rule?id=nope')).statusCode).toBe(404);
  });

  it('saves what each requirement is, a first-period exemption, when a period ends and the caps’ words (issue 36)', async () => {
    const staff = await createStaff(db());
    const summary = (await call(staff, 'GET', '/api/admin/tracker/rules?state=DE&licenceType=dentist')).json()
      .rules[0];
    const rule = (await call(staff, 'GET', `/api/admin/tracker/rule?id=${summary.id}`)).json().rule;
    // Delaware's renewal day is from a 2018 summary, its years not seen: members are asked.
    expect(rule).toMatchObject({ anchorMonth: 5, anchorDay: 31, anchorParity: null, anchorConfirmed: false });
    const ask = (
      await call(alice, 'GET', '/api/tracker/proposed-period?state=DE&licenceType=dentist')
    ).json();
    expect(ask.asks).toEqual(['renewal_date']);
    const body = {
      cycleYears: rule.cycleYears,
      totalHours: rule.totalHours,
      selfStudyMaxHours: rule.selfStudyMaxHours,
      selfStudyMaxPercent: rule.selfStudyMaxPercent,
      selfStudyNoLimit: rule.selfStudyNoLimit,
      liveMinHours: rule.liveMinHours,
      liveWebinarCountsAsLive: rule.liveWebinarCountsAsLive,
      mandatory: rule.mandatory.map(({ tracked: _t, ...m }: { tracked: boolean }, i: number) =>
        i === 0 ? { ...m, kind: 'course' } : m,
      ),
      carryOverAllowed: rule.carryOverAllowed,
      carryOverMaxHours: rule.carryOverMaxHours,
      categoryCaps: [{ topic: 'practice_management', maxHours: 10, note: 'practice management max 10 h' }],
      firstPeriodExempt: true,
      anchorMonth: 5,
      anchorDay: 31,
      anchorParity: 'odd',
      anchorConfirmed: true,
      notes: rule.notes,
      sources: rule.sources,
      verifiedOn: today,
    };
    const saved = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule).toMatchObject({
      firstPeriodExempt: true,
      anchorParity: 'odd',
      anchorConfirmed: true,
      categoryCaps: [{ topic: 'practice_management', maxHours: 10, note: 'practice management max 10 h' }],
    });
    expect(saved.json().rule.mandatory[0].kind).toBe('course');
    // Confirmed by staff: the period is now proposed from it.
    const proposed = (
      await call(alice, 'GET', '/api/tracker/proposed-period?state=DE&licenceType=dentist')
    ).json();
    expect(proposed).toMatchObject({ asks: [], basis: 'rule' });
    expect(proposed.period.end).toMatch(/^\d{4}-05-31$/);
    expect(Number(proposed.period.end.slice(0, 4)) % 2).toBe(1);
    // A form that leaves the new fields out keeps them.
    const {
      firstPeriodExempt: _f,
      anchorMonth: _m,
      anchorDay: _d,
      anchorParity: _p,
      anchorConfirmed: _c,
      ...older
    } = body;
    const kept = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, older);
    expect(kept.json().rule).toMatchObject({
      firstPeriodExempt: true,
      anchorParity: 'odd',
      anchorConfirmed: true,
    });
    const badKind = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      ...body,
      mandatory: [{ ...body.mandatory[0], kind: 'made_up' }],
    });
    expect(badKind.statusCode).toBe(400);
  });
});

describe('topic tags in the console', () => {
  it('sets topics on a class and an episode in their edit screens, audited, and the gap then suggests them', async () => {
    const staff = await createStaff(db());
    const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/admin/${url}`,
        headers: auth(staff),
        ...(payload ? { payload } : {}),
      });
    const course = await createClass(db(), { title: 'Ethics in the operatory', credits: 1 });
    await createExam(db(), { classId: course.id });
    const before = (await admin('GET', `classes/${course.id}`)).json().data;
    expect(before.topics).toEqual([]);
    const saved = await admin('PUT', `classes/${course.id}`, { ...before, topics: ['ethics_jurisprudence'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.topics).toEqual(['ethics_jurisprudence']);
    const refused = await admin('PUT', `classes/${course.id}`, { ...before, topics: ['not_a_topic'] });
    expect(refused.statusCode).toBe(400);
    const audit = await db()
      .selectFrom('audit_log')
      .select('detail')
      .where('entity_id', '=', course.id)
      .where('action', '=', 'update')
      .execute();
    expect(JSON.parse(audit[0]!.detail).changes).toEqual({ topics: ['ethics_jurisprudence'] });

    const episodeId = (await db().selectFrom('podcasts').select('id').executeTakeFirst())?.id;
    if (episodeId) {
      const episode = (await admin('GET', `podcasts/${episodeId}`)).json().data;
      const tagged = await admin('PUT', `podcasts/${episodeId}`, { ...episode, topics: ['cpr_bls'] });
      expect(tagged.statusCode, tagged.body).toBe(200);
      expect(tagged.json().data.topics).toEqual(['cpr_bls']);
    }

    // CA dentists need ethics/jurisprudence hours: the tagged class is suggested for them.
    const erin = await createMember(db());
    const { id } = (await call(erin, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const standing = (await call(erin, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    const need = standing.gap.find((g: { need: string }) => g.need === 'ethics_jurisprudence:jurisprudence');
    expect(need.courses.map((c: { title: string }) => c.title)).toContain('Ethics in the operatory');
  });
});

describe('the model’s conditions, cards and limits', () => {
  it('applies a prescribers’ requirement only with a controlled-substance registration', async () => {
    const frank = await createMember(db());
    const ak = { ...licenceBody, state: 'AK' };
    const without = (await call(frank, 'POST', '/api/tracker/licences', ak)).json().licence;
    expect(without.holdsDea).toBe(false);
    const a = (await call(frank, 'GET', `/api/tracker/standing?id=${without.id}`)).json().standing;
    expect(a.topics.map((x: { topic: string }) => x.topic)).not.toContain('opioid_controlled_substances');
    expect(a.conditional).toContainEqual(
      expect.objectContaining({ appliesTo: 'holders of a DEA registration', applies: false }),
    );
    const changed = await call(frank, 'PUT', `/api/tracker/licence?id=${without.id}`, {
      ...ak,
      holdsDea: true,
    });
    expect(changed.json().licence.holdsDea).toBe(true);
    const b = (await call(frank, 'GET', `/api/tracker/standing?id=${without.id}`)).json().standing;
    expect(b.topics.find((x: { topic: string }) => x.topic === 'opioid_controlled_substances')).toMatchObject(
      {
        required: 2,
        met: false,
      },
    );
  });

  it('counts a CPR card toward CPR while it is valid at the deadline, issued before the period or not', async () => {
    const gina = await createMember(db());
    const { id } = (await call(gina, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const card = {
      ...certificateBody,
      title: 'BLS Provider card',
      topics: ['cpr_bls'],
      hours: 4,
      completedOn: yearsFrom(-400),
      expiresOn: yearsFrom(500),
    };
    const created = await call(gina, 'POST', '/api/tracker/certificates', card);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().certificate.expiresOn).toBe(card.expiresOn);
    const s = (await call(gina, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(s.topics.find((x: { topic: string }) => x.topic === 'cpr_bls')).toMatchObject({
      met: true,
      validUntil: card.expiresOn,
    });
    expect(s.total.counted).toBe(0);
    const pack = await call(gina, 'GET', `/api/tracker/audit-pack?id=${id}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-card-'));
    writeFileSync(path.join(dir, 'pack.pdf'), pack.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'pack.pdf'), '-']).toString();
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain(`Done: Card valid until ${trackerDay(card.expiresOn)}`);
    // A card that runs out before the deadline does not.
    await call(gina, 'PUT', `/api/tracker/certificate?id=${created.json().certificate.id}`, {
      ...card,
      expiresOn: yearsFrom(100),
    });
    const t2 = (await call(gina, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(t2.topics.find((x: { topic: string }) => x.topic === 'cpr_bls')).toMatchObject({
      met: false,
      validUntil: null,
    });
  });
});

describe('erasure', () => {
  it('takes the member’s uploaded files off the disk with their rows', async () => {
    const staff = await createStaff(db());
    const hank = await createMember(db());
    const { id } = (await call(hank, 'POST', '/api/tracker/certificates', certificateBody)).json()
      .certificate;
    await upload(hank, id, 'cert.pdf', PDF);
    const folder = path.join(privateFilesDir(t.config.mediaDir), 'tracker', hank.id);
    expect(existsSync(folder)).toBe(true);
    const erased = await call(staff, 'POST', `/api/admin/members/${hank.id}/erase`, {});
    expect(erased.statusCode, erased.body).toBe(200);
    expect(existsSync(folder)).toBe(false);
    // Another member's files stay.
    const row = await db()
      .selectFrom('tracker_certificates')
      .select('storage_key')
      .where('member_id', '=', alice.id)
      .where('storage_key', 'is not', null)
      .executeTakeFirst();
    if (row?.storage_key)
      expect(existsSync(path.join(privateFilesDir(t.config.mediaDir), row.storage_key))).toBe(true);
  });
});

describe('50-minute hours and category caps set in the console', () => {
  it('converts and caps a member’s hours as staff set them on the rule', async () => {
    const staff = await createStaff(db());
    const summary = (await call(staff, 'GET', '/api/admin/tracker/rules?state=CT&licenceType=dentist')).json()
      .rules[0];
    const rule = (await call(staff, 'GET', `/api/admin/tracker/rule?id=${summary.id}`)).json().rule;
    const saved = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      cycleYears: rule.cycleYears,
      totalHours: 25,
      selfStudyMaxHours: null,
      selfStudyMaxPercent: null,
      selfStudyNoLimit: true,
      liveMinHours: null,
      liveWebinarCountsAsLive: null,
      mandatory: [],
      carryOverAllowed: null,
      carryOverMaxHours: null,
      hourMinutes: 50,
      categoryCaps: [{ topic: 'cpr_bls', maxHours: 3 }],
      notes: null,
      sources: rule.sources,
      verifiedOn: today,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule).toMatchObject({
      hourMinutes: 50,
      categoryCaps: [{ topic: 'cpr_bls', maxHours: 3 }],
    });

    const ivy = await createMember(db());
    const { id } = (await call(ivy, 'POST', '/api/tracker/licences', { ...licenceBody, state: 'CT' })).json()
      .licence;
    // 5 h of CPR (60-minute hours) are 6 CT hours, of which 3 count; 5 h of another course are 6.
    await call(ivy, 'POST', '/api/tracker/certificates', {
      ...certificateBody,
      topics: ['cpr_bls'],
      hours: 5,
    });
    await call(ivy, 'POST', '/api/tracker/certificates', { ...certificateBody, topics: [], hours: 5 });
    const s = (await call(ivy, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(s.total).toMatchObject({ required: 25, counted: 9 });
    expect(s.credits.some((c: { reasons: string[] }) => c.reasons.includes('over_category_cap'))).toBe(true);
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
