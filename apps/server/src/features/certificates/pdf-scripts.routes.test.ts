import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { checkPdfWithOutsideTools } from '../../../test/pdf-checks.ts';
import {
  createClass,
  createCompletion,
  createMember,
  createStaff,
  setCertificateProvider,
  type TTestMember,
} from '../../../test/factories.ts';

/*
 * PDFs anyone can read (issue 35, docs/decisions/1046): a member named in twelve scripts gets a
 * certificate, a CE transcript and an audit pack, and staff a poster titled in them; each answers
 * 200, is a valid PDF (qpdf, where installed), embeds every font it uses (pdffonts), is tagged
 * with a title and a language, and keeps the text as written where a glyph is missing.
 */

const SCRIPTS = {
  vietnamese: 'Nguyễn Thị Ánh',
  polish: 'Łukasiewicz Żółć',
  greek: 'Παπαδόπουλος',
  cyrillic: 'Иван Петров',
  arabic: 'محمد',
  hebrew: 'דוד',
  chinese: '王小明',
  japanese: '山田 ひらがな カタカナ',
  korean: '김민수',
  devanagari: 'देवनागरी',
  emoji: '😀👍🏽',
  zeroWidth: 'Ze\u200bro\u200dwidth\u200e\ufeff',
};
const ALL = Object.values(SCRIPTS).join(' ');
/** What a reader gets back: the text as written, less the invisible marks. */
const visible = (text: string) =>
  text.replace(/[\p{Default_Ignorable_Code_Point}]/gu, '').replace(/\s+/g, ' ');
/**
 * Whether the extracted text holds the script's words. The PDF keeps right-to-left text as
 * written (its ActualText); poppler turns every right-to-left run around on output.
 */
const holds = (text: string, script: string) =>
  text.includes(visible(script)) || text.includes([...visible(script)].reverse().join(''));

let t: TTestApp;
let work: string;
let staff: TTestMember;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(db());
  await setCertificateProvider(db());
  staff = await createStaff(db());
  work = mkdtempSync(path.join(tmpdir(), 'pdf-scripts-'));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

function saved(bytes: Uint8Array): string {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** Every check an outside reader makes of one PDF; its visible text. */
const checkPdf = (bytes: Uint8Array, kind: string) => visible(checkPdfWithOutsideTools(bytes, kind));

describe('a member named in twelve scripts', () => {
  it('downloads a certificate, a transcript and an audit pack that embed their font and keep every name', async () => {
    const member = await createMember(db(), {
      firstname: `${SCRIPTS.vietnamese} ${SCRIPTS.polish} ${SCRIPTS.greek}`,
      lastname: [SCRIPTS.cyrillic, SCRIPTS.arabic, SCRIPTS.hebrew, SCRIPTS.chinese, SCRIPTS.japanese]
        .concat([SCRIPTS.korean, SCRIPTS.devanagari, SCRIPTS.emoji, SCRIPTS.zeroWidth])
        .join(' '),
    });
    const auth = { authorization: `Bearer ${member.token}` };
    const cls = await createClass(db(), { title: `Implants ${ALL}`, agd_code: '690' });
    const completion = await createCompletion(db(), member.id, { class_id: cls.id });
    const licence = await t.app.inject({
      method: 'POST',
      url: '/api/tracker/licences',
      headers: auth,
      payload: {
        state: 'CA',
        licenceType: 'dentist',
        licenceNumber: `Ł-123 ễ Ж ${SCRIPTS.chinese} ${SCRIPTS.emoji}`,
        periodStart: '2020-01-01',
        periodEnd: '2099-12-31',
      },
    });
    expect(licence.statusCode, licence.body).toBe(200);

    const certificate = await t.app.inject({ url: `/api/certificate/${completion.certificate_number}.pdf` });
    expect(certificate.statusCode).toBe(200);
    const certText = checkPdf(certificate.rawPayload, 'certificate');
    for (const script of Object.values(SCRIPTS)) expect(holds(certText, script), script).toBe(true);
    expect(certText).toContain(visible(`Ł-123 ễ Ж ${SCRIPTS.chinese} ${SCRIPTS.emoji}`));

    const pack = await t.app.inject({
      url: `/api/tracker/audit-pack?id=${licence.json().licence.id}`,
      headers: auth,
    });
    expect(pack.statusCode).toBe(200);
    const packText = checkPdf(pack.rawPayload, 'audit pack');
    for (const script of Object.values(SCRIPTS)) expect(holds(packText, script), script).toBe(true);

    // The CE transcript goes out with the CE report mail.
    expect((await t.app.inject({ url: '/api/send-ce-report', headers: auth })).statusCode).toBe(200);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('attachments')
      .where('to_address', '=', member.email)
      .where('kind', '=', 'ce-report')
      .executeTakeFirstOrThrow();
    const [transcript] = JSON.parse(mail.attachments) as { contentBase64: string }[];
    const transcriptText = checkPdf(Buffer.from(transcript!.contentBase64, 'base64'), 'transcript');
    expect(transcriptText).toContain(visible(SCRIPTS.vietnamese));
    expect(transcriptText).toContain(visible(SCRIPTS.korean));
  });

  it('prints an event poster titled in them, with its code as the claim page asks for it', async () => {
    const staffAuth = { authorization: `Bearer ${staff.token}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/in-person-events',
      headers: staffAuth,
      payload: {
        title: `Study club ${ALL}`,
        date: new Date().toISOString(),
        durationMin: 60,
        place: `Hôtel Łódź, Зал ${SCRIPTS.arabic}`,
        credits: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json().event as { id: string; code: string };
    const poster = await t.app.inject({
      url: `/api/admin/in-person-events/${event.id}/poster.pdf`,
      headers: staffAuth,
    });
    expect(poster.statusCode, poster.body).toBe(200);
    expect(poster.headers['content-type']).toBe('application/pdf');
    const text = checkPdf(poster.rawPayload, 'poster');
    for (const script of Object.values(SCRIPTS)) expect(holds(text, script), script).toBe(true);
    expect(text).toContain('Hôtel Łódź, Зал');
    expect(text).toContain(event.code);
  });

  it('wraps a long address instead of running it off the page', async () => {
    const member = await createMember(db(), { firstname: 'Wren', lastname: 'Long' });
    const cls = await createClass(db(), {
      title: `Course ${'https://example.org/a/very/long/path/'.repeat(6)}`,
    });
    const completion = await createCompletion(db(), member.id, { class_id: cls.id });
    const pdf = await t.app.inject({ url: `/api/certificate/${completion.certificate_number}.pdf` });
    const file = saved(pdf.rawPayload);
    // Every line of the page fits the page: pdftotext -bbox gives each word's box.
    const words = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const right = [...words.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
    const pageWidth = Number(/<page width="([\d.]+)"/.exec(words)![1]);
    expect(Math.max(...right)).toBeLessThanOrEqual(pageWidth - 24);
  });
});
