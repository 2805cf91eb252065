import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTrackerIdQuery, ZTrackerPlanBookingResponse, ZTrackerPlanResponse } from '@opence/shared/schemas';
import type { TTrackerPlans } from './tracker.plan.service.ts';

export type TTrackerPlanRoutesOptions = { plans: TTrackerPlans };

/** The renewal plan of one of the member's licences (issue 41): the plan, its booking, its calendar. Member-only. */
export const trackerPlanRoutes: FastifyPluginAsyncZod<TTrackerPlanRoutesOptions> = async (app, { plans }) => {
  const tags = ['tracker'];
  const preHandler = app.guards.requireMember;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/tracker/plan',
    {
      preHandler,
      schema: {
        tags,
        summary: 'A dated plan of free courses that meets the licence’s gap before its deadline',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerPlanResponse },
      },
    },
    async (request) => ({
      status: true as const,
      plan: await plans.plan(request.member!, request.query.id),
    }),
  );

  app.post(
    '/tracker/plan-booking',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Reserves a seat in every live session of the plan; says which seats were taken',
        querystring: ZTrackerIdQuery,
        response: { 200: ZTrackerPlanBookingResponse },
      },
    },
    async (request) => ({
      status: true as const,
      ...(await plans.bookPlan(request.member!, request.query.id)),
    }),
  );

  app.get(
    '/tracker/plan-calendar',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The plan as one iCalendar (.ics) file',
        querystring: ZTrackerIdQuery,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const { filename, body } = await plans.planCalendar(request.member!, request.query.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
