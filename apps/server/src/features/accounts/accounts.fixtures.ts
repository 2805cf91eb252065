import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { randomInt } from 'node:crypto';
import { ACCOUNT_ITEMS } from '../../db/seed/reference-data.ts';
import type { DB } from '../../db/types.ts';
import { newId } from '../../lib/ids.ts';

/* Test helpers of the accounts feature (only tests import this file). */

let counter = 0;
/** Lowercase letters and digits, unique within a run. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter.toString(36)}${randomInt(1000).toString(36)}`;
}

/** n random digits that do not start with 0. */
export function randomDigits(n: number): string {
  let s = String(randomInt(1, 10));
  while (s.length < n) s += String(randomInt(0, 10));
  return s;
}

/**
 * A client address of its own, so that tests of the form are not held up by the limit on
 * registrations per address (docs/decisions/0902).
 */
export function newClientAddress(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** A complete, valid registration body (01 §5); override what the test is about. */
export function validRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const u = uniqueSuffix();
  return {
    jobTitle: 'Dentist',
    title: 'Dr.',
    firstname: 'Ann',
    lastname: 'Lee',
    officeName: 'Lee Dental',
    address: '1 Main Street',
    city: 'Albany',
    state: 'NY',
    zip: '12207',
    country: 'US',
    phone: '5185550100',
    isPhoneMobile: 'checked',
    email: `ann.${u}@example.test`,
    agdNumber: '',
    certYear: 2010,
    gender: 'F',
    ageRange: '35-44',
    officeSize: '1',
    sourceHeard: 'Other',
    username: `annlee${u}`,
    password: 'secret1',
    password2: 'secret1',
    ...overrides,
  };
}

/** The profile form body of a member (what GET /api/profile gives, as the form posts it). */
export function validProfile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { sourceHeard: _s, username: _u, password: _p, password2: _p2, ...profile } = validRegistration();
  return { ...profile, email2: '', ...overrides };
}

/** The account-items lists as the seed fills them. */
export async function seedAccountItems(db: Kysely<DB>): Promise<void> {
  const rows = Object.entries(ACCOUNT_ITEMS).flatMap(([list, items]) =>
    items.map((item, sort) => ({ id: newId(), list, value: item.value, label: item.label, sort })),
  );
  await db.insertInto('account_items').values(rows).execute();
}

export async function register(
  app: FastifyInstance,
  body: Record<string, unknown>,
  remoteAddress = newClientAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/register', payload: body, remoteAddress });
}

export async function login(
  app: FastifyInstance,
  u: string,
  p: string,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/login', payload: { u, p }, remoteAddress });
}
