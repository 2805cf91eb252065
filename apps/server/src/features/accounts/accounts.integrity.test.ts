import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, DEFAULT_PASSWORD, enrolTotp } from '../../../test/factories.ts';
import { startSmtpServer, type TReceivedMail, type TTestSmtpServer } from '../../../test/smtp-server.ts';
import { nowIso } from '../../lib/ids.ts';
import { totpCode } from '../../lib/totp.ts';
import { login, validProfile } from './accounts.fixtures.ts';

/*
 * Account integrity (issue 28, docs/decisions/0921): a signed-in browser alone cannot take the
 * account over. Changing the e-mail or the password needs the current password (and the code
 * with two-factor sign-in on); a new e-mail is confirmed by a link mailed to it, and the old
 * address is told. Mail goes through the outbox to a real SMTP server on loopback.
 */

let smtp: TTestSmtpServer;
let t: TTestApp;
const db = () => t.app.deps.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const to = (address: string) => (mail: TReceivedMail) => mail.envelopeTo.includes(address.toLowerCase());
const emailOf = async (token: string) =>
  (await get(`/api/profile?s=${token}`)).json().student.email as string;

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

describe('changing the password', () => {
  it('is refused without the current password, or with a wrong one, and changes nothing', async () => {
    const m = await createMember(db());
    const change = { s: m.token, email: m.email, password: 'newpass1', password2: 'newpass1' };

    const without = await post('/api/profile', validProfile(change));
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({
      status: false,
      msg: Texts.CURRENT_PASSWORD_REQUIRED,
      field: 'currentPassword',
    });
    const blank = await post('/api/profile', validProfile({ ...change, currentPassword: '' }));
    expect(blank.json().msg).toBe(Texts.CURRENT_PASSWORD_REQUIRED);
    const wrong = await post('/api/profile', validProfile({ ...change, currentPassword: 'wrong-pass1' }));
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().msg).toBe(Texts.CURRENT_PASSWORD_WRONG);
    expect((await login(t.app, m.username, 'newpass1')).statusCode).toBe(401);
    expect((await login(t.app, m.username, DEFAULT_PASSWORD)).statusCode).toBe(200);

    const ok = await post('/api/profile', validProfile({ ...change, currentPassword: DEFAULT_PASSWORD }));
    expect(ok.json()).toEqual({ status: true, msg: Texts.ACCOUNT_PASSWORD_UPDATED });
    expect((await login(t.app, m.username, 'newpass1')).statusCode).toBe(200);
  });

  it('needs the code too when two-factor sign-in is on', async () => {
    const m = await createMember(db());
    const secret = await enrolTotp(db(), m.id);
    const change = {
      s: m.token,
      email: m.email,
      currentPassword: DEFAULT_PASSWORD,
      password: 'newpass2',
      password2: 'newpass2',
    };
    const noCode = await post('/api/profile', validProfile(change));
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toMatchObject({ msg: Texts.CURRENT_PASSWORD_CODE_REQUIRED, field: 'code' });
    const wrongCode = await post('/api/profile', validProfile({ ...change, code: '000000' }));
    expect(wrongCode.json()).toMatchObject({ msg: Texts.TWO_FACTOR_CODE_WRONG, field: 'code' });
    const ok = await post('/api/profile', validProfile({ ...change, code: totpCode(secret) }));
    expect(ok.json()).toEqual({ status: true, msg: Texts.ACCOUNT_PASSWORD_UPDATED });
  });

  it('limits the tries of the current password per account', async () => {
    const m = await createMember(db());
    const change = { s: m.token, email: m.email, password: 'newpass3', password2: 'newpass3' };
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/profile', validProfile({ ...change, currentPassword: `wrong-${i}x` }));
      expect(res.statusCode).toBe(403);
    }
    const limited = await post(
      '/api/profile',
      validProfile({ ...change, currentPassword: DEFAULT_PASSWORD }),
    );
    expect(limited.statusCode).toBe(429);
  });
});

describe('changing the e-mail', () => {
  it('is refused without the current password; the rest of the profile saves without it', async () => {
    const m = await createMember(db());
    const refused = await post(
      '/api/profile',
      validProfile({ s: m.token, email: 'taken.over@example.test' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(Texts.CURRENT_PASSWORD_REQUIRED);
    expect(await emailOf(m.token)).toBe(m.email);

    const same = await post('/api/profile', validProfile({ s: m.token, email: m.email, city: 'Troy' }));
    expect(same.json()).toEqual({ status: true, msg: Texts.PROFILE_UPDATED });
  });

  it('is confirmed by a link mailed to the new address, and announced to the old one', async () => {
    const m = await createMember(db());
    const newEmail = `moved.${m.username}@example.test`;
    const res = await post(
      '/api/profile',
      validProfile({ s: m.token, email: newEmail, city: 'Utica', currentPassword: DEFAULT_PASSWORD }),
    );
    expect(res.json()).toEqual({ status: true, msg: Texts.EMAIL_CHANGE_SENT.replace('{email}', newEmail) });
    // The other fields are saved; the e-mail waits for its link.
    const student = (await get(`/api/profile?s=${m.token}`)).json().student;
    expect(student).toMatchObject({ email: m.email, city: 'Utica' });

    const notice = await smtp.waitForMail(to(m.email));
    expect(notice.subject).toBe('Test Brand: a change of your e-mail address was asked for');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/\/email\/confirm\//);

    const confirm = await smtp.waitForMail(to(newEmail));
    expect(confirm.subject).toBe('Test Brand: confirm your new e-mail address');
    const url = /http:\/\/localhost:3000\/email\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirm.text ?? '');
    expect(url, 'link in the mail').toBeTruthy();
    const token = url![1]!;

    expect((await post('/api/confirm-email', { t: 'x'.repeat(43) })).statusCode).toBe(400);
    const done = await post('/api/confirm-email', { t: token });
    expect(done.json()).toEqual({ status: true, msg: Texts.EMAIL_CHANGE_CONFIRMED });
    expect(await emailOf(m.token)).toBe(newEmail);
    expect((await login(t.app, newEmail, DEFAULT_PASSWORD)).statusCode).toBe(200);

    const again = await post('/api/confirm-email', { t: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(Texts.EMAIL_CHANGE_LINK_INVALID);
  });

  it('refuses the link once another account took the address meanwhile', async () => {
    const m = await createMember(db());
    const wanted = `wanted.${m.username}@example.test`;
    await post(
      '/api/profile',
      validProfile({ s: m.token, email: wanted, currentPassword: DEFAULT_PASSWORD }),
    );
    const confirm = await smtp.waitForMail(to(wanted));
    const token = /\/email\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirm.text ?? '')![1]!;
    await createMember(db(), { email: wanted });
    const res = await post('/api/confirm-email', { t: token });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(Texts.EMAIL_IN_USE);
    expect(await emailOf(m.token)).toBe(m.email);
  });
});
