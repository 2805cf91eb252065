import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZSupportRequest, ZSupportResponse } from '@opence/shared/schemas';
import type { TSupportService } from './support.service.ts';

export type TSupportRoutesOptions = { support: TSupportService };

/** POST /api/support (01 §7): visitors and members may write to support. */
export const supportRoutes: FastifyPluginAsyncZod<TSupportRoutesOptions> = async (app, { support }) => {
  app.post(
    '/support',
    {
      schema: {
        tags: ['support'],
        summary: 'Sends a message to support',
        body: ZSupportRequest,
        response: { 200: ZSupportResponse, 400: ZApiError, 429: ZApiError },
      },
      preHandler: app.guards.optionalMember,
    },
    async (request) => {
      const { hash, s: _token, ...form } = request.body;
      await support.send(form, { member: request.member, hash, address: request.ip });
      return { status: true };
    },
  );
};
