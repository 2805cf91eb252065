import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCertificateLicencesRequest,
  ZCertificatePdfParams,
  ZCertificateQuery,
  ZCertificateResponse,
  ZSendCertResponse,
  ZVerifyQuery,
  ZVerifyResponse,
} from '@opence/shared/schemas';
import type { TCertificatesService } from './certificates.service.ts';

export type TCertificatesRoutesOptions = { certificates: TCertificatesService };

/** The certificate modal's data, the PDF behind its number, send-cert (02 §7) and the public verification (03 §7). */
export const certificatesRoutes: FastifyPluginAsyncZod<TCertificatesRoutesOptions> = async (
  app,
  { certificates },
) => {
  const tags = ['certificates'];

  app.get(
    '/certificate',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'What the certificate modal shows for the member’s class or podcast',
        querystring: ZCertificateQuery,
        response: { 200: ZCertificateResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { c, p } = request.query;
      return { status: true, certificate: await certificates.details(request.member!, { c, p }) };
    },
  );

  app.post(
    '/certificate-licences',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'Chooses the licences the member’s certificate of a class or podcast names',
        body: ZCertificateLicencesRequest,
        response: { 200: ZCertificateResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { c, p, licenceIds } = request.body;
      return {
        status: true,
        certificate: await certificates.chooseLicences(request.member!, { c, p }, licenceIds),
      };
    },
  );

  app.get(
    '/certificate/:file',
    {
      schema: {
        tags,
        summary: 'The certificate PDF (certUrl): the unguessable number grants access',
        params: ZCertificatePdfParams,
      },
    },
    async (request, reply) => {
      const number = request.params.file.replace(/\.pdf$/, '');
      const { bytes, fileName } = await certificates.pdf(number);
      // Not cached: the certificate follows the provider's current settings (decision 1004).
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Confirms a certificate: holder, course, date and credits',
        querystring: ZVerifyQuery,
        response: { 200: ZVerifyResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: true, ...(await certificates.verify(request.query.n)) };
    },
  );

  app.post(
    '/send-cert',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary: 'E-mails the certificate PDF to the member',
        body: ZCertificateQuery,
        response: { 200: ZSendCertResponse },
      },
    },
    async (request) => {
      const { c, p } = request.body;
      await certificates.send(request.member!, { c, p });
      return { status: true };
    },
  );
};
