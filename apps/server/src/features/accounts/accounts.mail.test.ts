import { CeType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createMember } from '../../../test/factories.ts';
import { startSmtpServer, type TReceivedMail, type TTestSmtpServer } from '../../../test/smtp-server.ts';
import { newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import { loginLinkUrl } from '../../domain/login-links.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { loginLinkMail } from '../../domain/mail-templates.ts';
import { login } from './accounts.fixtures.ts';

/*
 * The mails of this feature go through the outbox worker to a real SMTP server on loopback
 * (03 §9), and the links they carry work.
 */

let smtp: TTestSmtpServer;
let t: TTestApp;
const db = () => t.app.deps.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const to = (address: string) => (mail: TReceivedMail) => mail.envelopeTo.includes(address);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Test Brand <ce@example.test>' });
  await db()
    .insertInto('settings')
    .values({ key: 'brand', value: 'Test Brand', updated_at: nowIso() })
    .execute();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function linkIn(mail: TReceivedMail, pattern: RegExp): string {
  const fromText = pattern.exec(mail.text ?? '');
  const fromHtml = pattern.exec((mail.html ?? '').replaceAll('&amp;', '&'));
  expect(fromText?.[0], 'link in the text part').toBeTruthy();
  expect(fromHtml?.[0], 'link in the HTML part').toBe(fromText?.[0]);
  return fromText![0];
}

describe('mail over SMTP', () => {
  it('the reset mail arrives with a working /reset/{t} link', async () => {
    const m = await createMember(db());
    await post('/api/reset-password-request', { u: m.username });
    const mail = await smtp.waitForMail(to(m.email));
    expect(mail.subject).toBe('Test Brand: reset your password');
    expect(mail.from?.address).toBe('ce@example.test');
    expect(mail.text).toContain(m.username);
    const url = linkIn(mail, /http:\/\/localhost:3000\/reset\/[A-Za-z0-9_-]{43}/);
    const token = url.split('/reset/')[1]!;
    expect((await post('/api/reset-password', { t: token, p: 'fromMail1' })).json().msg).toBe(
      Texts.RESET_SUCCESS,
    );
    expect((await login(t.app, m.email, 'fromMail1')).statusCode).toBe(200);
    const row = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', m.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null });
  });

  it('the GDPR mail arrives with a working confirmation link', async () => {
    const m = await createMember(db());
    const res = await post('/api/remove-consent', { h: m.token });
    expect(res.json()).toEqual({ status: true, msg: Texts.GDPR_SUCCESS });
    const mail = await smtp.waitForMail(to(m.email));
    expect(mail.subject).toBe('Test Brand: confirm the removal of your personal data');
    const url = linkIn(mail, /http:\/\/localhost:3000\/gdpr\/confirm\/[A-Za-z0-9_-]{43}/);
    const token = url.split('/gdpr/confirm/')[1]!;
    const confirm = await post('/api/remove-consent-confirm', { t: token });
    expect(confirm.json()).toEqual({ status: true, msg: Texts.GDPR_ERASED });
    expect((await login(t.app, m.username, 'password1')).statusCode).toBe(401);
    const again = await post('/api/remove-consent-confirm', { t: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(Texts.GDPR_LINK_INVALID);
  });

  it('the CE report lists every completion with date, title, credits, type and the totals', async () => {
    const m = await createMember(db(), { time_zone: 'America/Chicago' });
    const rows = [
      { title: 'Implant Basics', credits: 2, type: CeType.SELF_STUDY, at: '2026-03-04T15:00:00.000Z' },
      { title: 'Live Perio Update', credits: 1.5, type: CeType.LIVE, at: '2026-05-06T03:00:00.000Z' },
    ];
    for (const r of rows) {
      const c = await createClass(db(), { title: r.title });
      await db()
        .insertInto('completions')
        .values({
          id: newId(),
          member_id: m.id,
          class_id: c.id,
          completed_at: r.at,
          score: 90,
          credits: r.credits,
          ce_type_id: r.type,
          certificate_number: `CERT-${newPublicHash()}`,
          created_at: nowIso(),
        })
        .execute();
    }
    expect((await get(`/api/send-ce-report?s=${m.token}`)).json().msg).toBe(Texts.CE_REPORT_SENT);
    const mail = await smtp.waitForMail(to(m.email));
    expect(mail.subject).toBe('Test Brand: your CE report');
    const text = mail.text ?? '';
    expect(text).toMatch(/03\/04\/2026\s+Implant Basics\s+2\s+Self-Study\s+CERT-/);
    // 03:00 UTC on May 6 is still May 5 in Chicago.
    expect(text).toMatch(/05\/05\/2026\s+Live Perio Update\s+1\.5\s+Live, Interactive\s+CERT-/);
    expect(text).toContain(
      'Self-Study: 2 CE credit hours. Live, Interactive: 1.5 CE credit hours. Total: 3.5 CE credit hours.',
    );
    expect(mail.html).toContain(
      '<td style="text-align:left;padding:6px 8px;border-bottom:1px solid #d5dce5">Implant Basics</td>',
    );
  });

  it('a login-link mail signs the member in through GET /api/student', async () => {
    const m = await createMember(db());
    const url = await loginLinkUrl(db(), t.config.publicUrl, m.id, '/completed');
    const content = loginLinkMail({
      brand: 'Test Brand',
      name: 'Test Member',
      subject: 'Your exam is open',
      intro: ['The exam of your class is open.'],
      actionLabel: 'Take the exam',
      url,
    });
    await enqueueMail(db(), { ...content, to: m.email, kind: 'exam-open' });
    await t.app.mail.drainOutbox();
    const mail = await smtp.waitForMail(to(m.email));
    const link = new URL(linkIn(mail, /http:\/\/localhost:3000\/login\?s=[^\s"<]+/));
    expect(link.searchParams.get('rurl')).toBe('/completed');
    const res = await get(`/api/student?s=${encodeURIComponent(link.searchParams.get('s')!)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().student.username).toBe(m.username);
  });

  it('the worker started with the app and stops cleanly on close', async () => {
    const smtp2 = await startSmtpServer();
    const app2 = await buildTestApp({ SMTP_URL: smtp2.url });
    const m = await createMember(app2.app.deps.database.db);
    await app2.app.inject({ method: 'GET', url: `/api/send-ce-report?s=${m.token}` });
    // No drainOutbox here: the running worker sends it.
    await smtp2.waitForMail(to(m.email));
    await app2.close();
    await smtp2.close();
  });
});
