import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { CeType, ClassType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createCompany,
  createCompletion,
  createExam,
  createMember,
  createPodcast,
  createSpeaker,
  createStaff,
  createTrackerLicence,
  setCertificateProvider,
  setSetting,
  type TTestMember,
} from '../../../test/factories.ts';
import { startSmtpServer, type TTestSmtpServer } from '../../../test/smtp-server.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { createCertificatesService } from './certificates.service.ts';

let t: TTestApp;
let work: string;
const db = () => t.app.deps.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

const PROVIDER = {
  brand: 'Test Brand',
  providerName: 'Example Dental Education',
  providerContact: '1 State Street, Albany NY · ce@example.test',
  agdPaceProviderId: '219876',
  agdApprovalStart: '2024-11-01',
  agdApprovalEnd: '2028-10-31',
  agdApprovalStatement: 'Example Dental Education is nationally approved for FAGD/MAGD credit.',
  adaCerpStatement: 'ADA CERP recognition statement of the example provider.',
  ukCpdStatement: 'Counts toward verifiable CPD in the UK.',
  signatoryName: 'Dr. Ana Ruiz',
  signatoryTitle: 'Director of Continuing Education',
};

beforeAll(async () => {
  t = await buildTestApp();
  work = mkdtempSync(path.join(tmpdir(), 'opence-cert-'));
  for (const [key, value] of Object.entries(PROVIDER)) await setSetting(db(), key, value);
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** The text of a PDF as poppler reads it, with runs of white space as one space. */
function pdfText(bytes: Buffer | Uint8Array): string {
  const file = path.join(work, `${newId()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Reads back the QR code drawn in a PDF and tells whether it encodes the given text. */
function pdfQrEncodes(bytes: Buffer, text: string): boolean {
  const dir = mkdtempSync(path.join(work, 'img-'));
  const file = path.join(dir, 'c.pdf');
  writeFileSync(file, bytes);
  execFileSync('pdfimages', [file, path.join(dir, 'img')]);
  const ppm = readdirSync(dir).find((f) => f.endsWith('.ppm'));
  if (!ppm) return false;
  // Binary PPM (P6): 'P6\n<w> <h>\n255\n' then RGB bytes.
  const data = readFileSync(path.join(dir, ppm));
  const header = data.subarray(0, 32).toString('latin1').split(/\s+/);
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = data.subarray(data.length - width * height * 3);
  const modules = QRCode.create(text, {}).modules;
  const cell = width / (modules.size + 2);
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      const x = Math.floor((c + 1.5) * cell);
      const y = Math.floor((r + 1.5) * cell);
      const isDark = pixels[(y * width + x) * 3]! < 128;
      if (isDark !== Boolean(modules.get(r, c))) return false;
    }
  }
  return true;
}

async function completedClass(member: TTestMember, overrides: Parameters<typeof createClass>[1] = {}) {
  const speaker = await createSpeaker(db(), 'Dr. Ada Molar');
  await db().updateTable('speakers').set({ credentials: 'DDS, MS' }).where('id', '=', speaker.id).execute();
  const company = await createCompany(db(), `Apex Dental ${newId().slice(-6)}`);
  const cls = await createClass(db(), {
    title: 'Implant Treatment Planning with CBCT',
    speaker_id: speaker.id,
    company_id: company.id,
    credits: 2,
    course_number: 'OCE-2026-014',
    agd_code: '690',
    agd_category: 'Implants',
    learning_objectives: 'Read a CBCT scan\nPlan the implant site',
    ...overrides,
  });
  await createExam(db(), { classId: cls.id });
  // Passed at 03:30 UTC on March 3rd: still March 2nd on the member's day (New York).
  const attemptId = newId();
  const exam = await db()
    .selectFrom('exams')
    .select('id')
    .where('class_id', '=', cls.id)
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('exam_attempts')
    .values({
      id: attemptId,
      exam_id: exam.id,
      member_id: member.id,
      answers: '[1,1,1,1,1]',
      score: 100,
      local_day: '2026-03-02',
      passed: 1,
      created_at: '2026-03-03T03:30:00.000Z',
    })
    .execute();
  const completion = await createCompletion(
    db(),
    member.id,
    { class_id: cls.id },
    {
      credits: 2,
      agd_code: '690',
      exam_attempt_id: attemptId,
      completed_at: '2026-03-03T03:30:00.000Z',
      certificate_number: `7KQ2-M9XD-${newId().slice(-4).toUpperCase()}-ZB1C`,
    },
  );
  return { cls, company, completion };
}

/** A member with a licence in the one licence list (the CE tracker's, decision 1045). */
async function licensed() {
  const member = await createMember(db(), {
    firstname: 'Grace',
    lastname: 'Hopper-Smith',
    agd_number: `${Math.floor(100_000 + Math.random() * 800_000)}`,
  });
  await createTrackerLicence(db(), member.id, { state: 'NY', licence_number: 'D-44321' });
  return member;
}

describe('GET /api/certificate/{number}.pdf', () => {
  it('renders every item of the certificate (03 §7) and a QR code to the verification page', async () => {
    const member = await licensed();
    const { company, completion } = await completedClass(member);
    const number = completion.certificate_number;
    const res = await get(`/api/certificate/${number}.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(res.rawPayload);
    const member_row = await db()
      .selectFrom('members')
      .select('agd_number')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    for (const item of [
      'Verification of Participation',
      'Grace Hopper-Smith',
      `AGD number: ${member_row.agd_number}`,
      'Licence: NY dentist, licence D-44321',
      'Implant Treatment Planning with CBCT',
      'Course number: OCE-2026-014',
      'Date completed: March 2, 2026',
      'Credits: 2 CE credit hours',
      'Credit type: Self-Study',
      'AGD subject code: 690 Implants',
      'Method: Electronically Mediated (on-demand video)',
      'Format: Self-Instruction',
      'Lecturer: Dr. Ada Molar, DDS, MS',
      'Location: Online',
      `Commercial supporter: ${company.name}`,
      'Provider: Example Dental Education',
      `Contact: ${PROVIDER.providerContact}`,
      'AGD PACE provider ID: 219876',
      'Approval period: November 1, 2024 – October 31, 2028',
      PROVIDER.agdApprovalStatement,
      PROVIDER.adaCerpStatement,
      PROVIDER.ukCpdStatement,
      'Dr. Ana Ruiz, Director of Continuing Education',
      'Authorised signatory for Example Dental Education',
      `Certificate number: ${number}`,
      `Verify at: http://localhost:3000/verify/${number}`,
    ]) {
      expect(text, item).toContain(item);
    }
    expect(text).not.toContain('Duplicate');
    expect(pdfQrEncodes(res.rawPayload, `http://localhost:3000/verify/${number}`)).toBe(true);
    expect(pdfQrEncodes(res.rawPayload, 'http://localhost:3000/verify/SOMETHING-ELSE')).toBe(false);
  });

  it('never marks the member’s own download or opening Duplicate (decision 1004)', async () => {
    const member = await licensed();
    const { completion } = await completedClass(member);
    const url = `/api/certificate/${completion.certificate_number}.pdf`;
    for (let i = 0; i < 3; i++) {
      const text = pdfText((await get(url)).rawPayload);
      expect(text).toContain(`Certificate number: ${completion.certificate_number}`);
      expect(text).not.toContain('Duplicate');
    }
  });

  it('leaves out what the member or provider has not given, and dates live credit by the event', async () => {
    const member = await createMember(db(), {
      firstname: 'Ana',
      lastname: 'Lee',
      agd_number: null,
    });
    const { completion } = await completedClass(member, {
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: '2026-02-27T01:00:00.000Z',
      company_id: null,
    });
    await db()
      .updateTable('completions')
      .set({ ce_type_id: CeType.LIVE, delivery: 'live_webinar_self_attested' })
      .where('id', '=', completion.id)
      .execute();
    // A provider that is not ADA CERP recognized leaves its statement empty.
    const certificates = createCertificatesService({
      db: db(),
      settings: async () => ({ ...PROVIDER, adaCerpStatement: ' ' }),
      publicUrl: 'http://localhost:3000',
      media: t.app.deps.storage,
    });
    const text = pdfText((await certificates.pdf(completion.certificate_number)).bytes);
    expect(text).toContain('Ana Lee');
    expect(text).not.toContain('AGD number:');
    expect(text).not.toContain('Licence:');
    expect(text).not.toContain('Commercial supporter:');
    expect(text).not.toContain(PROVIDER.adaCerpStatement);
    expect(text).toContain(PROVIDER.ukCpdStatement);
    // 01:00 UTC on February 27th is the evening of February 26th in New York.
    expect(text).toContain('Date completed: February 26, 2026');
    expect(text).toContain('Credit type: Live, Interactive');
    expect(text).toContain('Format: Live Interactive (Lecture)');
    expect(text).toContain('Method: Electronically Mediated (live webinar)');
  });

  it('answers 404 for an unknown number and 400 for a malformed one', async () => {
    const unknown = await get('/api/certificate/ZZZZ-ZZZZ-ZZZZ-ZZZZ.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(Texts.CERT_NOT_FOUND);
    expect((await get('/api/certificate/abc.txt')).statusCode).toBe(400);
  });
});

describe('GET /api/verify', () => {
  it('confirms the holder, course, date and credits to anyone with the number', async () => {
    const member = await licensed();
    const { completion } = await completedClass(member);
    const res = await get(`/api/verify?n=${completion.certificate_number.toLowerCase()}`);
    expect(res.json()).toEqual({
      status: true,
      certificateNumber: completion.certificate_number,
      holderName: 'Grace Hopper-Smith',
      courseTitle: 'Implant Treatment Planning with CBCT',
      courseNumber: 'OCE-2026-014',
      dateCompleted: 'March 2, 2026',
      credits: 2,
      creditType: 'Self-Study',
      providerName: 'Example Dental Education',
      method: 'Electronically Mediated (on-demand video)',
      format: 'Self-Instruction',
      location: 'Online',
      creditHoursText: '2 CE credit hours',
      subjectCode: '690 Implants',
      signatory: { name: 'Dr. Ana Ruiz', title: 'Director of Continuing Education' },
    });
    expect(res.body).not.toContain(member.email);
    expect(res.body).not.toContain('D-44321');
  });

  it('shows not found for a wrong number or an erased holder', async () => {
    const wrong = await get('/api/verify?n=NOPE-NOPE-NOPE-NOPE');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ status: false, msg: Texts.CERT_NOT_FOUND });
    const member = await licensed();
    const { completion } = await completedClass(member);
    await db().updateTable('members').set({ erased_at: nowIso() }).where('id', '=', member.id).execute();
    expect((await get(`/api/verify?n=${completion.certificate_number}`)).statusCode).toBe(404);
    expect((await get('/api/verify')).json().field).toBe('n');
  });
});

