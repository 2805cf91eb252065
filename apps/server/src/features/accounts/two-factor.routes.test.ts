import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createMember,
  createStaff,
  createStaffWithoutSecondFactor,
  DEFAULT_PASSWORD,
  enrolTotp,
} from '../../../test/factories.ts';
import { createSession } from '../../domain/sessions.ts';
import { totpCode } from '../../lib/totp.ts';
import { CODE_LIMIT } from './two-factor.service.ts';

/*
 * Two-factor sign-in (issue 28, docs/decisions/0920): staff enrol before the console opens,
 * login asks for the code, codes are single-use and limited, recovery codes work once.
 */

let t: TTestApp;
const db = () => t.app.deps.database.db;
const STEP_MS = 30_000;
/** A code of the next time step: the current one may have been taken by the call before. */
const nextCode = (secret: string, steps = 1) => totpCode(secret, new Date(Date.now() + steps * STEP_MS));

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });
const adminMe = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${token}` } });
const login = (u: string, code?: string, p = DEFAULT_PASSWORD) =>
  post('/api/login', code === undefined ? { u, p } : { u, p, code });

async function enrolThroughApi(token: string) {
  const setup = await post('/api/two-factor/setup', { s: token, currentPassword: DEFAULT_PASSWORD });
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().secret as string;
  const confirm = await post('/api/two-factor/confirm', { s: token, code: totpCode(secret) });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

describe('staff enrolment', () => {
  it('refuses the console to a staff password-only session until TOTP is enrolled', async () => {
    const staff = await createStaffWithoutSecondFactor(db());
    const signedIn = await login(staff.username);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;

    const refused = await adminMe(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: false,
      msg: Texts.TWO_FACTOR_ENROL_NEEDED,
      secondFactor: 'enrol',
    });

    const status = await t.app.inject({ method: 'GET', url: `/api/two-factor?s=${token}` });
    expect(status.json()).toMatchObject({ enabled: false, required: true, sessionVerified: false });

    // The current password is needed to start, and must be right.
    const noPassword = await post('/api/two-factor/setup', { s: token, currentPassword: '' });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await post('/api/two-factor/setup', { s: token, currentPassword: 'nope12' });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().msg).toBe(Texts.CURRENT_PASSWORD_WRONG);

    const setup = await post('/api/two-factor/setup', { s: token, currentPassword: DEFAULT_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json() as { secret: string; uri: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    expect(uri).toContain('period=30');
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Enrolment is not on until a code from the app confirms it.
    expect((await adminMe(token)).statusCode).toBe(403);
    const wrong = await post('/api/two-factor/confirm', { s: token, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(Texts.TWO_FACTOR_CODE_WRONG);

    const confirm = await post('/api/two-factor/confirm', { s: token, code: totpCode(secret) });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // This session passed the second factor: the console opens.
    expect((await adminMe(token)).statusCode).toBe(200);

    // Recovery codes are stored hashed: no row holds one as typed.
    const rows = await db()
      .selectFrom('recovery_codes')
      .selectAll()
      .where('member_id', '=', staff.id)
      .execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      for (const code of codes) {
        expect(row.code_hash).not.toContain(code);
        expect(row.code_hash).not.toContain(code.replace('-', ''));
      }
    }
    // A second enrolment is refused while it is on.
    const again = await post('/api/two-factor/setup', { s: token, currentPassword: DEFAULT_PASSWORD });
    expect(again.statusCode).toBe(409);
  });

  it('ends the other sessions of the member when enrolment completes', async () => {
    const staff = await createStaffWithoutSecondFactor(db());
    const older = (await login(staff.username)).json().token as string;
    const current = (await login(staff.username)).json().token as string;
    await enrolThroughApi(current);
    const oldSession = await t.app.inject({ method: 'GET', url: `/api/profile?s=${older}` });
    expect(oldSession.statusCode).toBe(401);
  });

  it('keeps the secret out of the data export', async () => {
    const staff = await createStaff(db());
    const res = await t.app.inject({ method: 'GET', url: `/api/my-data?s=${staff.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(staff.totpSecret);
  });
});

