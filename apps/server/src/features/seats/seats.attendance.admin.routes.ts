import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAttendanceConfirmRequest,
  ZAttendanceConfirmResponse,
  ZAttendancePreviewRequest,
  ZAttendancePreviewResponse,
} from '@opence/shared/schemas';
import type { TAttendanceService } from './seats.attendance.admin.service.ts';

const tags = ['admin'];

/**
 * The staff console's part of live webinars: verified attendance (issue 25), the participant
 * report's preview and confirmation. app.ts registers it under /api; every route is behind the
 * staff guard before validation, like every route under /api/admin.
 */
export const attendanceAdminRoutes: FastifyPluginAsyncZod<{ attendance: TAttendanceService }> = async (
  app,
  { attendance },
) => {
  app.addHook('preValidation', app.guards.requireStaff);
  app.post(
    '/admin/attendance-preview',
    {
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Reads a participant report (CSV) for a live webinar and shows what it would verify',
        body: ZAttendancePreviewRequest,
        response: { 200: ZAttendancePreviewResponse },
      },
    },
    async (request) => attendance.preview(request.member!.id, request.body),
  );

  app.post(
    '/admin/attendance-confirm',
    {
      schema: {
        tags,
        summary: 'Confirms a previewed report: live credit follows it (replaces an earlier one)',
        body: ZAttendanceConfirmRequest,
        response: { 200: ZAttendanceConfirmResponse },
      },
    },
    async (request) => attendance.confirm(request.member!.id, request.body.id),
  );
};
