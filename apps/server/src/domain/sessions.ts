import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Timing } from '@opence/shared';
import { compiledOnce } from '../db/compiled-once.ts';
import type { DB } from '../db/types.ts';
import { hashToken, newId, newSecretToken, nowIso } from '../lib/ids.ts';
import { cookieSession } from '../lib/session-cookie.ts';

/*
 * Opaque session tokens (03 §3): the member holds a random 256-bit token, the database only
 * its hash, with creation and last-use times. A token lasts 30 days from its last use.
 */

export type TSessionMember = {
  id: string;
  hash: string;
  role: 'member' | 'staff';
  username: string;
  firstname: string | null;
  lastname: string | null;
  email: string;
  sessionId: string;
  /** When this session passed the second factor (docs/decisions/0920); null when it did not. */
  secondFactorAt: string | null;
};

const TTL_MS = Timing.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
/**
 * Last use is written at most once an hour per session: it only moves a 30-day expiry, and a
 * live webinar's attendees poll every 15 s (30,000 of them touching once a minute would be 500
 * writes a second).
 */
const TOUCH_EVERY_MS = 60 * 60_000;

/** The session and its member by token hash; every member request runs it, so it is compiled once. */
const sessionQuery = compiledOnce((db, _shape, p: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_used_at',
      'sessions.second_factor_at as secondFactorAt',
      'members.id',
      'members.hash',
      'members.role',
      'members.username',
      'members.firstname',
      'members.lastname',
      'members.email',
      'members.erased_at',
    ])
    .where('sessions.token_hash', '=', p.tokenHash),
);

export async function createSession(
  db: Kysely<DB>,
  memberId: string,
  now = new Date(),
  options: { secondFactor?: boolean } = {},
): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      member_id: memberId,
      token_hash: hashToken(token),
      created_at: nowIso(now),
      last_used_at: nowIso(now),
      second_factor_at: options.secondFactor ? nowIso(now) : null,
    })
    .execute();
  return token;
}

/** A token that could be one of ours: anything else is not looked up. */
export const isTokenShaped = (token: string | null | undefined): token is string =>
  Boolean(token) && token!.length >= 20 && token!.length <= 200;

/** What a query that joins a session to its member reads for acceptSession. */
export type TSessionRow = {
  sessionId: string;
  last_used_at: string;
  secondFactorAt: string | null;
  id: string;
  hash: string;
  role: 'member' | 'staff';
  username: string;
  firstname: string | null;
  lastname: string | null;
  email: string;
  erased_at: string | null;
};

/**
 * The session and member columns a hot call selects beside its own rows, from `sessions as ses`
 * joined to `members as m`, named apart from the rows' columns (a class has a hash too); read
 * back by sessionRowFrom. /api/seats and /api/completed-webinars use them (issue 21).
 */
export const SESSION_COLUMNS = [
  'ses.id as session_id',
  'ses.last_used_at as session_last_used_at',
  'ses.second_factor_at as session_second_factor_at',
  'm.id as session_member_id',
  'm.hash as session_member_hash',
  'm.role as session_role',
  'm.username as session_username',
  'm.firstname as session_firstname',
  'm.lastname as session_lastname',
  'm.email as session_email',
  'm.erased_at as session_erased_at',
] as const;

/** A row that carries SESSION_COLUMNS. */
export type TSessionColumns = {
  session_id: string;
  session_last_used_at: string;
  session_second_factor_at: string | null;
  session_member_id: string;
  session_member_hash: string;
  session_role: 'member' | 'staff';
  session_username: string;
  session_firstname: string | null;
  session_lastname: string | null;
  session_email: string;
  session_erased_at: string | null;
};

/** The session row acceptSession reads, from a row selected with SESSION_COLUMNS. */
export const sessionRowFrom = (row: TSessionColumns): TSessionRow => ({
  sessionId: row.session_id,
  last_used_at: row.session_last_used_at,
  secondFactorAt: row.session_second_factor_at,
  id: row.session_member_id,
  hash: row.session_member_hash,
  role: row.session_role,
  username: row.session_username,
  firstname: row.session_firstname,
  lastname: row.session_lastname,
  email: row.session_email,
  erased_at: row.session_erased_at,
});

/**
 * The member of a session row read by token hash, or null when there is none, the member was
 * erased or the session expired (then deleted). Moves the last use on at most once an hour.
 * Used by resolveSession, and by a hot call that reads the session in its own query (the
 * live room's poll, /api/seats, /api/completed-webinars: issue 21).
 */
export async function acceptSession(
  db: Kysely<DB>,
  row: TSessionRow | undefined,
  now = new Date(),
): Promise<TSessionMember | null> {
  if (!row || row.erased_at) return null;
  const lastUsed = Date.parse(row.last_used_at);
  if (now.getTime() - lastUsed > TTL_MS) {
    await db.deleteFrom('sessions').where('id', '=', row.sessionId).execute();
    return null;
  }
  if (now.getTime() - lastUsed > TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: nowIso(now) })
      .where('id', '=', row.sessionId)
      .execute();
  }
  return {
    id: row.id,
    hash: row.hash,
    role: row.role,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    sessionId: row.sessionId,
    secondFactorAt: row.secondFactorAt,
  };
}

/** The member a token belongs to, or null when unknown, revoked or expired. */
export async function resolveSession(
  db: Kysely<DB>,
  token: string | null | undefined,
  now = new Date(),
): Promise<TSessionMember | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await sessionQuery(db, 'default', { tokenHash: hashToken(token) });
  return acceptSession(db, row, now);
}

/** Records that a session passed the second factor (enrolment's first code). */
export async function markSecondFactor(db: Kysely<DB>, sessionId: string, now = new Date()): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ second_factor_at: nowIso(now) })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Revokes every session of a member except the one kept (password change, 03 §3). */
export async function revokeOtherSessions(
  db: Kysely<DB>,
  memberId: string,
  keepSessionId: string | null,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('member_id', '=', memberId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/**
 * The token a request carries: `Authorization: Bearer`, else `s` in the query or body (03 §2), else
 * on a same-origin GET the session cookie (decision 0842). A token the request names wins, valid or not.
 */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.s;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const fromBody = (request.body as Record<string, unknown> | undefined)?.s;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  return cookieSession(request.method, request.headers);
}