describe('login with a second factor', () => {
  it('asks for the code after the password, and the console opens only with it', async () => {
    const staff = await createStaff(db());

    const wrongPassword = await login(staff.username, undefined, 'wrong-pass-1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().msg).toBe(Texts.LOGIN_FAILED);
    expect(wrongPassword.json().secondFactor).toBeUndefined();

    const passwordOnly = await login(staff.username);
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json()).toEqual({
      status: false,
      msg: Texts.TWO_FACTOR_CODE_NEEDED,
      secondFactor: 'code',
    });
    // The right code with a wrong password is still a wrong password.
    const wrongPasswordWithCode = await login(staff.username, nextCode(staff.totpSecret, 0), 'wrong-pass-1');
    expect(wrongPasswordWithCode.json().msg).toBe(Texts.LOGIN_FAILED);

    const wrongCode = await login(staff.username, '123456');
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.json()).toMatchObject({ msg: Texts.TWO_FACTOR_CODE_WRONG, secondFactor: 'code' });

    const code = totpCode(staff.totpSecret);
    const ok = await login(staff.username, code);
    expect(ok.statusCode).toBe(200);
    expect((await adminMe(ok.json().token as string)).statusCode).toBe(200);

    // The same code is never accepted twice, even inside its 30 seconds.
    const reused = await login(staff.username, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().msg).toBe(Texts.TWO_FACTOR_CODE_WRONG);
    // Nor is an older one once a later step was taken.
    expect((await login(staff.username, nextCode(staff.totpSecret, 1))).statusCode).toBe(200);
    expect((await login(staff.username, nextCode(staff.totpSecret, 0))).statusCode).toBe(401);
  });

  it('refuses the console to a staff session that skipped the code (a login link)', async () => {
    const staff = await createStaff(db());
    const token = await createSession(db(), staff.id);
    const refused = await adminMe(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: Texts.TWO_FACTOR_SIGN_IN_AGAIN, secondFactor: 'code' });
  });

  it('accepts each recovery code once', async () => {
    const staff = await createStaffWithoutSecondFactor(db());
    const token = (await login(staff.username)).json().token as string;
    const { recoveryCodes } = await enrolThroughApi(token);
    const [first, second] = recoveryCodes;

    const withRecovery = await login(staff.username, first);
    expect(withRecovery.statusCode).toBe(200);
    expect((await adminMe(withRecovery.json().token as string)).statusCode).toBe(200);
    expect((await login(staff.username, first)).statusCode).toBe(401);
    // Typed in capitals and without the dash, as a person might.
    expect((await login(staff.username, second!.replace('-', '').toUpperCase())).statusCode).toBe(200);

    const status = await t.app.inject({ method: 'GET', url: `/api/two-factor?s=${token}` });
    expect(status.json()).toMatchObject({ enabled: true, sessionVerified: true, recoveryCodesLeft: 8 });
  });

  it(`limits codes to ${CODE_LIMIT.hits} tries in 15 minutes per account, right code included`, async () => {
    const staff = await createStaff(db());
    for (let i = 0; i < CODE_LIMIT.hits; i++) {
      expect((await login(staff.username, '000000')).statusCode).toBe(401);
    }
    const limited = await login(staff.username, totpCode(staff.totpSecret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: false, msg: Texts.TWO_FACTOR_RATE_LIMITED });
  });
});

