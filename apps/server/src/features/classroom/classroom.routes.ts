import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClassQuery,
  ZClassResponse,
  ZClassViewResponse,
  ZMemberClassQuery,
  ZQueueAddResponse,
  ZQueueRequest,
  ZRemoveQueueResponse,
  ZSaveAffidavitRequest,
  ZStatusResponse,
} from '@opence/shared/schemas';
import { requestToken } from '../../domain/sessions.ts';
import type { TClassroomService } from './classroom.service.ts';

export type TClassroomRoutesOptions = { classroom: TClassroomService };

/** The classroom calls of 02 §7: class, class-view, save-affidavit, queue-add, remove-queue. */
export const classroomRoutes: FastifyPluginAsyncZod<TClassroomRoutesOptions> = async (app, { classroom }) => {
  // Every answer here is about one member: never cached by the browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/class',
    {
      // A visitor or a member: the service reads the token's session itself, in the same
      // statement as the member's rows (the live room's poll, issue 21).
      schema: {
        tags: ['classroom'],
        summary: 'A class with the member’s record on it and whether the exam area shows',
        querystring: ZClassQuery,
        response: { 200: ZClassResponse },
      },
    },
    async (request) => {
      const { c, tzOffsetMin } = request.query;
      return { status: true, ...(await classroom.getClass(requestToken(request), c, { tzOffsetMin })) };
    },
  );

  app.get(
    '/class-view',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags: ['classroom'],
        summary: 'Logs a view of the class (the class enters CE in Progress)',
        querystring: ZMemberClassQuery,
        response: { 200: ZClassViewResponse },
      },
    },
    async (request) => ({
      status: true,
      gradebookId: await classroom.logView(request.member!, request.query.c),
    }),
  );

  app.post(
    '/save-affidavit',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags: ['classroom'],
        summary: 'Records the attendance confirmation',
        body: ZSaveAffidavitRequest,
        response: { 200: ZStatusResponse },
      },
    },
    async (request) => {
      await classroom.saveAffidavit(request.member!, request.body.c, request.body.attended);
      return { status: true };
    },
  );

  app.post(
    '/queue-add',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags: ['classroom'],
        summary: 'Adds the class to Watch Later',
        body: ZQueueRequest,
        response: { 200: ZQueueAddResponse },
      },
    },
    async (request) => ({
      status: true,
      queueId: await classroom.addToQueue(request.member!, request.body.c),
    }),
  );

  app.get(
    '/remove-queue',
    {
      preHandler: app.guards.requireMember,
      schema: {
        tags: ['classroom'],
        summary: 'Removes the class from Watch Later',
        querystring: ZQueueRequest,
        response: { 200: ZRemoveQueueResponse },
      },
    },
    async (request) => {
      const hash = await classroom.removeFromQueue(request.member!, request.query.c);
      return { status: true, classObj: { status: true, hash } };
    },
  );
};
