import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember } from '../../../test/factories.ts';
import { startSmtpServer, type TTestSmtpServer } from '../../../test/smtp-server.ts';
import { cancelSeat, createWebinar, icsEvent, reserveSeat, seatOf } from './seats.fixtures.ts';

/* The seat mails as a member receives them: over SMTP on loopback (03 §9), not from the outbox. */

let smtp: TTestSmtpServer;
let t: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: `${smtp.url}?ignoreTLS=true` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('seat mails over SMTP', () => {
  it('delivers the confirmation with its calendar file, and the promotion when a seat is released', async () => {
    const webinar = await createWebinar(db(), { capacity: 1, release_at: '2030-02-04T16:00:00.000Z' });
    const [holder, waiting] = [await createMember(db()), await createMember(db())];
    await reserveSeat(t.app, holder.token, webinar.hash);
    await reserveSeat(t.app, waiting.token, webinar.hash);
    // Queued as facts (decision 1116): no text, HTML or calendar file is written by the request.
    const queued = await db()
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'text_body', 'html_body', 'attachments', 'template', 'facts'])
      .where('to_address', 'in', [holder.email, waiting.email])
      .orderBy('created_at')
      .execute();
    expect(queued.map((m) => [m.kind, m.template, m.text_body, m.html_body, m.attachments])).toEqual([
      ['seat', 'seat-reservation', '', null, '[]'],
      ['seat-waitlist', 'seat-reservation', '', null, '[]'],
    ]);
    expect(queued[0]!.subject).toBe(`OpenCE: your seat for ${webinar.title}`);
    expect(queued[0]!.facts!.length).toBeLessThan(1_000);
    await t.app.mail.drainOutbox();

    const confirmation = await smtp.waitForMail(
      (m) => m.envelopeTo.includes(holder.email) && /your seat/.test(m.subject ?? ''),
    );
    const ics = confirmation.attachments.find((a) => a.filename === 'webinar.ics');
    expect(ics?.mimeType).toBe('text/calendar');
    const received = typeof ics!.content === 'string' ? ics!.content : new TextDecoder().decode(ics!.content);
    // MIME decoding hands text parts back with the receiver's line endings; the outbox copy is CRLF.
    const event = icsEvent(received.replace(/\r?\n/g, '\r\n'));
    expect(event.DTSTART).toBe('20300204T160000Z');
    expect(event.DTEND).toBe('20300204T170000Z');
    expect(confirmation.html).toContain('/cancel-seat/');
    // Every webinar mail carries the one-click unsubscribe of reminders (issue 25).
    expect(confirmation.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe(
      'List-Unsubscribe=One-Click',
    );
    const place = await smtp.waitForMail(
      (m) => m.envelopeTo.includes(waiting.email) && /on the waitlist/.test(m.subject ?? ''),
    );
    expect(place.text).toContain(`The live webinar "${webinar.title}" is full`);
    expect(place.attachments).toEqual([]);

    const { cancel_code: code } = (await seatOf(db(), holder.id, webinar.id))!;
    expect((await cancelSeat(t.app, code, holder.token)).statusCode).toBe(200);
    await t.app.mail.drainOutbox();
    const promotion = await smtp.waitForMail(
      (m) => m.envelopeTo.includes(waiting.email) && /seat opened up/.test(m.subject ?? ''),
    );
    expect(promotion.text).toMatch(/http:\/\/localhost:3000\/login\?s=[A-Za-z0-9_.-]+&rurl=%2Flive%2F/);
    expect(promotion.attachments.map((a) => a.filename)).toEqual(['webinar.ics']);
  });
});
