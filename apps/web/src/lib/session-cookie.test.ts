import { StorageKey } from '@opence/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiTransport } from './api-client.ts';
import { signIn, signOut } from './auth.tsx';
import { keepSessionCookie } from './session-cookie.ts';

/*
 * A browser signed in before the server set the HttpOnly session cookie (docs/decisions/0842)
 * asks for it once, and again once a day so that it lasts as long as the session. The API is
 * answered through the app's own transport (api-client.ts), as the server answers; the test
 * records the calls.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION = { token: 't'.repeat(43), name: 'Ana Ruiz', email: 'ana@example.com', timeZone: null };

/** The calls to POST /api/session-cookie, with the token each carried. */
let asked: string[] = [];
/** The HTTP status the server answers with: 200, a refusal (401), a failure (503), or 0 for no network. */
let answer = 200;

beforeAll(() => {
  setApiTransport(async (url, init) => {
    if (url !== '/api/session-cookie') throw new Error(`unexpected call ${url}`);
    asked.push((JSON.parse(String(init.body)) as { s: string }).s);
    if (answer === 0) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ status: answer === 200 }), {
      status: answer,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  signOut();
  asked = [];
  answer = 200;
});

/** A browser that holds the token from before 0842: stored, with no note of the server's cookie. */
function signedInBefore() {
  localStorage.setItem(StorageKey.TOKEN, SESSION.token);
  window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.TOKEN }));
}

describe('keeping the session cookie', () => {
  it('asks once for a browser signed in before, then not again within the day, then again', async () => {
    // The note of the server's cookie is taken by the clock.
    const now = Date.now();
    signedInBefore();
    await keepSessionCookie(now);
    expect(asked).toEqual([SESSION.token]);
    await keepSessionCookie(now + DAY_MS - 1);
    expect(asked).toHaveLength(1);
    // As the answer noted it, to the millisecond.
    localStorage.setItem(StorageKey.SESSION_COOKIE_AT, String(now));
    await keepSessionCookie(now + DAY_MS);
    expect(asked).toHaveLength(2);
  });

  it('does not ask after a sign-in, whose answer set the cookie, nor for a visitor', async () => {
    await keepSessionCookie();
    signIn(SESSION);
    await keepSessionCookie();
    expect(asked).toEqual([]);
  });

  it('asks again on the next page after a failure, not after a refusal (no session)', async () => {
    signedInBefore();
    for (const status of [0, 503]) {
      answer = status;
      await keepSessionCookie();
    }
    expect(asked).toHaveLength(2);
    answer = 401;
    await keepSessionCookie();
    await keepSessionCookie();
    expect(asked).toHaveLength(3);
  });
});
