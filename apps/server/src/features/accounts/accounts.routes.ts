import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAccountHomeResponse,
  ZAccountItemsResponse,
  ZConfirmEmailRequest,
  ZLoginLinkRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZMyDataResponse,
  ZProfileRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZRemoveConsentConfirmRequest,
  ZRemoveConsentRequest,
  ZResetPassword,
  ZResetPasswordRequest,
  ZResetPasswordRequestResponse,
  ZStatusMessage,
  ZStudentResponse,
  ZTokenQuery,
  ZValidateAgdQuery,
  ZValidateEmailQuery,
  ZValidateResponse,
  ZValidateUsernameQuery,
} from '@opence/shared/schemas';
import type { FastifyReply } from 'fastify';
import type { TSessionCookie } from '../../lib/session-cookie.ts';
import { requestToken } from '../../domain/sessions.ts';
import type { TAccountsService } from './accounts.service.ts';

export type TAccountsRoutesOptions = { accounts: TAccountsService; sessionCookie: TSessionCookie };

const tags = ['accounts'];

/** Accounts and sessions (01 §7): paths, methods and parameter names as the spec gives them. */
export const accountsRoutes: FastifyPluginAsyncZod<TAccountsRoutesOptions> = async (
  app,
  { accounts, sessionCookie },
) => {
  const { requireMember, optionalMember } = app.guards;

  /** An answer that starts a session sets the session cookie too (decision 0842). */
  const withSessionCookie = <T extends object>(reply: FastifyReply, answer: T): T => {
    if ('token' in answer && typeof answer.token === 'string') sessionCookie.set(reply, answer.token);
    return answer;
  };

  // Nothing of these answers may be cached: they carry tokens and personal data.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Log in with username or account e-mail (u) and password (p)',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request, reply) =>
      withSessionCookie(
        reply,
        await accounts.login(request.body.u, request.body.p, request.ip, request.body.code),
      ),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the session the request carries, and clear the session cookie',
        body: ZLogoutRequest.optional(),
      },
      preHandler: optionalMember,
    },
    async (request, reply) => {
      sessionCookie.clear(reply);
      return accounts.logout(request.member);
    },
  );

  app.post(
    '/session-cookie',
    {
      schema: {
        tags,
        summary:
          'Set the HttpOnly session cookie to the session the call carries (s): a browser signed in before the server set it gets it, and keeps it renewed (0842)',
        body: ZTokenQuery,
        response: { 200: ZStatusMessage },
      },
      preHandler: requireMember,
    },
    async (request, reply) => {
      sessionCookie.set(reply, requestToken(request)!);
      return { status: true };
    },
  );

  app.post(
    '/reset-password-request',
    {
      schema: {
        tags,
        summary: 'Mail a single-use reset link to the account of a username (u) or e-mail (m)',
        body: ZResetPasswordRequest,
        response: { 200: ZResetPasswordRequestResponse },
      },
    },
    async (request) => accounts.requestPasswordReset(request.body, request.ip),
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password (p) with the token (t) of a reset link',
        body: ZResetPassword,
        response: { 200: ZStatusMessage },
      },
    },
    async (request) => accounts.resetPassword(request.body.t, request.body.p),
  );

  app.get(
    '/validate-username',
    {
      schema: {
        tags,
        summary: 'Is the username (u) valid and free?',
        querystring: ZValidateUsernameQuery,
        response: { 200: ZValidateResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => {
      await accounts.limitValidation(request.ip);
      return accounts.validateUsername(request.query.u, request.member);
    },
  );

  app.get(
    '/validate-email',
    {
      schema: {
        tags,
        summary: 'Is the e-mail valid and not used by another account?',
        querystring: ZValidateEmailQuery,
        response: { 200: ZValidateResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => {
      await accounts.limitValidation(request.ip);
      return accounts.validateEmail(request.query.email, request.member);
    },
  );

  app.get(
    '/validate-agd-number',
    {
      schema: {
        tags,
        summary: 'Is the AGD number blank, or valid and not used by another account?',
        querystring: ZValidateAgdQuery,
        response: { 200: ZValidateResponse },
      },
      preHandler: optionalMember,
    },
    async (request) => {
      await accounts.limitValidation(request.ip);
      return accounts.validateAgdNumber(request.query.agdNumber, request.member);
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create an account (the whole form of 01 §5); answers with a session token',
        body: ZRegisterRequest,
        response: { 200: ZRegisterResponse },
      },
    },
    async (request, reply) => withSessionCookie(reply, await accounts.register(request.body, request.ip)),
  );

  app.get(
    '/student',
    {
      // It reads the token itself (a session, or a login link's): a session all the same.
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'The student of a session token, or of a signed login-link token (then with a session token)',
        querystring: ZTokenQuery,
        response: { 200: ZStudentResponse },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization;
      const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      return withSessionCookie(reply, await accounts.student(request.query.s || bearer));
    },
  );

  app.post(
    '/home-email-link',
    {
      schema: {
        tags,
        summary:
          'Mails the link that confirms the home e-mail again (docs/decisions/0931): only a confirmed one verifies attendance',
        body: ZTokenQuery,
        response: { 200: ZStatusMessage },
      },
      preHandler: requireMember,
    },
    async (request) => accounts.resendHomeEmailLink(request.member!),
  );

  app.get(
    '/hide-agd-reminder',
    {
      schema: {
        tags,
        summary: 'Stop showing the AGD reminder',
        querystring: ZTokenQuery,
        response: { 200: ZStatusMessage },
      },
      preHandler: requireMember,
    },
    async (request) => accounts.hideAgdReminder(request.member!),
  );

  app.get(
    '/account-items',
    {
      schema: {
        tags,
        summary: 'The dropdown lists of the registration and profile forms',
        querystring: ZTokenQuery,
        response: { 200: ZAccountItemsResponse },
      },
    },
    async () => accounts.accountItems(),
  );

  app.get(
    '/account-home',
    {
      schema: {
        tags,
        summary: 'Credits by CE type (ceHome, ceLive, ceTotal) and the AGD reminder flag',
        querystring: ZTokenQuery,
        response: { 200: ZAccountHomeResponse },
      },
      preHandler: requireMember,
    },
    async (request) => accounts.accountHome(request.member!),
  );

  app.get(
    '/send-ce-report',
    {
      schema: {
        tags,
        summary: 'E-mail the CE report',
        querystring: ZTokenQuery,
        response: { 200: ZStatusMessage },
      },
      preHandler: requireMember,
    },
    async (request) => accounts.sendCeReport(request.member!),
  );

  app.get(
    '/profile',
    {
      schema: {
        tags,
        summary: 'The member profile',
        querystring: ZTokenQuery,
        response: { 200: ZStudentResponse },
      },
      preHandler: requireMember,
    },
    async (request) => accounts.profile(request.member!),
  );

  app.post(
    '/profile',
    {
      schema: {
        tags,
        summary:
          'Save the whole profile form, plus password and password2 when changing the password; a new e-mail or password needs currentPassword (and code with two-factor sign-in on), and a new e-mail waits for the link mailed to it',
        body: ZProfileRequest,
        response: { 200: ZStatusMessage },
      },
      preHandler: requireMember,
    },
    async (request) => accounts.updateProfile(request.member!, request.body),
  );

  app.post(
    '/login-link',
    {
      schema: {
        tags,
        summary:
          'Signs in with a mailed login link (t), once; with two-factor sign-in on, only with its code (0930)',
        body: ZLoginLinkRequest,
        response: { 200: ZStudentResponse },
      },
    },
    async (request, reply) =>
      withSessionCookie(reply, await accounts.loginByLink(request.body.t, request.body.code)),
  );

  app.post(
    '/confirm-email',
    {
      schema: {
        tags,
        summary: "Make the new e-mail of a profile change the account's, with the token (t) mailed to it",
        body: ZConfirmEmailRequest,
        response: { 200: ZStatusMessage },
      },
    },
    async (request) => accounts.confirmEmailChange(request.body.t),
  );

  app.post(
    '/remove-consent',
    {
      schema: {
        tags,
        summary: 'GDPR: mail a link that confirms the erasure of the member (h = the token)',
        body: ZRemoveConsentRequest,
        response: { 200: ZStatusMessage },
      },
    },
    async (request) => accounts.requestErasure(request.body.h, request.ip),
  );

  app.post(
    '/remove-consent-confirm',
    {
      schema: {
        tags,
        summary: 'GDPR: erase the personal data of the member whose confirmation link this is (t)',
        body: ZRemoveConsentConfirmRequest,
        response: { 200: ZStatusMessage },
      },
    },
    async (request, reply) => {
      const answer = await accounts.confirmErasure(request.body.t);
      sessionCookie.clear(reply);
      return answer;
    },
  );

  app.get(
    '/my-data',
    {
      schema: {
        tags,
        summary: 'Everything kept about the member, as JSON',
        querystring: ZTokenQuery,
        response: { 200: ZMyDataResponse },
      },
      preHandler: requireMember,
    },
    async (request, reply) => {
      const stamp = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="my-data-${stamp}.json"`);
      return accounts.myData(request.member!);
    },
  );
};
