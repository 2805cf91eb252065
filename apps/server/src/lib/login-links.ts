import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { nowIso } from './ids.ts';

/*
 * Login links in our e-mails (03 §3): /login?s=<token>&rurl=… where the token is signed with a
 * server secret (HMAC-SHA256), names one purpose and expires. It carries the member's public
 * hash, never a session token or the row id. GET /api/student verifies it and signs the member in.
 */

/** The settings key of the signing secret; staff screens must never show it. */
export const LOGIN_LINK_SECRET_KEY = 'secret.loginLinkKey';
const PURPOSE = 'login';
/** How long a mailed login link works (docs/decisions/0104). */
export const LOGIN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const secrets = new WeakMap<Kysely<DB>, Promise<Buffer>>();

/** The signing secret, generated and stored on first use; every process reads the same one. */
export function loginLinkSecret(db: Kysely<DB>): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('settings')
        .values({
          key: LOGIN_LINK_SECRET_KEY,
          value: randomBytes(32).toString('base64url'),
          updated_at: nowIso(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', LOGIN_LINK_SECRET_KEY)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

function sign(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}.${payload}`).digest('base64url');
}

/** A signed login token for the member with this public hash. */
export async function createLoginToken(
  db: Kysely<DB>,
  memberHash: string,
  { now = new Date(), ttlMs = LOGIN_LINK_TTL_MS }: { now?: Date; ttlMs?: number } = {},
): Promise<string> {
  const body = { p: PURPOSE, m: memberHash, e: Math.floor((now.getTime() + ttlMs) / 1000) };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(await loginLinkSecret(db), payload)}`;
}

/** True when a value has the shape of a login token (a session token has no dot). */
export function looksLikeLoginToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/.test(value);
}

/** The member hash a valid, unexpired login token names, or null. */
export async function verifyLoginToken(
  db: Kysely<DB>,
  token: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (!looksLikeLoginToken(token)) return null;
  const [payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(sign(await loginLinkSecret(db), payload), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      p?: unknown;
      m?: unknown;
      e?: unknown;
    };
    if (body.p !== PURPOSE || typeof body.m !== 'string' || typeof body.e !== 'number') return null;
    if (body.e * 1000 <= now.getTime()) return null;
    return body.m;
  } catch {
    return null;
  }
}

/**
 * The URL of a login link for a member (by row id): /login?s=<token>&rurl=<path>. Later
 * features put it in mails (exam available, seat promoted, certificate).
 */
export async function loginLinkUrl(
  db: Kysely<DB>,
  publicUrl: string,
  memberId: string,
  rurl: string,
  options: { now?: Date; ttlMs?: number } = {},
): Promise<string> {
  const member = await db
    .selectFrom('members')
    .select('hash')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  const token = await createLoginToken(db, member.hash, options);
  const query = new URLSearchParams({ s: token, rurl });
  return `${publicUrl.replace(/\/$/, '')}/login?${query.toString()}`;
}
