import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.ts';
import { hashToken, newSecretToken, nowIso } from '../lib/ids.ts';
import type { TJob } from '../lib/jobs.ts';

/*
 * Login links in our e-mails (03 §3, docs/decisions/0104, 0930): /login?s=<token>&rurl=…. The
 * token is 256 random bits, kept only as its SHA-256 in `login_links`, names one member and
 * expires; it works once (an atomic conditional update spends it). The browser takes it out of
 * the address at once and exchanges it by POST /api/login-link; an account with two-factor
 * sign-in needs its code as well: the link proves the mailbox, the code the device.
 */

/** The settings key of the server's link-signing secret (the unsubscribe links); staff screens never show it. */
export const LOGIN_LINK_SECRET_KEY = 'secret.loginLinkKey';
/** How long a mailed login link works (docs/decisions/0104). */
export const LOGIN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Tells a login link from a session token (which has no dot) in GET /api/student's `s`. */
const PREFIX = 'l1.';
const HOUR_MS = 60 * 60_000;

type TDb = Kysely<DB> | Transaction<DB>;
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

/** A new login token for a member (by row id), stored as its hash. */
export async function createLoginToken(
  db: TDb,
  memberId: string,
  { now = new Date(), ttlMs = LOGIN_LINK_TTL_MS }: { now?: Date; ttlMs?: number } = {},
): Promise<string> {
  const token = `${PREFIX}${newSecretToken()}`;
  await db
    .insertInto('login_links')
    .values({
      token_hash: hashToken(token),
      member_id: memberId,
      expires_at: nowIso(new Date(now.getTime() + ttlMs)),
      created_at: nowIso(now),
    })
    .execute();
  return token;
}

/**
 * True when a value has the shape of a login token: ours, or the signed tokens of 0104 that
 * mails sent before 0930 still carry (they are answered as expired).
 */
export function looksLikeLoginToken(value: string): boolean {
  return /^l1\.[A-Za-z0-9_-]{43}$/.test(value) || /^[A-Za-z0-9_-]{10,400}\.[A-Za-z0-9_-]{43}$/.test(value);
}

export type TLoginLinkState =
  { state: 'valid'; memberId: string } | { state: 'used' } | { state: 'expired' } | { state: 'invalid' };

/** What a login token is worth now, without spending it. */
export async function readLoginLink(
  db: TDb,
  token: string,
  now: Date = new Date(),
): Promise<TLoginLinkState> {
  if (!token.startsWith(PREFIX)) return { state: looksLikeLoginToken(token) ? 'expired' : 'invalid' };
  const row = await db
    .selectFrom('login_links')
    .select(['member_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: 'invalid' };
  if (row.used_at) return { state: 'used' };
  if (row.expires_at <= nowIso(now)) return { state: 'expired' };
  return { state: 'valid', memberId: row.member_id };
}

/** Spends a login token: true for the one call that did, false if it was used or expired meanwhile. */
export async function spendLoginLink(db: TDb, token: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('login_links')
    .set({ used_at: nowIso(now) })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hourly: links that expired more than a day ago go; they could only be refused. */
export function pruneLoginLinksJob(db: Kysely<DB>): TJob {
  return {
    name: 'prune-login-links',
    everyMs: HOUR_MS,
    run: async (now) => {
      const dayAgo = nowIso(new Date(now.getTime() - 24 * HOUR_MS));
      await db.deleteFrom('login_links').where('expires_at', '<', dayAgo).execute();
    },
  };
}

/**
 * The URL of a login link for a member (by row id): /login?s=<token>&rurl=<path>. Mails put it
 * in (exam available, seat promoted); pass the transaction that queues the mail.
 */
export async function loginLinkUrl(
  db: TDb,
  publicUrl: string,
  memberId: string,
  rurl: string,
  options: { now?: Date; ttlMs?: number } = {},
): Promise<string> {
  const token = await createLoginToken(db, memberId, options);
  const query = new URLSearchParams({ s: token, rurl });
  return `${publicUrl.replace(/\/$/, '')}/login?${query.toString()}`;
}
