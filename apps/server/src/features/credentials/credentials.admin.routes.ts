import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZRevokeCertificateRequest,
  ZRevokeCertificateResponse,
  ZRotateCredentialKeyRequest,
  ZRotateCredentialKeyResponse,
} from '@opence/shared/schemas';
import type { TCredentialsRoutesOptions } from './credentials.routes.ts';

/** The staff console's part of credentials (issue 40): revoking a certificate, rotating the key. */
export const credentialsAdminRoutes: FastifyPluginAsyncZod<TCredentialsRoutesOptions> = async (
  app,
  { credentials },
) => {
  const tags = ['admin'];
  const preValidation = app.guards.requireStaff;

  app.post(
    '/admin/certificates/revoke',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Revokes a certificate with the reason: its credential’s status bit is set; audited',
        body: ZRevokeCertificateRequest,
        response: { 200: ZRevokeCertificateResponse },
      },
    },
    async (request) => ({
      status: true,
      ...(await credentials.revoke(request.member!, request.body.certificateNumber, request.body.reason)),
    }),
  );

  app.post(
    '/admin/credential-keys/rotate',
    {
      preValidation,
      schema: {
        tags,
        summary: 'A new signing key for credentials; the old ones stay published so their credentials verify',
        body: ZRotateCredentialKeyRequest,
        response: { 200: ZRotateCredentialKeyResponse },
      },
    },
    async (request) => ({ status: true, ...(await credentials.rotateKey(request.member!)) }),
  );
};
