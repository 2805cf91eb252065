import { z } from 'zod';
import { ZToken } from '../api.schema.ts';
import { OfficeTexts as T } from '../texts/offices.ts';
import { ZTrackerDay, ZTrackerId, ZTrackerLicenceType } from '../tracker/tracker.schema.ts';
import { OFFICE_ROLES, OFFICE_STATUSES } from './offices.rules.ts';

/*
 * Offices (issue 43, decisions 1163–1167): a member's offices, invites and joining with consent,
 * the manager's board read from the CE tracker's standing, assignments and the roster export.
 * Added beside the spec's routes; every call carries the session as `s` like the tracker's.
 */

const ZSession = { s: ZToken.optional() };
const ZYes = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const ZOfficeIdQuery = z.object({ ...ZSession, id: ZTrackerId });
export type TOfficeIdQuery = z.infer<typeof ZOfficeIdQuery>;

export const ZOfficeInput = z.object({
  ...ZSession,
  name: z.string({ error: T.NAME_REQUIRED }).trim().min(1, T.NAME_REQUIRED).max(120),
  address: z.string({ error: T.ADDRESS_REQUIRED }).trim().min(1, T.ADDRESS_REQUIRED).max(300),
  state: z
    .string({ error: T.STATE_REQUIRED })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, T.STATE_REQUIRED),
});
export type TOfficeInput = z.infer<typeof ZOfficeInput>;

export const ZOfficeInviteInput = z.object({
  ...ZSession,
  id: ZTrackerId,
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email(T.BAD_EMAIL).optional()),
});
export type TOfficeInviteInput = z.input<typeof ZOfficeInviteInput>;

export const ZOfficeInviteResponse = z.object({
  status: z.literal(true),
  link: z.string().describe('The invite link (also mailed where an e-mail was given).'),
  mailedTo: z.string().nullable(),
});

export const ZOfficeTokenQuery = z.object({ ...ZSession, t: z.string().trim().min(1).max(200) });

export const ZOfficeInvitePreviewResponse = z.object({
  status: z.literal(true),
  office: z.object({ name: z.string(), state: z.string(), organisation: z.string().nullable() }),
  isMember: z.boolean(),
});

export const ZOfficeSharing = z.object({ sharesDeadlines: ZYes, sharesHours: ZYes });
export const ZOfficeJoinInput = z
  .object({ ...ZSession, t: z.string().trim().min(1).max(200) })
  .extend(ZOfficeSharing.shape);
export type TOfficeJoinInput = z.input<typeof ZOfficeJoinInput>;
export const ZOfficeSharingInput = z.object({ ...ZSession, id: ZTrackerId }).extend(ZOfficeSharing.shape);
export type TOfficeSharingInput = z.input<typeof ZOfficeSharingInput>;

export const ZOfficeAssignment = z.object({
  id: z.string(),
  officeId: z.string(),
  officeName: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  dueOn: z.string(),
  doneAt: z.string().nullable(),
  status: z.enum(['open', 'done', 'overdue']),
});
export type TOfficeAssignment = z.infer<typeof ZOfficeAssignment>;

export const ZOfficeSummary = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  state: z.string(),
  role: z.enum(OFFICE_ROLES),
  sharesDeadlines: z.boolean(),
  sharesHours: z.boolean(),
  people: z.number().int(),
  isLastManager: z.boolean(),
  organisation: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe('The organisation (DSO) the office is in; its managers see the office’s board.'),
});
export type TOfficeSummary = z.infer<typeof ZOfficeSummary>;

export const ZOfficesResponse = z.object({
  status: z.literal(true),
  offices: z.array(ZOfficeSummary),
  assignments: z.array(ZOfficeAssignment),
});
export type TOfficesResponse = z.infer<typeof ZOfficesResponse>;

export const ZOfficeResponse = z.object({ status: z.literal(true), office: ZOfficeSummary });
export const ZOfficeOkResponse = z.object({ status: z.literal(true) });

export const ZOfficeBoardQuery = z.object({
  ...ZSession,
  id: ZTrackerId,
  status: z.enum(OFFICE_STATUSES).optional(),
  licenceType: ZTrackerLicenceType.optional(),
});
export type TOfficeBoardQuery = z.infer<typeof ZOfficeBoardQuery>;

/** One licence as the office sees it: null parts were not shared by its holder. */
export const ZOfficeBoardLicence = z.object({
  licenceType: z.string(),
  state: z.string(),
  periodEnd: z.string(),
  daysLeft: z.number().int(),
  needs: z
    .array(z.object({ label: z.string(), hours: z.number().nullable() }))
    .nullable()
    .describe(
      'Each requirement still missing with its hours (null: not counted in hours); null: not shared.',
    ),
  status: z.enum(OFFICE_STATUSES).nullable().describe('null: hours not shared.'),
});
export type TOfficeBoardLicence = z.infer<typeof ZOfficeBoardLicence>;