describe('members', () => {
  it('may turn TOTP on and off; staff may not turn it off', async () => {
    const member = await createMember(db());
    const before = await t.app.inject({ method: 'GET', url: `/api/two-factor?s=${member.token}` });
    expect(before.json()).toMatchObject({ enabled: false, required: false });
    const { secret, recoveryCodes } = await enrolThroughApi(member.token);

    expect((await login(member.username)).json().secondFactor).toBe('code');
    expect((await login(member.username, nextCode(secret))).statusCode).toBe(200);

    const noCode = await post('/api/two-factor/disable', {
      s: member.token,
      currentPassword: DEFAULT_PASSWORD,
      code: '',
    });
    expect(noCode.statusCode).toBe(400);
    const off = await post('/api/two-factor/disable', {
      s: member.token,
      currentPassword: DEFAULT_PASSWORD,
      // The app's codes of this minute are used: a recovery code does as well.
      code: recoveryCodes[0],
    });
    expect(off.statusCode).toBe(200);
    expect((await login(member.username)).statusCode).toBe(200);

    const staff = await createStaff(db());
    const refused = await post('/api/two-factor/disable', {
      s: staff.token,
      currentPassword: DEFAULT_PASSWORD,
      code: totpCode(staff.totpSecret),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(Texts.TWO_FACTOR_STAFF_KEEPS);
  });

  it('a member with TOTP from the factory needs the code too', async () => {
    const member = await createMember(db());
    const secret = await enrolTotp(db(), member.id);
    expect((await login(member.username)).statusCode).toBe(401);
    expect((await login(member.username, totpCode(secret))).statusCode).toBe(200);
  });
});

describe('new recovery codes', () => {
  const regenerate = (token: string, body: Record<string, unknown>) =>
    post('/api/two-factor/recovery-codes', { s: token, ...body });

  it.each(['staff', 'member'] as const)(
    'a %s gets ten new codes with the password and a code; the old ones stop working; TOTP stays on',
    async (role) => {
      const account =
        role === 'staff' ? await createStaffWithoutSecondFactor(db()) : await createMember(db());
      const token = (await login(account.username)).json().token as string;
      const { secret, recoveryCodes: old } = await enrolThroughApi(token);

      // Without the password, with a wrong one, without a code, with a wrong code: refused.
      expect((await regenerate(token, { code: nextCode(secret) })).statusCode).toBe(400);
      const wrongPassword = await regenerate(token, { currentPassword: 'not-it-1', code: nextCode(secret) });
      expect(wrongPassword.statusCode).toBe(403);
      expect(wrongPassword.json()).toMatchObject({ status: false, msg: Texts.CURRENT_PASSWORD_WRONG });
      expect((await regenerate(token, { currentPassword: DEFAULT_PASSWORD, code: '' })).statusCode).toBe(400);
      const wrongCode = await regenerate(token, { currentPassword: DEFAULT_PASSWORD, code: '000000' });
      expect(wrongCode.statusCode).toBe(403);
      expect(wrongCode.json()).toMatchObject({ status: false, msg: Texts.TWO_FACTOR_CODE_WRONG });

      const renewed = await regenerate(token, { currentPassword: DEFAULT_PASSWORD, code: nextCode(secret) });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.headers['cache-control']).toBe('no-store');
      const body = renewed.json() as { status: boolean; msg: string; recoveryCodes: string[] };
      expect(body.msg).toBe(Texts.TWO_FACTOR_NEW_RECOVERY_CODES);
      expect(body.recoveryCodes).toHaveLength(10);
      expect(new Set(body.recoveryCodes).size).toBe(10);
      expect(body.recoveryCodes.some((c) => old.includes(c))).toBe(false);

      const status = await t.app.inject({ method: 'GET', url: `/api/two-factor?s=${token}` });
      expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
      // An old code no longer signs in; a new one does, once; the login still asks for a code.
      expect((await login(account.username, old[1])).statusCode).toBe(401);
      expect((await login(account.username, body.recoveryCodes[0])).statusCode).toBe(200);
      expect((await login(account.username, body.recoveryCodes[0])).statusCode).toBe(401);
      expect((await login(account.username)).json().secondFactor).toBe('code');
    },
  );

  it('a recovery code may be the code; it is used up with the rest', async () => {
    const member = await createMember(db());
    const token = (await login(member.username)).json().token as string;
    const { recoveryCodes: old } = await enrolThroughApi(token);
    const renewed = await regenerate(token, { currentPassword: DEFAULT_PASSWORD, code: old[0] });
    expect(renewed.statusCode).toBe(200);
    expect((await regenerate(token, { currentPassword: DEFAULT_PASSWORD, code: old[0] })).statusCode).toBe(
      403,
    );
  });

  it('refuses an account without two-factor sign-in, and a visitor', async () => {
    const member = await createMember(db());
    const off = await regenerate(member.token, { currentPassword: DEFAULT_PASSWORD, code: '123456' });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ status: false, msg: Texts.TWO_FACTOR_NOT_ON });
    const visitor = await post('/api/two-factor/recovery-codes', {
      currentPassword: DEFAULT_PASSWORD,
      code: '123456',
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().status).toBe(false);
  });
});
