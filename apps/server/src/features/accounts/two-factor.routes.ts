import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZStatusMessage,
  ZTokenQuery,
  ZTwoFactorConfirmRequest,
  ZTwoFactorConfirmResponse,
  ZTwoFactorDisableRequest,
  ZTwoFactorRecoveryCodesRequest,
  ZTwoFactorSetupRequest,
  ZTwoFactorSetupResponse,
  ZTwoFactorStatus,
} from '@opence/shared/schemas';
import type { TTwoFactorService } from './two-factor.service.ts';

export type TTwoFactorRoutesOptions = { twoFactor: TTwoFactorService };

const tags = ['accounts'];

/** Two-factor sign-in (issue 28, docs/decisions/0920): the member's own, behind their session. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TTwoFactorRoutesOptions> = async (app, { twoFactor }) => {
  const { requireMember } = app.guards;

  // The secret and the recovery codes must never be cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/two-factor',
    {
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and recovery codes left',
        querystring: ZTokenQuery,
        response: { 200: ZTwoFactorStatus },
      },
      preHandler: requireMember,
    },
    async (request) => twoFactor.status(request.member!),
  );

  app.post(
    '/two-factor/setup',
    {
      schema: {
        tags,
        summary: 'Start enrolment: a new TOTP secret, its otpauth URI and QR code (current password needed)',
        body: ZTwoFactorSetupRequest,
        response: { 200: ZTwoFactorSetupResponse },
      },
      preHandler: requireMember,
    },
    async (request) => twoFactor.setup(request.member!, request.body.currentPassword),
  );

  app.post(
    '/two-factor/confirm',
    {
      schema: {
        tags,
        summary: 'Finish enrolment with the first code; answers the recovery codes, once',
        body: ZTwoFactorConfirmRequest,
        response: { 200: ZTwoFactorConfirmResponse },
      },
      preHandler: requireMember,
    },
    async (request) => twoFactor.confirm(request.member!, request.body.code),
  );

  app.post(
    '/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (members only; current password and a code)',
        body: ZTwoFactorDisableRequest,
        response: { 200: ZStatusMessage },
      },
      preHandler: requireMember,
    },
    async (request) => twoFactor.disable(request.member!, request.body.currentPassword, request.body.code),
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      schema: {
        tags,
        summary:
          'Ten new recovery codes in place of the old ones (current password and a code); answered once',
        body: ZTwoFactorRecoveryCodesRequest,
        response: { 200: ZTwoFactorConfirmResponse },
      },
      preHandler: requireMember,
    },
    async (request) =>
      twoFactor.regenerateRecoveryCodes(request.member!, request.body.currentPassword, request.body.code),
  );
};