export const ZOfficeBoardPerson = z.object({
  memberId: z.string(),
  name: z.string(),
  role: z.enum(OFFICE_ROLES),
  sharesDeadlines: z.boolean(),
  sharesHours: z.boolean(),
  licences: z.array(ZOfficeBoardLicence),
  assignments: z.array(ZOfficeAssignment.omit({ officeId: true, officeName: true })),
});
export type TOfficeBoardPerson = z.infer<typeof ZOfficeBoardPerson>;

export const ZOfficeBoardResponse = z.object({
  status: z.literal(true),
  office: ZOfficeSummary,
  people: z.array(ZOfficeBoardPerson),
});
export type TOfficeBoardResponse = z.infer<typeof ZOfficeBoardResponse>;

const ZAssignmentUrl = z
  .string()
  .trim()
  .max(500)
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(
    z
      .string()
      .regex(/^(https:\/\/[^\s]+|\/[^\s/][^\s]*)$/, T.BAD_URL)
      .optional(),
  );

export const ZOfficeAssignInput = z.object({
  ...ZSession,
  id: ZTrackerId,
  memberId: ZTrackerId,
  title: z.string({ error: T.TITLE_REQUIRED }).trim().min(1, T.TITLE_REQUIRED).max(200),
  url: ZAssignmentUrl,
  dueOn: ZTrackerDay,
});
export type TOfficeAssignInput = z.input<typeof ZOfficeAssignInput>;

export const ZOfficeRosterQuery = z.object({ ...ZSession, id: ZTrackerId, format: z.enum(['csv', 'pdf']) });

/* The DSO level (decisions 1167, 1168): an organisation groups offices under managers "for all". */

export const ZOrganisationInput = z.object({
  ...ZSession,
  name: z.string({ error: T.ORG_NAME_REQUIRED }).trim().min(1, T.ORG_NAME_REQUIRED).max(120),
});
export type TOrganisationInput = z.input<typeof ZOrganisationInput>;

export const ZOrganisationOffice = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  people: z.number().int(),
});

export const ZOrganisationSummary = z.object({
  id: z.string(),
  name: z.string(),
  managers: z.number().int(),
  isLastManager: z.boolean(),
  offices: z.array(ZOrganisationOffice),
});
export type TOrganisationSummary = z.infer<typeof ZOrganisationSummary>;

export const ZOrganisationsResponse = z.object({
  status: z.literal(true),
  organisations: z.array(ZOrganisationSummary),
});
export type TOrganisationsResponse = z.infer<typeof ZOrganisationsResponse>;
export const ZOrganisationResponse = z.object({
  status: z.literal(true),
  organisation: ZOrganisationSummary,
});

export const ZOrganisationInvitePreviewResponse = z.object({
  status: z.literal(true),
  organisation: z.object({ name: z.string() }),
  offices: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('The offices the member manages that are in no organisation yet.'),
});
export type TOrganisationInvitePreviewResponse = z.infer<typeof ZOrganisationInvitePreviewResponse>;

export const ZOrganisationJoinInput = z.object({
  ...ZSession,
  t: z.string().trim().min(1).max(200),
  officeId: ZTrackerId,
});
export type TOrganisationJoinInput = z.input<typeof ZOrganisationJoinInput>;

export const ZOrganisationOfficeInput = z.object({ ...ZSession, id: ZTrackerId, officeId: ZTrackerId });
export type TOrganisationOfficeInput = z.input<typeof ZOrganisationOfficeInput>;

export const ZOrganisationBoardQuery = z.object({
  ...ZSession,
  id: ZTrackerId,
  officeId: ZTrackerId.optional(),
  status: z.enum(OFFICE_STATUSES).optional(),
  licenceType: ZTrackerLicenceType.optional(),
});
export type TOrganisationBoardQuery = z.infer<typeof ZOrganisationBoardQuery>;

export const ZOrganisationBoardPerson = ZOfficeBoardPerson.extend({
  officeId: z.string(),
  officeName: z.string(),
});
export type TOrganisationBoardPerson = z.infer<typeof ZOrganisationBoardPerson>;

export const ZOrganisationBoardResponse = z.object({
  status: z.literal(true),
  organisation: ZOrganisationSummary,
  people: z.array(ZOrganisationBoardPerson),
});
export type TOrganisationBoardResponse = z.infer<typeof ZOrganisationBoardResponse>;

export const ZOrganisationRosterQuery = z.object({
  ...ZSession,
  id: ZTrackerId,
  officeId: ZTrackerId.optional(),
  format: z.enum(['csv', 'pdf']),
});

/* A second manager (decision 1169): a manager sets a colleague's role; stepping down is one's own. */
export const ZOfficeRoleInput = z.object({
  ...ZSession,
  id: ZTrackerId,
  memberId: ZTrackerId.optional().describe('The colleague; the caller themselves when left out.'),
  role: z.enum(OFFICE_ROLES),
});
export type TOfficeRoleInput = z.input<typeof ZOfficeRoleInput>;

export const ZOrganisationPromoteInput = z.object({ ...ZSession, id: ZTrackerId, memberId: ZTrackerId });
export type TOrganisationPromoteInput = z.input<typeof ZOrganisationPromoteInput>;
