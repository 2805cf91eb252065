import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createLoginToken } from '../../domain/login-links.ts';
import { seedAccountItems, validProfile, validRegistration } from './accounts.fixtures.ts';

/*
 * Passwords and tokens never leave the server except login's and register's token (03 §2),
 * and never reach a log line, with the logger at info level (every request logged).
 */

const lines: string[] = [];
let t: TTestApp;
const responses: { call: string; res: LightMyRequestResponse }[] = [];

async function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, payload });
  responses.push({ call: `${method} ${url.split('?')[0]}`, res });
  return res;
}

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  await seedAccountItems(t.app.deps.database.db);
});
afterAll(() => t.close());

describe('secrets', () => {
  it('no password or token in any answer but login/register, and none in any log line', async () => {
    const form = validRegistration({ password: 'Regist3r!pw', password2: 'Regist3r!pw' });
    const reg = await call('POST', '/api/register', form);
    const regToken = reg.json().token as string;
    const log = await call('POST', '/api/login', { u: form.username, p: 'Regist3r!pw' });
    const token = log.json().token as string;
    await call('POST', '/api/login', { u: form.username, p: 'Wrong!pass9' });

    await call('GET', `/api/student?s=${token}`);
    await call('GET', `/api/profile?s=${token}`);
    await call('GET', `/api/account-home?s=${token}`);
    await call('GET', `/api/account-items?s=${token}`);
    await call('GET', `/api/validate-username?u=someone1&s=${token}`);
    await call('GET', `/api/validate-email?email=x%40y.test&s=${token}`);
    await call('GET', `/api/validate-agd-number?agdNumber=12345&s=${token}`);
    await call('GET', `/api/hide-agd-reminder?s=${token}`);
    await call('GET', `/api/send-ce-report?s=${token}`);
    await call('GET', `/api/my-data?s=${token}`);
    await call(
      'POST',
      '/api/profile',
      validProfile({
        s: token,
        email: form.email,
        currentPassword: 'Regist3r!pw',
        password: 'Chang3d!pw',
        password2: 'Chang3d!pw',
      }),
    );
    await call(
      'POST',
      '/api/profile',
      validProfile({ s: token, email: form.email, password: 'bad pass', password2: 'bad pass' }),
    );

    await call('POST', '/api/reset-password-request', { u: form.username });
    const outbox = await t.app.deps.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'reset')
      .executeTakeFirstOrThrow();
    const resetToken = /\/reset\/([A-Za-z0-9_-]+)/.exec(outbox.text_body)![1]!;
    await call('POST', '/api/reset-password', { t: resetToken, p: 'Res3t!pw' });
    await call('POST', '/api/reset-password', { t: resetToken, p: 'Res3t!pw' });

    const relog = (await call('POST', '/api/login', { u: form.username, p: 'Res3t!pw' })).json()
      .token as string;
    const member = await t.app.deps.database.db
      .selectFrom('members')
      .select(['id', 'hash'])
      .where('username', '=', String(form.username))
      .executeTakeFirstOrThrow();
    const loginToken = await createLoginToken(t.app.deps.database.db, member.id);
    const viaLink = (await call('GET', `/api/student?s=${encodeURIComponent(loginToken)}`)).json()
      .token as string;
    await call('POST', '/api/remove-consent', { h: relog });
    await call('POST', '/api/logout', { s: viaLink });
    await t.app.mail.drainOutbox();

    const passwords = ['Regist3r!pw', 'Wrong!pass9', 'Chang3d!pw', 'bad pass', 'Res3t!pw'];
    const tokens = [regToken, token, resetToken, relog, loginToken, viaLink];
    const gdpr = await t.app.deps.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('kind', '=', 'gdpr')
      .executeTakeFirstOrThrow();
    tokens.push(/\/gdpr\/confirm\/([A-Za-z0-9_-]+)/.exec(gdpr.text_body)![1]!);

    // Answers: only login's and register's own token, and the session a login link gives.
    for (const { call: name, res } of responses) {
      for (const secret of [...passwords, ...tokens]) {
        const allowed =
          (name === 'POST /api/register' && secret === regToken) ||
          (name === 'POST /api/login' && [token, relog].includes(secret)) ||
          (name === 'GET /api/student' && secret === viaLink);
        if (!allowed) expect(res.body.includes(secret), `${name} leaks ${secret.slice(0, 6)}…`).toBe(false);
      }
      expect(res.body).not.toMatch(/scrypt\$|password_hash|token_hash/);
    }

    // Logs: the requests are logged (so the check means something), without any secret.
    expect(lines.some((l) => l.includes('/api/profile'))).toBe(true);
    expect(lines.some((l) => l.includes('mail kept in the outbox'))).toBe(true);
    for (const line of lines) {
      for (const secret of [...passwords, ...tokens]) {
        expect(line.includes(secret), `log line leaks a secret: ${line.slice(0, 120)}`).toBe(false);
      }
    }
  });
});
