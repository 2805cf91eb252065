import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { requestToken, resolveSession, type TSessionMember } from '../domain/sessions.ts';
import { Texts } from '@opence/shared';
import { ApiError, forbidden, unauthorized } from '../lib/api-errors.ts';
import type { TRouteAccess } from './openapi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member of this request, once resolved; null for a visitor. */
    member: TSessionMember | null;
  }
}

export type TAuthGuards = {
  /** Resolves the member if a valid token is present; visitors pass as null. */
  optionalMember: (request: FastifyRequest) => Promise<void>;
  /** 401 without a valid token. */
  requireMember: (request: FastifyRequest) => Promise<void>;
  /**
   * 401 without a valid token, 403 for a member who is not staff, and 403 with `secondFactor`
   * ('enrol' or 'code') for a staff session that did not pass the second factor (0920).
   */
  requireStaff: (request: FastifyRequest) => Promise<void>;
};

export function registerAuth(app: FastifyInstance, db: Kysely<DB>): TAuthGuards {
  app.decorateRequest('member', null);
  const optionalMember = async (request: FastifyRequest) => {
    request.member = await resolveSession(db, requestToken(request));
  };
  const requireMember = async (request: FastifyRequest) => {
    await optionalMember(request);
    if (!request.member) throw unauthorized();
  };
  const requireStaff = async (request: FastifyRequest) => {
    await requireMember(request);
    if (request.member?.role !== 'staff') throw forbidden();
    if (!request.member.secondFactorAt) {
      const totp = await db
        .selectFrom('member_totp')
        .select('confirmed_at')
        .where('member_id', '=', request.member.id)
        .executeTakeFirst();
      throw totp?.confirmed_at
        ? new ApiError(403, Texts.TWO_FACTOR_SIGN_IN_AGAIN, { secondFactor: 'code' })
        : new ApiError(403, Texts.TWO_FACTOR_ENROL_NEEDED, { secondFactor: 'enrol' });
    }
  };
  // A guard that refuses runs before the body is validated (issue 37 row 10): a visitor's bad
  // POST is told to sign in (401), not shown the route's field list. The body is parsed by then,
  // so `s` in it is still read; `requireStaff` is given as preValidation where it is used.
  app.addHook('onRoute', (route) => moveGuardBeforeValidation(route, requireMember));
  return { optionalMember, requireMember, requireStaff };
}

type THook = (...args: never[]) => unknown;

const hooksOf = (route: RouteOptions) =>
  ([] as THook[]).concat(
    (route.preValidation as THook | THook[] | undefined) ?? [],
    (route.preHandler as THook | THook[] | undefined) ?? [],
  );

/**
 * Who may call a route, for the OpenAPI document: every staff route lies under /api/admin, whose
 * plugin guards it as a whole; others by the guard they run. A route that reads the session
 * itself says so in its config (`access: 'session'`).
 */
export function routeAccess(route: RouteOptions, guards: TAuthGuards): TRouteAccess {
  const declared = (route.config as { access?: TRouteAccess } | undefined)?.access;
  if (declared) return declared;
  if (route.url.startsWith('/api/admin')) return 'session';
  const hooks = hooksOf(route);
  if (hooks.includes(guards.requireMember) || hooks.includes(guards.requireStaff)) return 'session';
  return hooks.includes(guards.optionalMember) ? 'optional' : 'none';
}

/** Moves `guard` from a route's preHandler hooks to the front of its preValidation hooks. */
function moveGuardBeforeValidation(route: RouteOptions, guard: THook) {
  const preHandler = ([] as THook[]).concat((route.preHandler as THook | THook[] | undefined) ?? []);
  if (!preHandler.includes(guard)) return;
  const preValidation = ([] as THook[]).concat((route.preValidation as THook | THook[] | undefined) ?? []);
  route.preHandler = preHandler.filter((hook) => hook !== guard) as RouteOptions['preHandler'];
  route.preValidation = [guard, ...preValidation] as RouteOptions['preValidation'];
}
