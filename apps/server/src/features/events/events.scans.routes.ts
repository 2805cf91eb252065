import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZScanRequest, ZScanResponse } from '@opence/shared/schemas';
import type { TScansService } from './events.scans.service.ts';

const tags = ['events'];

/** A member scans an in-person event's door code, in or out (issue 42). */
export const eventScansRoutes: FastifyPluginAsyncZod<{ scans: TScansService }> = async (app, { scans }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/event-scan',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags,
        summary:
          'Records the member’s scan-in or scan-out by a door code of the current or previous window; a repeated scan changes nothing',
        body: ZScanRequest,
        response: { 200: ZScanResponse },
      },
    },
    async (request) => scans.scan(request.member!.id, request.body.code, request.ip),
  );
};
