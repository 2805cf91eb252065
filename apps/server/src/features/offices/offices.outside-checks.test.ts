import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, type TTestMember } from '../../../test/factories.ts';
import { checkPdfWithOutsideTools } from '../../../test/pdf-checks.ts';
import { startSmtpServer, type TTestSmtpServer } from '../../../test/smtp-server.ts';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * Offices (issue 43) as an outside reader meets them: the invitation and the overdue notice
 * received by a real SMTP server on loopback (subject, text, the link that works), and the
 * roster PDF read by qpdf, pdffonts and pdfinfo, with names written in Vietnamese and Polish.
 */

let smtp: TTestSmtpServer;
let t: TTestApp;
const db = () => t.app.deps.database.db;
const day = (days: number) => nowIso(new Date(Date.now() + days * 86_400_000)).slice(0, 10);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: `${smtp.url}?ignoreTLS=true` });
  await seedReferenceData(db());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function ok(m: TTestMember, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${m.token}` },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res;
}

describe('an office as its mail and its roster reach the outside', () => {
  it('mails the invitation and the overdue notice through SMTP, and serves a roster PDF every reader opens', async () => {
    const manager = await createMember(db(), { firstname: 'Thảo', lastname: 'Nguyễn' });
    const colleague = await createMember(db(), { firstname: 'Żaneta', lastname: 'Łukasiewicz' });
    const office = (
      await ok(manager, 'POST', '/api/offices', {
        name: 'Phòng Nha Sài Gòn',
        address: '9 Elm St',
        state: 'CA',
      })
    ).json().office.id as string;

    // The invitation, received over SMTP: its subject names the inviter and the office, its link joins.
    await ok(manager, 'POST', '/api/office-invite', { id: office, email: colleague.email });
    await t.app.mail.drainOutbox(new Date());
    const invite = await smtp.waitForMail((m) => m.envelopeTo.includes(colleague.email));
    expect(invite.subject).toContain('Phòng Nha Sài Gòn');
    expect(invite.subject).toContain('Nguyễn');
    const link = /https?:\/\/\S+office-join\S*/.exec(invite.text ?? '')?.[0];
    expect(link, invite.text).toBeDefined();
    const token = new URL(link!).searchParams.get('t')!;
    await ok(colleague, 'POST', '/api/office-join', { t: token, sharesDeadlines: true, sharesHours: true });
    await ok(colleague, 'POST', '/api/tracker/licences', {
      state: 'CA',
      licenceType: 'dental_hygienist',
      licenceNumber: 'RDH-1',
      periodStart: day(-700),
      periodEnd: day(30),
    });

    // An assignment already overdue: the manager is told, over SMTP.
    await ok(manager, 'POST', '/api/office-assignments', {
      id: office,
      memberId: colleague.id,
      title: 'OSHA bloodborne pathogens',
      dueOn: day(-2),
    });
    await t.app.jobs.runDue(new Date());
    await t.app.mail.drainOutbox(new Date());
    const overdue = await smtp.waitForMail(
      (m) => m.envelopeTo.includes(manager.email) && /Overdue/.test(m.subject ?? ''),
    );
    expect(overdue.subject).toContain('OSHA bloodborne pathogens');
    expect(overdue.subject).toContain('Łukasiewicz');

    // The roster: a valid PDF, every font embedded, tagged; the names as written.
    const pdf = await ok(manager, 'GET', `/api/office-roster?id=${office}&format=pdf`);
    const text = checkPdfWithOutsideTools(pdf.rawPayload, 'office roster').replace(/\s+/g, ' ');
    expect(text).toContain('Phòng Nha Sài Gòn');
    expect(text).toContain('Łukasiewicz');
    expect(text).toContain('CA dental hygienist');

    // The organisation's roster (a DSO of offices) likewise.
    const dso = await createMember(db(), { firstname: 'Mỹ', lastname: 'Trần' });
    const org = (await ok(dso, 'POST', '/api/organisations', { name: 'Nhóm Nha Khoa Việt' })).json()
      .organisation.id as string;
    const orgLink = (await ok(dso, 'POST', '/api/organisation-invite', { id: org })).json().link as string;
    await ok(manager, 'POST', '/api/organisation-join', {
      t: new URL(orgLink).searchParams.get('t')!,
      officeId: office,
    });
    const orgPdf = await ok(dso, 'GET', `/api/organisation-roster?id=${org}&format=pdf`);
    const orgText = checkPdfWithOutsideTools(orgPdf.rawPayload, 'organisation roster').replace(/\s+/g, ' ');
    expect(orgText).toContain('Nhóm Nha Khoa Việt');
    expect(orgText).toContain('Phòng Nha Sài Gòn');
    expect(orgText).toContain('Łukasiewicz');
  });
});
