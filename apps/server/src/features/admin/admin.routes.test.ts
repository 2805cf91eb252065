import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createMember,
  createStaff,
  createStaffWithoutSecondFactor,
  type TTestMember,
} from '../../../test/factories.ts';
import { listRoutes, type TRoute } from '../../../test/route-table.ts';
import { newSecretToken } from '../../lib/ids.ts';
import { createSession } from '../../domain/sessions.ts';

let t: TTestApp;
let staff: TTestMember;
let member: TTestMember;
let adminRoutes: TRoute[];

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(t.app.deps.database.db);
  member = await createMember(t.app.deps.database.db);
  adminRoutes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/admin'));
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every :param gets a value that looks like an id. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, (p) => (p === ':report' ? 'leads' : 'x0'));

describe('the staff API authorization matrix', () => {
  it('finds the admin routes in the route table', () => {
    expect(adminRoutes.length).toBeGreaterThan(60);
    expect(adminRoutes).toContainEqual({ method: 'POST', url: '/api/admin/classes' });
  });

  it('answers 401 without a live session, 403 for a member and for staff without the second factor, and neither for enrolled staff, on every admin route', async () => {
    const db = t.app.deps.database.db;
    // Staff not enrolled yet (0920), and enrolled staff in a session that skipped the code.
    const notEnrolled = (await createStaffWithoutSecondFactor(db)).token;
    const withoutCode = await createSession(db, staff.id);
    const endedStaffToken = await createSession(t.app.deps.database.db, staff.id);
    await t.app.inject({ method: 'POST', url: '/api/logout', payload: { s: endedStaffToken } });
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const url = concrete(route.url);
      const call = (token?: string) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      const [anonymous, madeUp, ended, asMember, asStaff] = [
        await call(),
        await call(newSecretToken()),
        await call(endedStaffToken),
        await call(member.token),
        await call(staff.token),
      ];
      for (const [who, token, expected] of [
        ['staff not enrolled', notEnrolled, 'enrol'],
        ['staff without the code', withoutCode, 'code'],
      ] as const) {
        const refused = await call(token);
        if (refused.statusCode !== 403 || refused.json().secondFactor !== expected)
          failures.push(`${route.method} ${url} ${who} ${refused.statusCode}`);
      }
      if (anonymous.statusCode !== 401)
        failures.push(`${route.method} ${url} anonymous ${anonymous.statusCode}`);
      if (madeUp.statusCode !== 401)
        failures.push(`${route.method} ${url} made-up token ${madeUp.statusCode}`);
      if (ended.statusCode !== 401) failures.push(`${route.method} ${url} ended session ${ended.statusCode}`);
      if (asMember.statusCode !== 403) failures.push(`${route.method} ${url} member ${asMember.statusCode}`);
      if ([401, 403].includes(asStaff.statusCode) || asStaff.statusCode >= 500) {
        failures.push(`${route.method} ${url} staff ${asStaff.statusCode} ${asStaff.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
