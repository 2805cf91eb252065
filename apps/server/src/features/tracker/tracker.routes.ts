import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCertificateImportConfirm,
  ZCertificateImportResponse,
  ZTrackerCertificateInput,
  ZTrackerCertificateResponse,
  ZTrackerCertificatesResponse,
  ZTrackerCheckInput,
  ZTrackerIdQuery,
  ZTrackerLicenceInput,
  ZTrackerLicenceResponse,
  ZTrackerLicencesResponse,
  ZTrackerOkResponse,
  ZTrackerProposalQuery,
  ZTrackerProposalResponse,
  ZTrackerStandingResponse,
  ZTrackerTopicsResponse,
} from '@opence/shared/schemas';
import { z } from 'zod';
import { incomingUpload, registerUploads } from '../../lib/uploads/uploads.ts';
import { createPackLimiter } from './tracker.packs.ts';
import { CERTIFICATE_MAX_BYTES } from './tracker.certificates.service.ts';
import type { TTrackerService } from './tracker.service.ts';

export type TTrackerRoutesOptions = { tracker: TTrackerService };

/** The CE tracker (issue 23): licences, where I stand, certificates from elsewhere. Member-only. */
export const trackerRoutes: FastifyPluginAsyncZod<TTrackerRoutesOptions> = async (app, { tracker }) => {
  await registerUploads(app, CERTIFICATE_MAX_BYTES);
  const tags = ['tracker'];
  const preHandler = app.guards.requireMember;
  // Audit packs are built a few at a time, one per member (issue 37 row 2, 0932).
  const packs = createPackLimiter();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/tracker/topics',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The controlled topic list (mandatory topics and AGD subject codes)',
        response: { 200: ZTrackerTopicsResponse },
      },
    },
    async () => ({ status: true as const, topics: await tracker.topics() }),
  );

  app.get(
    '/tracker/licences',
    {
      preHandler,
      schema: { tags, summary: 'The member’s licences', response: { 200: ZTrackerLicencesResponse } },
    },
    async (request) => ({ status: true as const, licences: await tracker.licences(request.member!) }),
  );

  app.post(
    '/tracker/licences',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Adds a licence with its CE period',
        body: ZTrackerLicenceInput,
        response: { 200: ZTrackerLicenceResponse },
      },
    },
    async (request) => ({
      status: true as const,
      licence: await tracker.createLicence(request.member!, request.body),
    }),
  );

  app.put(
    '/tracker/licence',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Changes one of the member’s licences',
        querystring: ZTrackerIdQuery,
        body: ZTrackerLicenceInput,
        response: { 200: ZTrackerLicenceResponse },
      },
    },
    async (request) => ({
      status: true as const,
      licence: await tracker.updateLicence(request.member!, request.query.id, request.body),
    }),
  );

  app.delete(
    '/tracker/licence',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Deletes one of the member’s licences (restorable for a few minutes)',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerOkResponse },
      },
    },
    async (request) => {
      await tracker.deleteLicence(request.member!, request.query.id);
      return { status: true as const };
    },
  );

  app.post(
    '/tracker/licence-restore',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Restores a licence deleted within the last minutes (the undo of a delete)',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerLicenceResponse },
      },
    },
    async (request) => ({
      status: true as const,
      licence: await tracker.restoreLicence(request.member!, request.query.id),
    }),
  );

  app.put(
    '/tracker/licence-check',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Marks one of a licence’s requirements done on a day (an assessment passed, a one-off course, a card), or removes the mark',
        querystring: ZTrackerIdQuery,
        body: ZTrackerCheckInput,
        response: { 200: ZTrackerLicenceResponse },
      },
    },
    async (request) => ({
      status: true as const,
      licence: await tracker.setCheck(request.member!, request.query.id, {
        key: request.body.key,
        doneOn: request.body.doneOn,
      }),
    }),
  );

  app.get(
    '/tracker/proposed-period',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'The CE period the state’s cycle rule proposes, or the questions it needs answered, with the rule, its sources and the licence questions its requirements depend on',
        querystring: ZTrackerProposalQuery,
        response: { 200: ZTrackerProposalResponse },
      },
    },
    async (request) => ({ status: true as const, ...(await tracker.propose(request.query)) }),
  );

  app.get(
    '/tracker/standing',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Where the member stands for a licence: requirements, what counts and why not, days left, the gap',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerStandingResponse },
      },
    },
    async (request) => ({
      status: true as const,
      standing: await tracker.standing(request.member!, request.query.id),
    }),
  );

  app.get(
    '/tracker/certificates',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The member’s certificates from other providers',
        response: { 200: ZTrackerCertificatesResponse },
      },
    },
    async (request) => ({
      status: true as const,
      certificates: await tracker.certificates(request.member!),
      storage: await tracker.storage(request.member!),
    }),
  );

  app.post(
    '/tracker/certificates',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Adds a certificate from another provider (its file is sent next, to certificate-file)',
        body: ZTrackerCertificateInput,
        response: { 200: ZTrackerCertificateResponse },
      },
    },
    async (request) => ({
      status: true as const,
      certificate: await tracker.createCertificate(request.member!, request.body),
    }),
  );

  app.put(
    '/tracker/certificate',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Changes one of the member’s certificates',
        querystring: ZTrackerIdQuery,
        body: ZTrackerCertificateInput,
        response: { 200: ZTrackerCertificateResponse },
      },
    },
    async (request) => ({
      status: true as const,
      certificate: await tracker.updateCertificate(request.member!, request.query.id, request.body),
    }),
  );

  app.delete(
    '/tracker/certificate',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Deletes one of the member’s certificates (restorable for a few minutes, its file kept that long)',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerOkResponse },
      },
    },
    async (request) => {
      await tracker.deleteCertificate(request.member!, request.query.id);
      return { status: true as const };
    },
  );

  app.post(
    '/tracker/certificate-restore',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Restores a certificate deleted within the last minutes, with its file (the undo of a delete)',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerCertificateResponse },
      },
    },
    async (request) => ({
      status: true as const,
      certificate: await tracker.restoreCertificate(request.member!, request.query.id),
    }),
  );

  app.post(
    '/tracker/certificate-file',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Uploads the certificate’s file (multipart field `file`: PDF, JPEG or PNG up to 10 MB), kept privately',
        consumes: ['multipart/form-data'],
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerCertificateResponse },
      },
    },
    async (request) => ({
      status: true as const,
      certificate: await tracker.attachFile(request.member!, request.query.id, await incomingUpload(request)),
    }),
  );

  // Importing another provider's certificate (issue 41): read for review, then confirmed.
  app.post(
    '/tracker/certificate-import',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Reads a certificate from another provider (multipart field `file`: PDF, JPEG or PNG photo, or an Open Badges JSON credential, up to 10 MB) into fields to review; nothing is saved until it is confirmed',
        consumes: ['multipart/form-data'],
        response: { 200: ZCertificateImportResponse },
      },
    },
    async (request) => ({
      status: true as const,
      import: await tracker.importCertificate(request.member!, await incomingUpload(request)),
    }),
  );

  app.post(
    '/tracker/certificate-import-confirm',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'Saves an imported certificate as the member reviewed it, with its file and what vouched for it (the QR code, a credential’s verification)',
        body: ZCertificateImportConfirm,
        response: { 200: ZTrackerCertificateResponse },
      },
    },
    async (request) => ({
      status: true as const,
      certificate: await tracker.confirmImport(request.member!, request.body),
    }),
  );

  app.get(
    '/tracker/certificate-file',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Downloads the member’s own certificate file',
        querystring: ZTrackerIdQuery,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const file = await tracker.file(request.member!, request.query.id);
      return sendFile(reply, file);
    },
  );

  app.get(
    '/tracker/audit-pack',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'The audit pack: a PDF transcript of one licence and period (courses, totals against each requirement)',
        querystring: ZTrackerIdQuery,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const release = await packs.acquire(request.member!.id);
      try {
        const { bytes, fileName } = await tracker.auditPack(request.member!, request.query.id);
        return sendFile(reply, { bytes, contentType: 'application/pdf', name: fileName });
      } finally {
        release();
      }
    },
  );

  app.get(
    '/tracker/audit-pack-zip',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'The audit pack as a ZIP: the PDF transcript and every certificate of the period (the site’s PDFs and the uploaded files)',
        querystring: ZTrackerIdQuery,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      // The turn is held until the last byte is sent or the client goes away (0932).
      const release = await packs.acquire(request.member!.id);
      let pack: Awaited<ReturnType<typeof tracker.auditPackZip>>;
      try {
        pack = await tracker.auditPackZip(request.member!, request.query.id);
      } catch (error) {
        release();
        throw error;
      }
      const { stream, fileName } = pack;
      stream.once('close', release);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};

/** A file as a download, never shown inline; its name made safe for the header. */
export function sendFile(reply: FastifyReply, file: { bytes: Buffer; contentType: string; name: string }) {
  const safeName = file.name.replace(/[^\w.-]+/g, '_');
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}
