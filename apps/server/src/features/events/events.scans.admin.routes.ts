import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminEventParams,
  ZAdminEventScansResponse,
  ZDoorCodesResponse,
  ZScanCorrectionRequest,
  ZScanCorrectionResponse,
  ZScanningRequest,
  ZScanningResponse,
} from '@opence/shared/schemas';
import type { TScansService } from './events.scans.service.ts';

const tags = ['admin'];

/**
 * Staff side of in-person scanning (issue 42): turn it on with the minimum presence, the door
 * screen's codes, the scans with each member's evidence, corrections with a reason.
 */
export const eventScansAdminRoutes: FastifyPluginAsyncZod<{ scans: TScansService }> = async (
  app,
  { scans },
) => {
  app.addHook('preValidation', app.guards.requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.put(
    '/admin/in-person-events/:id/scanning',
    {
      schema: {
        tags,
        summary: 'Turns scan-in and scan-out on or off for an event, with its minimum presence',
        params: ZAdminEventParams,
        body: ZScanningRequest,
        response: { 200: ZScanningResponse },
      },
    },
    async (request) => scans.setScanning(request.member!.id, request.params.id, request.body),
  );

  app.get(
    '/admin/in-person-events/:id/door-codes',
    {
      schema: {
        tags,
        summary: 'The entry and exit codes of the current window, with their QR codes, for the door screen',
        params: ZAdminEventParams,
        response: { 200: ZDoorCodesResponse },
      },
    },
    async (request) => scans.doorCodes(request.params.id),
  );

  app.get(
    '/admin/in-person-events/:id/scans',
    {
      schema: {
        tags,
        summary: 'Every member who scanned at the event, with their scans, minutes present and decision',
        params: ZAdminEventParams,
        response: { 200: ZAdminEventScansResponse },
      },
    },
    async (request) => scans.eventScans(request.params.id),
  );

  app.post(
    '/admin/in-person-events/:id/scan-corrections',
    {
      schema: {
        tags,
        summary: 'Adds a missing scan or removes a wrong one, with the reason (logged)',
        params: ZAdminEventParams,
        body: ZScanCorrectionRequest,
        response: { 200: ZScanCorrectionResponse },
      },
    },
    async (request) => scans.correct(request.member!.id, request.params.id, request.body),
  );
};
