import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import type { TSynonymSource } from '../../domain/search-synonyms.ts';
import type { TStorage } from '../../lib/storage.ts';
import { agdRoutes } from './agd/agd.routes.ts';
import { attendanceRoutes } from './attendance/attendance.routes.ts';
import { createAttendanceService } from './attendance/attendance.service.ts';
import type { TAgdSubmissions } from './agd/agd.service.ts';
import { authoringRoutes } from './authoring/authoring.routes.ts';
import { createAuthoringService } from './authoring/authoring.service.ts';
import { editorsRoutes } from './authoring/editors.routes.ts';
import { createExamEditor } from './authoring/exam-editor.service.ts';
import { createSiteEditor } from './authoring/site-editor.service.ts';
import { createSurveyEditor } from './authoring/survey-editor.service.ts';
import { createClassReports } from './operations/class-reports.service.ts';
import { createDashboard } from './operations/dashboard.service.ts';
import { createLogs } from './operations/logs.service.ts';
import { createMembersAdmin, type TMemberActions } from './operations/members.service.ts';
import { operationsRoutes } from './operations/operations.routes.ts';
import { createSponsorReports } from './operations/sponsor-reports.service.ts';
import { searchSynonymsRoutes } from './search-synonyms/search-synonyms.routes.ts';
import { createSynonymsEditor } from './search-synonyms/search-synonyms.service.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { createUploadsService } from './uploads/uploads.service.ts';

export type TAdminRoutesOptions = {
  db: Kysely<DB>;
  dialect: TDialectName;
  storage: TStorage;
  /** The AGD submissions; app.ts also hands them to the scheduler. */
  agd: TAgdSubmissions;
  /** Forgets the site's cached settings, so a change shows at once in this process. */
  invalidateSettings: () => void;
  /** Wakes the mail worker after a mail was put back to pending. */
  mailQueued: () => void;
  /** Member actions other features own; an action not given has no route. */
  memberActions: TMemberActions;
  /** Search's synonym list, forgotten by this process after an edit. */
  synonyms: TSynonymSource;
};

/**
 * The staff console's API under /api/admin (03 §10). Every route registered here, in any
 * sub-plugin, is behind the staff guard.
 */
export const adminRoutes: FastifyPluginAsyncZod<TAdminRoutesOptions> = async (app, opts) => {
  const { db } = opts;
  // preValidation, not preHandler: a visitor gets 401 and a member 403 before their input is
  // even validated, so a refusal never tells them what a staff route expects.
  app.addHook('preValidation', app.guards.requireStaff);

  await app.register(authoringRoutes, { authoring: createAuthoringService({ db }) });
  await app.register(editorsRoutes, {
    exams: createExamEditor({ db }),
    surveys: createSurveyEditor({ db }),
    site: createSiteEditor({ db, invalidateSettings: opts.invalidateSettings }),
  });
  await app.register(uploadsRoutes, { uploads: createUploadsService({ db, storage: opts.storage }) });
  await app.register(operationsRoutes, {
    dashboard: createDashboard({ db, dialect: opts.dialect }),
    classReports: createClassReports({ db }),
    sponsorReports: createSponsorReports({ db }),
    members: createMembersAdmin({ db }),
    memberActions: opts.memberActions,
    logs: createLogs({ db, mailQueued: opts.mailQueued }),
  });
  await app.register(agdRoutes, { agd: opts.agd });
  await app.register(attendanceRoutes, { attendance: createAttendanceService({ db }) });
  await app.register(searchSynonymsRoutes, { editor: createSynonymsEditor({ db, synonyms: opts.synonyms }) });
};
