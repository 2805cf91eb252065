import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppSharing, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, DEFAULT_PASSWORD } from '../../../test/factories.ts';
import { hashToken, nowIso } from '../../lib/ids.ts';
import { login, seedAccountItems, uniqueSuffix, validRegistration } from './accounts.fixtures.ts';
import { REGISTER_LIMIT, REGISTER_SLOW_LIMIT } from './registration.service.ts';
import { LOGIN_ADDRESS_LIMIT, LOGIN_LIMIT } from './sign-in.service.ts';

/*
 * Limits that a room on one network address survives (docs/decisions/0410, 0902): registration
 * per address with a slower path past the ceiling, failed logins per account first and a much
 * higher per-address ceiling, all counted in the database so they hold across processes.
 */

let t: TTestApp;
let other: TTestApp;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestAppSharing(t);
  await seedAccountItems(db());
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const registerFrom = (app: TTestApp, remoteAddress: string, body = validRegistration()) =>
  app.app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress });

/** Sets a counter as if `hits` attempts had been made in the current window. */
async function preset(key: string, hits: number, startedAgoMs = 0): Promise<void> {
  const window_start = nowIso(new Date(Date.now() - startedAgoMs));
  await db().deleteFrom('rate_limits').where('key', '=', key).execute();
  await db().insertInto('rate_limits').values({ key, window_start, hits }).execute();
}

async function memberCount(): Promise<number> {
  const row = await db()
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a room on one address', () => {
  it('30 registrations from one address in a minute succeed, while 30 failed logins for one account are stopped after 10', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await registerFrom(t, '10.8.0.1')).statusCode);
    expect(statuses).toEqual(Array(30).fill(200));

    const m = await createMember(db());
    const failed: number[] = [];
    for (let i = 0; i < 30; i++)
      failed.push((await login(t.app, m.username, 'wrong-pass', '10.8.0.1')).statusCode);
    expect(failed.slice(0, LOGIN_LIMIT.hits)).toEqual(Array(LOGIN_LIMIT.hits).fill(401));
    expect(failed.slice(LOGIN_LIMIT.hits)).toEqual(Array(30 - LOGIN_LIMIT.hits).fill(429));
    // Even the right password is refused for that account until the window passes...
    const locked = await login(t.app, m.username, DEFAULT_PASSWORD, '10.8.0.2');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: false, msg: Texts.LOGIN_RATE_LIMITED });
    // ...but the room's other members still sign in from the same address.
    const neighbour = await createMember(db());
    expect((await login(t.app, neighbour.username, DEFAULT_PASSWORD, '10.8.0.1')).statusCode).toBe(200);
  });

  it('one account attacked from many addresses is stopped after 10 failures in all', async () => {
    const m = await createMember(db());
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await login(t.app, m.email, 'wrong-pass', `10.8.1.${i}`)).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT.hits);
    expect(statuses.slice(LOGIN_LIMIT.hits)).toEqual(Array(20 - LOGIN_LIMIT.hits).fill(429));
  });

  it('counts the account, not the identifier typed: 5 by username, 5 by e-mail and 10 at once in any case make 10', async () => {
    const m = await createMember(db());
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(t.app, m.username, 'wrong-pass', '10.8.3.1')).statusCode);
    for (let i = 0; i < 5; i++)
      statuses.push((await login(t.app, m.email, 'wrong-pass', '10.8.3.2')).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    // Concurrent tries under other spellings of the same account, on two processes: all refused.
    const spellings = [m.email.toUpperCase(), ` ${m.username.toUpperCase()} `, m.email, m.username];
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        login(i % 2 ? other.app : t.app, spellings[i % 4]!, 'wrong-pass', `10.8.3.${i + 3}`),
      ),
    );
    expect(more.map((r) => r.statusCode)).toEqual(Array(10).fill(429));
    expect((await login(t.app, m.email, DEFAULT_PASSWORD, '10.8.3.99')).statusCode).toBe(429);
  });

  it('many members mistyping on one address are not locked out; the address ceiling stops a spray', async () => {
    // 30 different members each mistype once, then sign in: no 429 for anyone.
    for (let i = 0; i < 30; i++) {
      const m = await createMember(db());
      expect((await login(t.app, m.username, 'typo', '10.8.2.1')).statusCode).toBe(401);
      expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.8.2.1')).statusCode).toBe(200);
    }
    // A spray over usernames from one address reaches the address ceiling.
    await preset(`login:ip:${hashToken('10.8.2.9')}`, LOGIN_ADDRESS_LIMIT.hits - 1);
    expect((await login(t.app, `guess${uniqueSuffix()}`, 'x', '10.8.2.9')).statusCode).toBe(401);
    const m = await createMember(db());
    expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.8.2.9')).statusCode).toBe(429);
    expect((await login(t.app, m.username, DEFAULT_PASSWORD, '10.8.2.10')).statusCode).toBe(200);
  });
});

