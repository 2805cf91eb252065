import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { credentialFileName } from '@opence/shared';
import {
  ZCredentialFileParams,
  ZCredentialStatusParams,
  ZVerifyCredentialRequest,
  ZVerifyCredentialResponse,
} from '@opence/shared/schemas';
import { notFound } from '../../lib/api-errors.ts';
import type { TCredentialsService } from './credentials.service.ts';

export type TCredentialsRoutesOptions = { credentials: TCredentialsService };

/** A credential file is small: 64 KB is many times a certificate's credential. */
const CREDENTIAL_BODY_LIMIT = 64 * 1024;

/**
 * Open Badges credentials (issue 40): a certificate's credential by its number (like its PDF), the
 * revocation list any verifier reads, and the verify page's check of a file.
 */
export const credentialsRoutes: FastifyPluginAsyncZod<TCredentialsRoutesOptions> = async (
  app,
  { credentials },
) => {
  const tags = ['credentials'];

  app.get(
    '/credential/:file',
    {
      schema: {
        tags,
        summary:
          'The certificate’s Open Badges 3.0 credential (VC 2.0, eddsa-rdfc-2022): the unguessable number grants access',
        params: ZCredentialFileParams,
      },
    },
    async (request, reply) => {
      const number = request.params.file.replace(/\.json$/, '');
      const credential = await credentials.credential(number);
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${credentialFileName(number)}"`)
        .send(JSON.stringify(credential, null, 2));
    },
  );

  app.get(
    '/credential-status/:list',
    {
      schema: {
        tags,
        summary: 'The site’s revocation list (Bitstring Status List 1.0), signed',
        params: ZCredentialStatusParams,
      },
    },
    async (request, reply) => {
      if (request.params.list !== '1') throw notFound();
      // Short: a revocation reaches verifiers within a minute.
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=60')
        .send(JSON.stringify(await credentials.statusList()));
    },
  );

  app.post(
    '/verify-credential',
    {
      bodyLimit: CREDENTIAL_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Checks a credential file: valid, tampered (changed after signing), revoked, or unknown (not this site’s)',
        body: ZVerifyCredentialRequest,
        response: { 200: ZVerifyCredentialResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: true, ...(await credentials.verify(request.body.credential)) };
    },
  );
};

/** /.well-known/did.json: the provider's did:web document with every signing key it used. */
export const didDocumentRoute: FastifyPluginAsync<TCredentialsRoutesOptions> = async (
  app,
  { credentials },
) => {
  app.get('/.well-known/did.json', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .send(JSON.stringify(await credentials.didDocument())),
  );
};
