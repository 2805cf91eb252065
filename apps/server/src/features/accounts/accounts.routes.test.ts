import { CeType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createClass, createMember, DEFAULT_PASSWORD, enrolTotp } from '../../../test/factories.ts';
import { hashToken, newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import { createLoginToken } from '../../domain/login-links.ts';
import { totpCode } from '../../lib/totp.ts';
import {
  login,
  randomDigits,
  register,
  seedAccountItems,
  uniqueSuffix,
  validProfile,
  validRegistration,
} from './accounts.fixtures.ts';
import { LOGIN_ADDRESS_LIMIT } from './sign-in.service.ts';

let t: TTestApp;
const db = () => t.app.deps.database.db;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

beforeAll(async () => {
  t = await buildTestApp();
  await seedAccountItems(db());
});
afterAll(() => t.close());

/** Failed logins already counted from an address in this window (its ceiling is high, 0410). */
async function presetAddress(ip: string, hits: number, app: TTestApp = t): Promise<void> {
  await app.app.deps.database.db
    .insertInto('rate_limits')
    .values({ key: `login:ip:${hashToken(ip)}`, window_start: nowIso(new Date()), hits })
    .execute();
}

describe('POST /api/register', () => {
  it('creates the account and signs the member in (01 §7, 03 §3)', async () => {
    const form = validRegistration();
    const res = await register(t.app, form);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      student: { status: true, title: 'Dr.', firstname: 'Ann', lastname: 'Lee', email: form.email },
      errorMsg: '',
    });
    expect(body.hash).toBe(body.student.hash);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await get(`/api/student?s=${body.token}`);
    expect(me.json().student).toMatchObject({ username: form.username, isPhoneMobile: true, certYear: 2010 });
    expect(JSON.stringify(body)).not.toContain(form.password as string);
  });

  it.each([
    [
      'username',
      (u: Record<string, unknown>) => ({ username: String(u.username).toUpperCase() }),
      Texts.USERNAME_TAKEN,
    ],
    ['email', (u: Record<string, unknown>) => ({ email: String(u.email).toUpperCase() }), Texts.EMAIL_IN_USE],
    ['agdNumber', (u: Record<string, unknown>) => ({ agdNumber: u.agdNumber }), Texts.AGD_IN_USE],
  ])('refuses a %s in use, case-insensitively, with errorMsg', async (field, change, message) => {
    const first = validRegistration({ agdNumber: randomDigits(6) });
    expect((await register(t.app, first)).statusCode).toBe(200);
    const res = await register(t.app, validRegistration(change(first)));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: false, errorMsg: message, msg: message, field });
  });

  it('gives the same student to a login by username and by e-mail in any case', async () => {
    const form = validRegistration();
    await register(t.app, form);
    for (const u of [
      form.username,
      String(form.username).toUpperCase(),
      form.email,
      String(form.email).toUpperCase(),
    ]) {
      const res = await login(t.app, String(u), String(form.password));
      expect(res.statusCode, String(u)).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(
        // The spec's fields, and the profile's zone beside them (0831).
        ['email', 'firstname', 'hash', 'lastname', 'status', 'title', 'token', 'timeZone'].sort(),
      );
      expect(res.json()).toMatchObject({ status: true, email: form.email, firstname: 'Ann' });
    }
  });
});