describe('GET /api/certificate (the modal)', () => {
  it('gives the member the modal’s fields, and nobody else', async () => {
    const member = await licensed();
    const { cls, completion } = await completedClass(member);
    const res = await get(`/api/certificate?c=${cls.hash}&s=${member.token}`);
    expect(res.json().certificate).toMatchObject({
      certificateNumber: completion.certificate_number,
      courseNumber: 'OCE-2026-014',
      studentName: 'Grace Hopper-Smith',
      courseTitle: 'Implant Treatment Planning with CBCT',
      lecturer: 'Dr. Ada Molar, DDS, MS',
      dateCompleted: 'March 2, 2026',
      method: 'Electronically Mediated (on-demand video)',
      creditType: 'Self-Study',
      creditHours: 2,
      creditHoursText: '2 CE credit hours',
      location: 'Online',
      signatory: { name: 'Dr. Ana Ruiz', title: 'Director of Continuing Education' },
      subjectCode: '690 Implants',
      learningObjectives: ['Read a CBCT scan', 'Plan the implant site'],
      providerName: 'Example Dental Education',
      accreditationStatement: PROVIDER.agdApprovalStatement,
      ukCpdStatement: PROVIDER.ukCpdStatement,
      certUrl: `http://localhost:3000/api/certificate/${completion.certificate_number}.pdf`,
      verifyUrl: `http://localhost:3000/verify/${completion.certificate_number}`,
    });
    const other = await createMember(db());
    const refused = await get(`/api/certificate?c=${cls.hash}&s=${other.token}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errorMsg).toBe(Texts.CERT_NOT_EARNED);
    expect((await get(`/api/certificate?c=${cls.hash}`)).statusCode).toBe(401);
  });
});

describe('POST /api/send-cert', () => {
  it('queues a mail to the member with the PDF attached', async () => {
    const member = await licensed();
    const { cls, completion } = await completedClass(member);
    const res = await post('/api/send-cert', { s: member.token, c: cls.hash, p: null });
    expect(res.json()).toEqual({ status: true });
    const row = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', member.email)
      .where('kind', '=', 'certificate')
      .executeTakeFirstOrThrow();
    expect(row.subject).toBe(
      'Test Brand: Verification of Participation – Implant Treatment Planning with CBCT',
    );
    expect(row.text_body).toContain(`http://localhost:3000/verify/${completion.certificate_number}`);
    const attachments = JSON.parse(row.attachments) as {
      filename: string;
      contentType: string;
      contentBase64: string;
    }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: `certificate-${completion.certificate_number}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = Buffer.from(attachments[0]!.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(`Certificate number: ${completion.certificate_number}`);
  });

  it('marks a copy requested again by mail, and every copy staff send again, Duplicate', async () => {
    const member = await licensed();
    const { cls, completion } = await completedClass(member);
    const mailed = async () => {
      const rows = await db()
        .selectFrom('mail_outbox')
        .select('attachments')
        .where('to_address', '=', member.email)
        .where('kind', '=', 'certificate')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => {
        const [pdf] = JSON.parse(r.attachments) as { contentBase64: string }[];
        return pdfText(Buffer.from(pdf!.contentBase64, 'base64'));
      });
    };
    // The member's download in between counts for nothing.
    expect((await get(`/api/certificate/${completion.certificate_number}.pdf`)).statusCode).toBe(200);
    await post('/api/send-cert', { s: member.token, c: cls.hash });
    await post('/api/send-cert', { s: member.token, c: cls.hash });
    const staff = await createStaff(db());
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/completions/${completion.id}/resend-certificate`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {},
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const [first, again, byStaff] = await mailed();
    expect(first).toContain(`Certificate number: ${completion.certificate_number}`);
    expect(first).not.toContain('Duplicate');
    expect(again).toContain('Duplicate');
    expect(byStaff).toContain('Duplicate');
    expect(
      pdfText((await get(`/api/certificate/${completion.certificate_number}.pdf`)).rawPayload),
    ).not.toContain('Duplicate');
  });

  it('refuses without a certificate (errorMsg) and without a class or podcast', async () => {
    const member = await createMember(db());
    const cls = await createClass(db());
    const none = await post('/api/send-cert', { s: member.token, c: cls.hash, p: null });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ status: false, errorMsg: Texts.CERT_NOT_EARNED });
    const missing = await post('/api/send-cert', { s: member.token, c: null, p: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('c');
    expect((await post('/api/send-cert', { c: cls.hash })).statusCode).toBe(401);
  });

  it('sends a podcast certificate too', async () => {
    const member = await licensed();
    const podcast = await createPodcast(db(), {
      title: 'Episode on Caries Risk',
      course_number: 'OCE-2026-P01',
    });
    await createCompletion(
      db(),
      member.id,
      { podcast_id: podcast.id },
      { certificate_number: 'PODC-AST0-CERT-0001' },
    );
    expect((await post('/api/send-cert', { s: member.token, p: podcast.hash })).json()).toEqual({
      status: true,
    });
    const pdf = await get('/api/certificate/PODC-AST0-CERT-0001.pdf');
    expect(pdfText(pdf.rawPayload)).toContain('Episode on Caries Risk');
  });
});

describe('the CE transcript', () => {
  it('lists every completion with totals by CE type', async () => {
    const member = await licensed();
    await completedClass(member);
    const live = await createClass(db(), { title: 'Live Webinar on Occlusion', ce_type_id: CeType.LIVE });
    await createCompletion(db(), member.id, { class_id: live.id }, { credits: 1.5, ce_type_id: CeType.LIVE });
    const certificates = createCertificatesService({
      db: db(),
      settings: async () => PROVIDER,
      publicUrl: 'http://localhost:3000',
      media: t.app.deps.storage,
    });
    const text = pdfText(await certificates.transcriptPdf(member.id));
    for (const item of [
      'Continuing Education Transcript',
      'Participant: Grace Hopper-Smith',
      'Implant Treatment Planning with CBCT',
      'Live Webinar on Occlusion',
      'March 2, 2026',
      'Self-Study: 2 CE credit hours',
      'Live, Interactive: 1.5 CE credit hours',
      'Total: 3.5 CE credit hours',
    ]) {
      expect(text, item).toContain(item);
    }
    const attachment = await certificates.transcriptAttachment(member.id);
    expect(attachment).toMatchObject({ filename: 'ce-transcript.pdf', contentType: 'application/pdf' });
  });

  it('is attached to the CE report mail', async () => {
    const member = await licensed();
    await completedClass(member);
    expect((await get(`/api/send-ce-report?s=${member.token}`)).statusCode).toBe(200);
    const row = await db()
      .selectFrom('mail_outbox')
      .select('attachments')
      .where('to_address', '=', member.email)
      .where('kind', '=', 'ce-report')
      .executeTakeFirstOrThrow();
    const [transcript] = JSON.parse(row.attachments) as { filename: string; contentBase64: string }[];
    expect(transcript?.filename).toBe('ce-transcript.pdf');
    expect(pdfText(Buffer.from(transcript!.contentBase64, 'base64'))).toContain(
      'Implant Treatment Planning with CBCT',
    );
  });
});

describe('certificate mail over SMTP', () => {
  let smtp: TTestSmtpServer;
  let mailApp: TTestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailApp = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Test Brand <ce@example.test>' });
    await setCertificateProvider(mailApp.app.deps.database.db);
  });
  afterAll(async () => {
    await mailApp.close();
    await smtp.close();
  });

  it('delivers the certificate PDF as an attachment', async () => {
    const mdb = mailApp.app.deps.database.db;
    const member = await createMember(mdb, { firstname: 'Mail', lastname: 'Member' });
    const cls = await createClass(mdb, { title: 'Mailed Course' });
    await createCompletion(
      mdb,
      member.id,
      { class_id: cls.id },
      { certificate_number: 'MAIL-CERT-0000-0001' },
    );
    const res = await mailApp.app.inject({
      method: 'POST',
      url: '/api/send-cert',
      payload: { s: member.token, c: cls.hash },
    });
    expect(res.json()).toEqual({ status: true });
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(member.email));
    expect(mail.subject).toContain('Mailed Course');
    const pdf = mail.attachments.find((a) => a.mimeType === 'application/pdf');
    expect(pdf?.filename).toBe('certificate-MAIL-CERT-0000-0001.pdf');
    const bytes = Buffer.from(pdf!.content as ArrayBuffer);
    expect(pdfText(bytes)).toContain('Certificate number: MAIL-CERT-0000-0001');
  });
});