describe('POST /api/register rate limit', () => {
  it('past the ceiling, one address gets a slower path (one sign-up per window), not a lock-out', async () => {
    const ip = '10.9.0.1';
    await preset(`register:ip:${hashToken(ip)}`, REGISTER_LIMIT.hits - 1);
    expect((await registerFrom(t, ip)).statusCode).toBe(200); // the 100th
    expect((await registerFrom(t, ip)).statusCode).toBe(200); // past the ceiling: the slow path's one
    const before = await memberCount();
    const refused = await registerFrom(t, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, msg: Texts.RATE_LIMITED });
    expect(await memberCount()).toBe(before);
    // Another address is not affected.
    expect((await registerFrom(t, '10.9.0.2')).statusCode).toBe(200);
    // The slow window passes: the next member of the room gets in, still past the ceiling.
    await preset(`register:ip-slow:${hashToken(ip)}`, 1, REGISTER_SLOW_LIMIT.windowMs + 1000);
    expect((await registerFrom(t, ip)).statusCode).toBe(200);
    expect((await registerFrom(t, ip)).statusCode).toBe(429);
  });

  it('counts refused forms too, so a script cannot probe usernames past the limit', async () => {
    const ip = '10.9.1.1';
    const taken = validRegistration();
    expect((await registerFrom(t, ip, taken)).statusCode).toBe(200);
    await preset(`register:ip:${hashToken(ip)}`, REGISTER_LIMIT.hits - 1);
    expect((await registerFrom(t, ip, taken)).statusCode).toBe(409);
    expect((await registerFrom(t, ip, taken)).statusCode).toBe(409); // slow path's one
    expect((await registerFrom(t, ip, taken)).statusCode).toBe(429);
  });

  it('holds across two server processes sharing the database', async () => {
    const ip = '10.9.2.1';
    await preset(`register:ip:${hashToken(ip)}`, REGISTER_LIMIT.hits - 4);
    for (let i = 0; i < 2; i++) {
      expect((await registerFrom(t, ip)).statusCode).toBe(200);
      expect((await registerFrom(other, ip)).statusCode).toBe(200);
    }
    expect((await registerFrom(other, ip)).statusCode).toBe(200); // the slow path's one
    expect((await registerFrom(t, ip)).statusCode).toBe(429);
    expect((await registerFrom(other, ip)).statusCode).toBe(429);
  });

  it('failed logins hold across two processes too', async () => {
    const m = await createMember(db());
    for (let i = 0; i < LOGIN_LIMIT.hits / 2; i++) {
      expect((await login(t.app, m.username, 'x', '10.9.3.1')).statusCode).toBe(401);
      expect((await login(other.app, m.username, 'x', '10.9.3.2')).statusCode).toBe(401);
    }
    expect((await login(other.app, m.username, DEFAULT_PASSWORD, '10.9.3.3')).statusCode).toBe(429);
  });
});