describe('POST /api/login', () => {
  it('refuses a wrong password and an unknown user with the same text', async () => {
    const m = await createMember(db());
    const wrong = await login(t.app, m.username, 'wrong-pass', '10.0.0.1');
    const unknown = await login(t.app, `nobody${uniqueSuffix()}`, 'wrong-pass', '10.0.0.1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, msg: Texts.LOGIN_FAILED });
    }
  });

  it('needs username and password', async () => {
    const res = await post('/api/login', { u: '', p: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ u: Texts.LOGIN_REQUIRED_FIELDS, p: Texts.LOGIN_REQUIRED_FIELDS });
  });

  it('limits failed logins per username: the 11th attempt in 15 minutes is refused with 429', async () => {
    const m = await createMember(db());
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, m.username, 'wrong-pass', `10.1.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t.app, m.username.toUpperCase(), DEFAULT_PASSWORD, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ status: false, msg: Texts.LOGIN_RATE_LIMITED });
    // The window passes: the member can log in again.
    await db()
      .updateTable('rate_limits')
      .set({ window_start: nowIso(new Date(Date.now() - 16 * 60_000)) })
      .execute();
    expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('limits failed logins per client address across usernames', async () => {
    const m = await createMember(db());
    await presetAddress('10.2.0.1', LOGIN_ADDRESS_LIMIT.hits - 10);
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, `guess${i}${uniqueSuffix()}`, 'x', '10.2.0.1')).statusCode).toBe(401);
    }
    expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('takes the client address from the connection, so a made-up X-Forwarded-For does not reset the limit', async () => {
    const m = await createMember(db());
    const guess = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { u: `guess${i}${uniqueSuffix()}`, p: 'x' },
        remoteAddress: '10.4.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    await presetAddress('10.4.0.1', LOGIN_ADDRESS_LIMIT.hits - 10);
    for (let i = 0; i < 10; i++) expect((await guess(i)).statusCode).toBe(401);
    expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.4.0.1')).statusCode).toBe(429);

    // Behind a trusted proxy (TRUST_PROXY names it) the proxy's X-Forwarded-For names the client.
    const proxied = await buildTestApp({ TRUST_PROXY: '10.4.0.2' });
    try {
      const from = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { u: `guess${uniqueSuffix()}`, p: 'x' },
          remoteAddress: '10.4.0.2',
          headers: { 'x-forwarded-for': client },
        });
      await presetAddress('198.51.100.1', LOGIN_ADDRESS_LIMIT.hits - 10, proxied);
      for (let i = 0; i < 10; i++) expect((await from('198.51.100.1')).statusCode).toBe(401);
      expect((await from('198.51.100.1')).statusCode).toBe(429);
      expect((await from('198.51.100.2')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('does not count successful logins', async () => {
    const m = await createMember(db());
    for (let i = 0; i < 12; i++) {
      expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    }
  });
});

describe('sessions', () => {
  const memberCalls: [string, string, (token: string) => Record<string, unknown> | null][] = [
    ['GET', '/api/student', () => null],
    ['GET', '/api/hide-agd-reminder', () => null],
    ['GET', '/api/account-home', () => null],
    ['GET', '/api/send-ce-report', () => null],
    ['GET', '/api/profile', () => null],
    ['POST', '/api/profile', (s) => validProfile({ s })],
    ['POST', '/api/remove-consent', (s) => ({ h: s })],
    ['GET', '/api/my-data', () => null],
  ];

  it.each(memberCalls)('%s %s refuses a revoked token with 401', async (method, url, payload) => {
    const m = await createMember(db());
    const out = await post('/api/logout', { s: m.token });
    expect(out.json()).toEqual({ status: true });
    const body = payload(m.token);
    const res =
      method === 'GET'
        ? await get(`${url}?s=${m.token}`)
        : await t.app.inject({ method: 'POST', url, payload: body ?? {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(false);
  });

  it.each(memberCalls)('%s %s refuses a missing or unknown token with 401', async (method, url, payload) => {
    for (const token of ['', 'x'.repeat(43)]) {
      const res =
        method === 'GET'
          ? await get(`${url}?s=${token}`)
          : await t.app.inject({ method: 'POST', url, payload: payload(token) ?? {} });
      expect([400, 401]).toContain(res.statusCode);
    }
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const m = await createMember(db());
    const res = await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${m.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().student.username).toBe(m.username);
  });

  it('expires a session 30 days after its last use', async () => {
    const m = await createMember(db());
    await db()
      .updateTable('sessions')
      .set({ last_used_at: nowIso(new Date(Date.now() - 31 * 86_400_000)) })
      .where('member_id', '=', m.id)
      .execute();
    expect((await get(`/api/profile?s=${m.token}`)).statusCode).toBe(401);
  });

  it('a password change keeps this session and ends the others', async () => {
    const m = await createMember(db());
    const other = (await login(t.app, m.username, DEFAULT_PASSWORD)).json().token as string;
    const res = await post(
      '/api/profile',
      validProfile({
        s: m.token,
        email: m.email,
        currentPassword: DEFAULT_PASSWORD,
        password: 'newpass1',
        password2: 'newpass1',
      }),
    );
    expect(res.json()).toEqual({ status: true, msg: Texts.ACCOUNT_PASSWORD_UPDATED });
    expect((await get(`/api/profile?s=${m.token}`)).statusCode).toBe(200);
    expect((await get(`/api/profile?s=${other}`)).statusCode).toBe(401);
    expect((await login(t.app, m.username, DEFAULT_PASSWORD)).statusCode).toBe(401);
    expect((await login(t.app, m.username, 'newpass1')).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('returns the whole student without the password', async () => {
    const m = await createMember(db(), { agd_number: '123456' });
    const res = await get(`/api/profile?s=${m.token}`);
    expect(res.statusCode).toBe(200);
    const student = res.json().student;
    expect(student).toMatchObject({
      username: m.username,
      email: m.email,
      agdNumber: '123456',
      country: 'US',
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/i);
  });

  it('saves the form; the own e-mail and AGD number (any case) are not "in use"', async () => {
    const agd = randomDigits(7);
    const m = await createMember(db(), { agd_number: agd });
    const res = await post(
      '/api/profile',
      validProfile({
        s: m.token,
        email: m.email.toUpperCase(),
        agdNumber: agd,
        city: 'Boston',
        isPhoneMobile: 'unchecked',
      }),
    );
    expect(res.json()).toEqual({ status: true, msg: Texts.PROFILE_UPDATED });
    const student = (await get(`/api/profile?s=${m.token}`)).json().student;
    expect(student).toMatchObject({
      city: 'Boston',
      email: m.email.toUpperCase(),
      agdNumber: agd,
      isPhoneMobile: false,
    });
  });

  it("refuses another account's e-mail or AGD number", async () => {
    const agd = randomDigits(8);
    const other = await createMember(db(), { agd_number: agd });
    const m = await createMember(db());
    const email = await post('/api/profile', validProfile({ s: m.token, email: other.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ errorMsg: Texts.EMAIL_IN_USE, field: 'email' });
    const agdRes = await post('/api/profile', validProfile({ s: m.token, email: m.email, agdNumber: agd }));
    expect(agdRes.statusCode).toBe(409);
    expect(agdRes.json()).toMatchObject({ errorMsg: Texts.AGD_IN_USE, field: 'agdNumber' });
  });
});

describe("the profile's time zone (decision 0831)", () => {
  const zoneOf = async (token: string) => (await get(`/api/profile?s=${token}`)).json().student.timeZone;

  it('comes with the login answer and the student, null when none was chosen', async () => {
    const west = await createMember(db(), { time_zone: 'America/Los_Angeles' });
    const none = await createMember(db());
    const answer = (await post('/api/login', { u: west.username, p: DEFAULT_PASSWORD })).json();
    expect(answer).toMatchObject({ status: true, timeZone: 'America/Los_Angeles' });
    expect(await zoneOf(west.token)).toBe('America/Los_Angeles');
    expect((await post('/api/login', { u: none.username, p: DEFAULT_PASSWORD })).json().timeZone).toBeNull();
    expect(await zoneOf(none.token)).toBeNull();
  });

  it('is saved with the form, cleared by a blank, and kept when the form does not send it', async () => {
    const m = await createMember(db());
    const save = (fields: Record<string, unknown>) =>
      post('/api/profile', validProfile({ s: m.token, email: m.email, ...fields }));
    expect((await save({ timeZone: 'Europe/Berlin' })).json().status).toBe(true);
    expect(await zoneOf(m.token)).toBe('Europe/Berlin');
    // A form built against the spec knows no zone: the stored one stays.
    expect((await save({})).json().status).toBe(true);
    expect(await zoneOf(m.token)).toBe('Europe/Berlin');
    for (const blank of ['', null]) {
      await save({ timeZone: 'America/Chicago' });
      expect((await save({ timeZone: blank })).json().status).toBe(true);
      expect(await zoneOf(m.token)).toBeNull();
    }
  });

  it('refuses a zone no one knows, and changes nothing', async () => {
    const m = await createMember(db(), { time_zone: 'America/Denver' });
    for (const timeZone of ['Mars/Olympus', 'America/New York', 'x'.repeat(100), 42]) {
      const res = await post('/api/profile', validProfile({ s: m.token, city: 'Nowhere', timeZone }));
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(res.json()).toMatchObject({ status: false, field: 'timeZone' });
    }
    const student = (await get(`/api/profile?s=${m.token}`)).json().student;
    expect(student).toMatchObject({ timeZone: 'America/Denver' });
    expect(student.city).not.toBe('Nowhere');
  });
});

describe('availability checks', () => {
  it('validate-username: free, taken in any case, too short', async () => {
    const m = await createMember(db());
    expect((await get(`/api/validate-username?u=free${uniqueSuffix()}`)).json()).toEqual({ status: true });
    expect((await get(`/api/validate-username?u=${m.username.toUpperCase()}`)).json()).toEqual({
      status: false,
      msg: Texts.USERNAME_TAKEN,
    });
    expect((await get('/api/validate-username?u=abc')).json()).toEqual({
      status: false,
      msg: Texts.USERNAME_MIN,
    });
  });

  it('validate-email: taken in any case, except the own account when s is given', async () => {
    const m = await createMember(db());
    const url = `/api/validate-email?email=${encodeURIComponent(m.email.toUpperCase())}`;
    expect((await get(url)).json()).toEqual({ status: false, msg: Texts.EMAIL_IN_USE });
    expect((await get(`${url}&s=${m.token}`)).json()).toEqual({ status: true });
    expect((await get('/api/validate-email?email=nope')).json()).toEqual({
      status: false,
      msg: Texts.EMAIL_INVALID,
    });
  });

  it('validate-agd-number: blank is fine; format; taken except own', async () => {
    const agd = randomDigits(9);
    const m = await createMember(db(), { agd_number: agd });
    expect((await get('/api/validate-agd-number?agdNumber=')).json()).toEqual({ status: true });
    expect((await get('/api/validate-agd-number?agdNumber=1234')).json()).toEqual({
      status: false,
      msg: Texts.AGD_INVALID,
    });
    expect((await get(`/api/validate-agd-number?agdNumber=${agd}`)).json()).toEqual({
      status: false,
      msg: Texts.AGD_IN_USE,
    });
    expect((await get(`/api/validate-agd-number?agdNumber=${agd}&s=${m.token}`)).json()).toEqual({
      status: true,
    });
  });
});

describe('account home', () => {
  it('GET /api/account-items gives the seven lists', async () => {
    const res = await get('/api/account-items');
    const body = res.json();
    for (const list of [
      'jobTitles',
      'titles',
      'states',
      'countries',
      'ageRanges',
      'officeSizes',
      'sourceHeard',
    ]) {
      expect(body[list].length, list).toBeGreaterThan(0);
      expect(body[list][0]).toEqual({ value: expect.any(String), label: expect.any(String) });
    }
    expect(body.states).toContainEqual({ value: 'NY', label: 'New York' });
    expect(body.countries[0]).toEqual({ value: 'US', label: 'United States' });
  });

  it('sums credits by CE type: ceHome (1), ceLive (2), ceTotal', async () => {
    const m = await createMember(db());
    const add = async (credits: number, ceType: number) => {
      const c = await createClass(db());
      await db()
        .insertInto('completions')
        .values({
          id: newId(),
          member_id: m.id,
          class_id: c.id,
          completed_at: nowIso(),
          score: 100,
          credits,
          ce_type_id: ceType,
          certificate_number: newPublicHash(),
          created_at: nowIso(),
        })
        .execute();
    };
    await add(1.5, CeType.SELF_STUDY);
    await add(2, CeType.SELF_STUDY);
    await add(1.25, CeType.LIVE);
    const res = await get(`/api/account-home?s=${m.token}`);
    expect(res.json()).toEqual({
      status: true,
      ceHome: 3.5,
      ceLive: 1.25,
      ceTotal: 4.75,
      showAgdReminder: true,
    });
  });

  it('shows the AGD reminder until hidden, and never with an AGD number', async () => {
    const m = await createMember(db());
    expect((await get(`/api/hide-agd-reminder?s=${m.token}`)).json()).toEqual({ status: true });
    expect((await get(`/api/account-home?s=${m.token}`)).json().showAgdReminder).toBe(false);
    const withAgd = await createMember(db(), { agd_number: randomDigits(6) });
    expect((await get(`/api/account-home?s=${withAgd.token}`)).json().showAgdReminder).toBe(false);
  });

  it('queues the CE report mail', async () => {
    const m = await createMember(db());
    const res = await get(`/api/send-ce-report?s=${m.token}`);
    expect(res.json()).toEqual({ status: true, msg: Texts.CE_REPORT_SENT });
    const mail = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', m.email)
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('ce-report');
  });

  it('GET /api/my-data returns the member data as a JSON download, without secrets', async () => {
    const m = await createMember(db());
    const res = await get(`/api/my-data?s=${m.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="my-data-/);
    const body = res.json();
    expect(body.data.member).toMatchObject({ username: m.username, email: m.email });
    expect(body.data.sessions).toHaveLength(1);
    expect(res.body).not.toMatch(/password_hash|token_hash|scrypt\$/);
  });
});

describe('login links (03 §3, docs/decisions/0930)', () => {
  const exchange = (token: string, code?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login-link',
      payload: code ? { t: token, code } : { t: token },
    });

  it('POST /api/login-link signs in once: the second use, by POST or GET, says the link was used', async () => {
    const m = await createMember(db());
    const token = await createLoginToken(db(), m.id);
    const res = await exchange(token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.student.username).toBe(m.username);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await get(`/api/profile?s=${body.token}`)).statusCode).toBe(200);
    for (const again of [await exchange(token), await get(`/api/student?s=${encodeURIComponent(token)}`)]) {
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ status: false, msg: Texts.LOGIN_LINK_USED });
    }
  });

  it('GET /api/student with a login token (03 §3) follows the same rules: one session, then refused', async () => {
    const m = await createMember(db());
    const token = await createLoginToken(db(), m.id);
    const first = await get(`/api/student?s=${encodeURIComponent(token)}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await get(`/api/student?s=${encodeURIComponent(token)}`)).statusCode).toBe(401);
  });

  it('on an account with two-factor sign-in, the link asks for the code, stays unspent until a right one, and works once', async () => {
    const m = await createMember(db());
    const secret = await enrolTotp(db(), m.id);
    const token = await createLoginToken(db(), m.id);
    const bare = await exchange(token);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ status: false, msg: Texts.LOGIN_LINK_CODE_NEEDED, secondFactor: 'code' });
    expect((await get(`/api/student?s=${encodeURIComponent(token)}`)).json()).toMatchObject({
      secondFactor: 'code',
    });
    const wrong = await exchange(token, '000000' === totpCode(secret) ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({ msg: Texts.TWO_FACTOR_CODE_WRONG, field: 'code' });
    const signedIn = await exchange(token, totpCode(secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = await db()
      .selectFrom('sessions')
      .select('second_factor_at')
      .where('token_hash', '=', hashToken(signedIn.json().token as string))
      .executeTakeFirstOrThrow();
    expect(session.second_factor_at).not.toBeNull();
    // Spent: even with the next code, the link signs in no more.
    const reused = await exchange(token, totpCode(secret, new Date(Date.now() + 30_000)));
    expect(reused.json()).toEqual({ status: false, msg: Texts.LOGIN_LINK_USED });
  });

  it('two tabs opening one link at once get one session between them', async () => {
    const m = await createMember(db());
    const token = await createLoginToken(db(), m.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('an expired link says so, and a made-up or old signed one is refused; none gives a session', async () => {
    const m = await createMember(db());
    const expired = await createLoginToken(db(), m.id, { now: new Date(Date.now() - 8 * 86_400_000) });
    const expect401 = async (token: string, msg: string) => {
      const res = await exchange(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, msg });
    };
    await expect401(expired, Texts.LOGIN_LINK_EXPIRED);
    await expect401(`l1.${'A'.repeat(43)}`, Texts.LOGIN_LINK_INVALID);
    // The signed tokens of mails sent before 0930 (HMAC, many uses) no longer sign in.
    const signed = `${Buffer.from(JSON.stringify({ p: 'login', m: m.hash, e: 9e9 })).toString('base64url')}.${'B'.repeat(43)}`;
    await expect401(signed, Texts.LOGIN_LINK_EXPIRED);
  });
});
