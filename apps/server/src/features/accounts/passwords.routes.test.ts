import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember } from '../../../test/factories.ts';
import { hashToken, nowIso } from '../../lib/ids.ts';
import { login, seedAccountItems, uniqueSuffix } from './accounts.fixtures.ts';

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

/** The reset token of the newest reset mail queued to an address. */
async function resetTokenFor(email: string): Promise<string> {
  const row = await db()
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('kind', '=', 'reset')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\/reset\/([A-Za-z0-9_-]+)/.exec(row.text_body)![1]!;
}

describe('recover and reset (03 §3)', () => {
  it('answers the same for a known and an unknown account', async () => {
    const m = await createMember(db());
    const known = await post('/api/reset-password-request', { u: m.username });
    const unknown = await post('/api/reset-password-request', { u: `nobody${uniqueSuffix()}` });
    const byMail = await post('/api/reset-password-request', { m: m.email.toUpperCase() });
    const expected = { status: true, rowCount: 1, data: [{ status: true, msg: Texts.RECOVER_SUCCESS }] };
    for (const res of [known, unknown, byMail]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('kind')
      .where('to_address', '=', m.email)
      .execute();
    expect(mails).toHaveLength(2);
  });

  it('needs a username or an e-mail', async () => {
    const res = await post('/api/reset-password-request', { u: '', m: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.u).toBe(Texts.RECOVER_REQUIRED);
  });

  it('a reset token works once, sets the password and ends every session', async () => {
    const m = await createMember(db());
    await post('/api/reset-password-request', { u: m.username });
    const token = await resetTokenFor(m.email);
    const stored = await db()
      .selectFrom('password_resets')
      .select('token_hash')
      .where('member_id', '=', m.id)
      .execute();
    expect(stored.map((r) => r.token_hash)).toEqual([hashToken(token)]);

    const weak = await post('/api/reset-password', { t: token, p: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.p).toBe(Texts.PASSWORD_MIN);

    const res = await post('/api/reset-password', { t: token, p: 'brandnew1' });
    expect(res.json()).toEqual({ status: true, msg: Texts.RESET_SUCCESS });
    expect((await get(`/api/profile?s=${m.token}`)).statusCode).toBe(401);
    expect((await login(t.app, m.username, 'brandnew1')).statusCode).toBe(200);

    const again = await post('/api/reset-password', { t: token, p: 'another1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(Texts.RESET_LINK_INVALID);
  });

  it('a reset token expires after 1 hour', async () => {
    const m = await createMember(db());
    await post('/api/reset-password-request', { m: m.email });
    const token = await resetTokenFor(m.email);
    await db()
      .updateTable('password_resets')
      .set({ expires_at: nowIso(new Date(Date.now() - 1000)) })
      .where('member_id', '=', m.id)
      .execute();
    const res = await post('/api/reset-password', { t: token, p: 'brandnew1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(Texts.RESET_LINK_INVALID);
    const row = await db()
      .selectFrom('password_resets')
      .select('expires_at')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBeDefined();
  });

  it('sets the expiry to one hour after the request', async () => {
    const m = await createMember(db());
    const before = Date.now();
    await post('/api/reset-password-request', { u: m.username });
    const row = await db()
      .selectFrom('password_resets')
      .select('expires_at')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const ttl = Date.parse(row.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5000);
  });
});
