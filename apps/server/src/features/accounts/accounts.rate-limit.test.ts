import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppSharing, type TTestApp } from '../../../test/build-test-app.ts';
import { seedAccountItems, validRegistration } from './accounts.fixtures.ts';
import { REGISTER_LIMIT } from './accounts.service.ts';

/* POST /api/register is limited per client address, in the database (03 §2, docs/decisions/0902). */

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

async function memberCount(): Promise<number> {
  const row = await db()
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/register rate limit', () => {
  it('refuses the 11th registration from one address in 15 minutes with 429 and creates nothing', async () => {
    for (let i = 0; i < REGISTER_LIMIT.hits; i++) {
      expect((await registerFrom(t, '10.9.0.1')).statusCode).toBe(200);
    }
    const before = await memberCount();
    const refused = await registerFrom(t, '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, msg: Texts.RATE_LIMITED });
    expect(await memberCount()).toBe(before);
    // Another address is not affected.
    expect((await registerFrom(t, '10.9.0.2')).statusCode).toBe(200);
  });

  it('counts refused forms too, so a script cannot probe usernames past the limit', async () => {
    const taken = validRegistration();
    expect((await registerFrom(t, '10.9.1.1', taken)).statusCode).toBe(200);
    for (let i = 1; i < REGISTER_LIMIT.hits; i++) {
      expect((await registerFrom(t, '10.9.1.1', taken)).statusCode).toBe(409);
    }
    expect((await registerFrom(t, '10.9.1.1', taken)).statusCode).toBe(429);
  });

  it('holds across two server processes sharing the database', async () => {
    const half = REGISTER_LIMIT.hits / 2;
    for (let i = 0; i < half; i++) {
      expect((await registerFrom(t, '10.9.2.1')).statusCode).toBe(200);
      expect((await registerFrom(other, '10.9.2.1')).statusCode).toBe(200);
    }
    expect((await registerFrom(other, '10.9.2.1')).statusCode).toBe(429);
    expect((await registerFrom(t, '10.9.2.1')).statusCode).toBe(429);
  });
});
