import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProfile } from '../../src/features/accounts/accounts.fixtures.ts';
import { newSecretToken } from '../../src/lib/ids.ts';
import { createSession } from '../../src/domain/sessions.ts';
import { buildTestApp, type TTestApp } from '../build-test-app.ts';
import {
  setCertificateProvider,
  createEbook,
  createMember,
  createSurvey,
  DEFAULT_PASSWORD,
} from '../factories.ts';
import { listRoutes, NOT_API_ROUTES } from '../route-table.ts';
import {
  createLearningContent,
  createMemberWithRecords,
  identifyingValues,
  type TLearningContent,
  type TMemberRecords,
} from './member-records.ts';

/*
 * Who may call what, for every route of the route table: a route missing from ROUTE_ACCESS
 * fails the first test, so a new route cannot ship unclassified.
 * - member: needs a live session; refused (401) without one, with a made-up one, and with one
 *   ended by logout or by a password change; with another member's session and the first
 *   member's ids it answers that member's own (empty) data or a refusal, never the first's.
 * - public: a visitor may call it; a signed-in member still sees only their own records.
 * - credential: the request itself carries the credential (a session token or a mailed token
 *   in the body, an unguessable certificate number or cancel code): checked one by one below.
 * - staff: every staff route lies under /api/admin, where admin.routes.test.ts refuses a
 *   member (403) and a missing, unknown or ended session (401) on each.
 */

type TIds = TMemberRecords & { content: TLearningContent; ebookHash: string; survey: TSurvey };
type TSurvey = Awaited<ReturnType<typeof createSurvey>>;
type TCall = { query?: Record<string, string>; body?: Record<string, unknown> };
type TAccess =
  | { access: 'member'; call: (ids: TIds) => TCall }
  | { access: 'public'; call?: (ids: TIds) => TCall }
  | { access: 'credential'; checkedBy: string };

const byClass = (ids: TIds) => ({ c: ids.content.onDemand.hash });
const byWebinar = (ids: TIds) => ({ c: ids.content.webinar.hash });
const ratings = Object.fromEntries(
  [
    'courseObjectives',
    'courseUseful',
    'courseAppropriate',
    'courseLogical',
    'instructorCommunication',
    'instructorPreparedness',
    'instructorEffectiveness',
    'sitePresentation',
    'siteNavigation',
    'siteComparison',
  ].map((name) => [name, 4]),
);

const trackerLicence = {
  state: 'NY',
  licenceType: 'dentist',
  licenceNumber: 'T-1',
  periodStart: '2026-01-01',
  periodEnd: '2028-12-31',
};
const trackerCertificate = {
  provider: 'Another provider',
  title: 'A course',
  completedOn: '2026-02-02',
  hours: 1,
  delivery: 'self_study',
};

const ROUTE_ACCESS: Record<string, TAccess> = {
  // Accounts
  'POST /api/register': { access: 'public' },
  'POST /api/login': { access: 'public' },
  'POST /api/logout': { access: 'public' },
  'POST /api/session-cookie': { access: 'member', call: () => ({ body: {} }) },
  'POST /api/reset-password-request': { access: 'public' },
  'POST /api/reset-password': { access: 'credential', checkedBy: 'a mailed reset token (t)' },
  'POST /api/remove-consent': { access: 'credential', checkedBy: 'the session token as h' },
  'POST /api/remove-consent-confirm': { access: 'credential', checkedBy: 'a mailed erasure token (t)' },
  'POST /api/confirm-email': { access: 'credential', checkedBy: 'a token mailed to the new address (t)' },
  'POST /api/login-link': {
    access: 'credential',
    checkedBy:
      'a mailed login link (t), once, with the code on a two-factor account (accounts.routes.test.ts)',
  },
  'GET /api/validate-username': { access: 'public', call: (ids) => ({ query: { u: ids.member.username } }) },
  'GET /api/validate-email': { access: 'public', call: (ids) => ({ query: { email: ids.member.email } }) },
  'GET /api/validate-agd-number': { access: 'public', call: () => ({ query: { agdNumber: '12345' } }) },
  'GET /api/student': { access: 'member', call: () => ({}) },
  'GET /api/hide-agd-reminder': { access: 'member', call: () => ({}) },
  'GET /api/account-home': { access: 'member', call: () => ({}) },
  'GET /api/send-ce-report': { access: 'member', call: () => ({}) },
  'GET /api/profile': { access: 'member', call: () => ({}) },
  'POST /api/profile': {
    access: 'member',
    call: (ids) => ({ body: validProfile({ email: ids.member.email }) }),
  },
  'GET /api/my-data': { access: 'member', call: () => ({}) },
  'POST /api/home-email-link': { access: 'member', call: () => ({ body: {} }) },
  'GET /api/account-items': { access: 'public' },
  // Two-factor sign-in (docs/decisions/0920): the member's own, behind their session.
  'GET /api/two-factor': { access: 'member', call: () => ({}) },
  'POST /api/two-factor/setup': {
    access: 'member',
    call: () => ({ body: { currentPassword: DEFAULT_PASSWORD } }),
  },
  'POST /api/two-factor/confirm': { access: 'member', call: () => ({ body: { code: '123456' } }) },
  'POST /api/two-factor/disable': {
    access: 'member',
    call: () => ({ body: { currentPassword: DEFAULT_PASSWORD, code: '123456' } }),
  },
  'POST /api/two-factor/recovery-codes': {
    access: 'member',
    call: () => ({ body: { currentPassword: DEFAULT_PASSWORD, code: '123456' } }),
  },
  // Site, catalog, search, content
  'GET /api/health': { access: 'public' },
  'GET /api/site': { access: 'public' },
  'GET /api/docs': { access: 'public' },
  'GET /api/blurb': { access: 'public', call: () => ({ query: { code: 'about' } }) },
  'GET /api/home': { access: 'public', call: () => ({}) },
  'GET /api/upcoming': { access: 'public', call: () => ({}) },
  'GET /api/ondemand': { access: 'public', call: () => ({}) },
  'GET /api/premium': { access: 'public', call: () => ({}) },
  'GET /api/tutorials': { access: 'public', call: () => ({}) },
  'GET /api/podcasts': { access: 'public', call: () => ({}) },
  'GET /api/books': { access: 'public', call: () => ({}) },
  'GET /api/search': { access: 'public', call: (ids) => ({ query: { q: ids.content.onDemand.title } }) },
  'GET /api/search-items': { access: 'public' },
  'POST /api/book-response-mvp': { access: 'member', call: (ids) => ({ body: { h: ids.ebookHash } }) },
  'POST /api/support': { access: 'public' },
  'GET /api/blog-posts': { access: 'public' },
  'GET /api/blog-post': { access: 'public' },
  'GET /api/drilldowns': { access: 'public' },
  'GET /api/drilldown': { access: 'public' },
  'GET /api/drilldown-view': { access: 'public' },
  'GET /api/bannerad-click': { access: 'public' },
  'GET /api/mobilead': { access: 'public' },
  'POST /api/mobilead-view': { access: 'public' },
  'POST /api/mobilead-submit': { access: 'public' },
  'POST /api/featuredcontent-click': { access: 'public' },
  'GET /api/podcast': { access: 'public', call: (ids) => ({ query: { p: ids.content.podcast.hash } }) },
  'GET /api/podcast-show': {
    access: 'public',
    call: (ids) => ({ query: { ps: ids.content.podcast.showHash } }),
  },
  'GET /api/podcast-view': { access: 'public', call: (ids) => ({ query: { p: ids.content.podcast.hash } }) },
  // Media (issue 26): positions and preferences are the member's own; captions and transcripts public
  'GET /api/media-positions': {
    access: 'member',
    call: (ids) => ({ query: { m: `podcast:${ids.content.podcast.hash}` } }),
  },
  'POST /api/media-position': {
    access: 'member',
    call: (ids) => ({ body: { m: `podcast:${ids.content.podcast.hash}`, positionSec: 42 } }),
  },
  'GET /api/media-prefs': { access: 'member', call: () => ({}) },
  'POST /api/media-prefs': { access: 'member', call: () => ({ body: { speed: 1.5 } }) },
  'GET /api/media-text': {
    access: 'public',
    call: (ids) => ({ query: { m: `podcast:${ids.content.podcast.hash}` } }),
  },
  'GET /api/captions': {
    access: 'public',
    call: (ids) => ({ query: { m: `class:${ids.content.onDemand.hash}`, lang: 'en' } }),
  },
  // The learning flow
  'GET /api/class': { access: 'public', call: (ids) => ({ query: byClass(ids) }) },
  'GET /api/class-view': { access: 'member', call: (ids) => ({ query: byClass(ids) }) },
  'POST /api/save-affidavit': {
    access: 'member',
    call: (ids) => ({ body: { ...byWebinar(ids), attended: true } }),
  },
  'POST /api/queue-add': { access: 'member', call: (ids) => ({ body: byClass(ids) }) },
  'GET /api/remove-queue': { access: 'member', call: (ids) => ({ query: byClass(ids) }) },
  'GET /api/exam': { access: 'member', call: (ids) => ({ query: byClass(ids) }) },
  'POST /api/grade-exam': {
    access: 'member',
    call: (ids) => ({ body: { ...byClass(ids), a: [2, 2, 2, 2, 2], tzOffsetMin: 0 } }),
  },
  'POST /api/save-eval': { access: 'member', call: (ids) => ({ body: { ...byClass(ids), a: ratings } }) },
  'GET /api/sva': { access: 'member', call: (ids) => ({ query: byClass(ids) }) },
  'POST /api/save-sva-response': {
    access: 'member',
    call: (ids) => ({ body: { ...byClass(ids), v: ids.member.id, e: 2 } }),
  },
  'GET /api/survey': { access: 'member', call: (ids) => ({ query: byClass(ids) }) },
  'POST /api/save-survey-response': {
    access: 'member',
    call: (ids) => {
      const question = ids.survey.questions[0]!;
      return {
        body: {
          ...byClass(ids),
          sh: ids.survey.hash,
          q: question.hash,
          choices: [question.choices[0]!.hash],
          sessionHash: ids.member.hash,
        },
      };
    },
  },
  'GET /api/certificate': { access: 'member', call: (ids) => ({ query: byClass(ids) }) },
  'POST /api/send-cert': { access: 'member', call: (ids) => ({ body: byClass(ids) }) },
  'POST /api/certificate-licences': {
    access: 'member',
    call: (ids) => ({ body: { ...byClass(ids), licenceIds: [] } }),
  },
  'GET /api/certificate/:file': { access: 'credential', checkedBy: 'the certificate number (03 §7)' },
  'GET /api/verify': { access: 'credential', checkedBy: 'the certificate number (03 §7)' },
  // Open Badges credentials (issue 40): the credential behind its certificate's number, like the PDF.
  'GET /api/credential/:file': { access: 'credential', checkedBy: 'the certificate number, like its PDF' },
  'GET /api/credential-status/:list': { access: 'public' },
  'POST /api/verify-credential': { access: 'public' },
  // Member lists
  'GET /api/queue': { access: 'member', call: () => ({}) },
  'GET /api/pending': { access: 'member', call: () => ({}) },
  'GET /api/completed': { access: 'member', call: () => ({}) },
  'GET /api/completed-webinars': { access: 'member', call: () => ({}) },
  'GET /api/completed-podcasts': { access: 'member', call: () => ({}) },
  'GET /api/completed-in-person': { access: 'member', call: () => ({}) },
  'GET /api/tutorial-history': { access: 'member', call: () => ({}) },
  // The member's home (issue 22, decision 1005)
  'GET /api/member-home': { access: 'member', call: () => ({}) },
  // Live webinars
  'GET /api/seats': { access: 'member', call: () => ({}) },
  'GET /api/reserve-seat': { access: 'member', call: (ids) => ({ query: byWebinar(ids) }) },
  'POST /api/set-privacy-optin': {
    access: 'member',
    call: (ids) => ({ body: { ...byWebinar(ids), o: true } }),
  },
  'GET /api/class-start': { access: 'member', call: (ids) => ({ query: byWebinar(ids) }) },
  'GET /api/cancel-seat': { access: 'credential', checkedBy: 'the cancel code (docs/decisions/0405)' },
  'POST /api/cancel-seat': { access: 'credential', checkedBy: 'the cancel code (docs/decisions/0405)' },
  'GET /api/webinar-lobby': {
    access: 'public',
    call: (ids) => ({ query: { ...byWebinar(ids), loc: 'webinar' } }),
  },
  'GET /api/calendar.ics': { access: 'public', call: (ids) => ({ query: byWebinar(ids) }) },
  // Webinar evidence (issue 42): the room's poll and the member's own evidence, behind the seat.
  'GET /api/live-poll-pulse': { access: 'public', call: (ids) => ({ query: byWebinar(ids) }) },
  'GET /api/live-poll': { access: 'member', call: (ids) => ({ query: byWebinar(ids) }) },
  'POST /api/live-poll-answer': {
    access: 'member',
    call: (ids) => ({ body: { ...byWebinar(ids), id: 'no-such-poll', choice: 0 } }),
  },
  'GET /api/webinar-credit': { access: 'member', call: (ids) => ({ query: byWebinar(ids) }) },
  // In-person events (issue 25)
  'GET /api/claim-event': { access: 'member', call: () => ({ query: { code: 'ABCDEF' } }) },
  'POST /api/claim-event': {
    access: 'member',
    call: () => ({ body: { code: 'ABCDEF', attended: true, a: ratings } }),
  },
  // The claim page (issue 36): a visitor sees the event a code names; a claimed event's own page.
  'GET /api/claim-event-preview': { access: 'public', call: (ids) => ({ query: { code: ids.claim.code } }) },
  'GET /api/claimed-event': { access: 'member', call: (ids) => ({ query: { c: ids.claim.c } }) },
  // In-person scan-in and scan-out (issue 42): the member's own scan of a door code.
  'POST /api/event-scan': {
    access: 'member',
    call: (ids) => ({ body: { code: `${ids.claim.code}E23456` } }),
  },
  'GET /api/unsubscribe-reminders': {
    access: 'credential',
    checkedBy: 'the signed token of a reminder mail (seats.reminders.test.ts)',
  },
  'POST /api/unsubscribe-reminders': {
    access: 'credential',
    checkedBy: 'the signed token of a reminder mail (seats.reminders.test.ts)',
  },
  'GET /api/unsubscribe-ce-reminders': {
    access: 'credential',
    checkedBy: 'the signed token of a CE deadline mail (tracker-reminders.test.ts)',
  },
  'POST /api/unsubscribe-ce-reminders': {
    access: 'credential',
    checkedBy: 'the signed token of a CE deadline mail (tracker-reminders.test.ts)',
  },
  // The CE tracker (issue 23): the first member's licence and certificate ids, guessed by another
  'GET /api/tracker/topics': { access: 'member', call: () => ({}) },
  'GET /api/tracker/licences': { access: 'member', call: () => ({}) },
  'POST /api/tracker/licences': { access: 'member', call: () => ({ body: trackerLicence }) },
  'PUT /api/tracker/licence': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId }, body: trackerLicence }),
  },
  'DELETE /api/tracker/licence': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId } }),
  },
  'GET /api/tracker/proposed-period': {
    access: 'member',
    call: () => ({ query: { state: 'CA', licenceType: 'dentist' } }),
  },
  'GET /api/tracker/standing': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId } }),
  },
  'GET /api/tracker/certificates': { access: 'member', call: () => ({}) },
  'POST /api/tracker/certificates': { access: 'member', call: () => ({ body: trackerCertificate }) },
  'PUT /api/tracker/certificate': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.certificateId }, body: trackerCertificate }),
  },
  'DELETE /api/tracker/certificate': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.certificateId } }),
  },
  'POST /api/tracker/certificate-file': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.certificateId } }),
  },
  // Issue 41: a certificate import, and another member's confirmed by its id.
  'POST /api/tracker/certificate-import': { access: 'member', call: () => ({}) },
  'POST /api/tracker/certificate-import-confirm': {
    access: 'member',
    call: (ids) => ({ body: { ...trackerCertificate, importId: ids.tracker.importId } }),
  },
  'GET /api/tracker/audit-pack': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId } }),
  },
  'GET /api/tracker/audit-pack-zip': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId } }),
  },
  'GET /api/tracker/certificate-file': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.certificateId } }),
  },
  // Issue 36: undo of a delete, and a requirement marked done, by another member's ids.
  'POST /api/tracker/licence-restore': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId } }),
  },
  'PUT /api/tracker/licence-check': {
    access: 'member',
    call: (ids) => ({
      query: { id: ids.tracker.licenceId },
      body: { key: 'ethics_jurisprudence:ethics_jurisprudence', doneOn: '2026-01-02' },
    }),
  },
  'POST /api/tracker/certificate-restore': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.certificateId } }),
  },
  // Issue 41: the renewal plan of another member's licence, its booking and its calendar.
  'GET /api/tracker/plan': { access: 'member', call: (ids) => ({ query: { id: ids.tracker.licenceId } }) },
  'POST /api/tracker/plan-booking': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId } }),
  },
  'GET /api/tracker/plan-calendar': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.tracker.licenceId } }),
  },
  // Issue 42: questions to a webinar; another member sees the first's question without its asker,
  // may vote for it, and cannot withdraw it.
  'GET /api/questions': { access: 'member', call: (ids) => ({ query: byWebinar(ids) }) },
  'POST /api/questions': {
    access: 'member',
    call: (ids) => ({ body: { ...byWebinar(ids), text: 'Is a second question allowed?' } }),
  },
  'POST /api/question-vote': { access: 'member', call: (ids) => ({ body: { id: ids.question.id } }) },
  'POST /api/question-withdraw': { access: 'member', call: (ids) => ({ body: { id: ids.question.id } }) },
  // Offices (issue 43): the first member's office, its invite and assignment, asked by another member.
  'GET /api/offices': { access: 'member', call: () => ({}) },
  'POST /api/offices': {
    access: 'member',
    call: () => ({ body: { name: 'An office', address: '2 Main St', state: 'NY' } }),
  },
  'POST /api/office-invite': { access: 'member', call: (ids) => ({ body: { id: ids.office.id } }) },
  // The invite link is the credential to join: tested in 'routes whose request carries the credential'.
  'GET /api/office-invite': { access: 'member', call: () => ({ query: { t: 'not-an-invite' } }) },
  'POST /api/office-join': {
    access: 'member',
    call: () => ({ body: { t: 'not-an-invite', sharesDeadlines: true, sharesHours: true } }),
  },
  'POST /api/office-sharing': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.id, sharesDeadlines: true, sharesHours: true } }),
  },
  'POST /api/office-leave': { access: 'member', call: (ids) => ({ body: { id: ids.office.id } }) },
  'GET /api/office-board': { access: 'member', call: (ids) => ({ query: { id: ids.office.id } }) },
  'POST /api/office-assignments': {
    access: 'member',
    call: (ids) => ({
      body: { id: ids.office.id, memberId: ids.member.id, title: 'OSHA', dueOn: '2030-01-01' },
    }),
  },
  'POST /api/office-assignment-done': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.assignmentId } }),
  },
  'GET /api/office-roster': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.office.id, format: 'csv' } }),
  },
  // The DSO level (decision 1168): the first member's organisation and its office, asked by another.
  'GET /api/organisations': { access: 'member', call: () => ({}) },
  'POST /api/organisations': { access: 'member', call: () => ({ body: { name: 'A group' } }) },
  'POST /api/organisation-invite': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.organisationId } }),
  },
  // The invite link is the credential; bringing an office in needs the office's own manager.
  'GET /api/organisation-invite': { access: 'member', call: () => ({ query: { t: 'not-an-invite' } }) },
  'POST /api/organisation-join': {
    access: 'member',
    call: (ids) => ({ body: { t: ids.office.organisationToken, officeId: ids.office.id } }),
  },
  'POST /api/organisation-office-remove': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.organisationId, officeId: ids.office.id } }),
  },
  'POST /api/organisation-leave': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.organisationId } }),
  },
  'GET /api/organisation-board': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.office.organisationId } }),
  },
  // Decision 1169: roles and closing, with the first member's office and organisation.
  'POST /api/office-role': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.id, memberId: ids.member.id, role: 'member' } }),
  },
  'POST /api/office-close': { access: 'member', call: (ids) => ({ body: { id: ids.office.id } }) },
  'POST /api/organisation-promote': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.organisationId, memberId: ids.member.id } }),
  },
  'POST /api/organisation-close': {
    access: 'member',
    call: (ids) => ({ body: { id: ids.office.organisationId } }),
  },
  'GET /api/organisation-roster': {
    access: 'member',
    call: (ids) => ({ query: { id: ids.office.organisationId, format: 'csv' } }),
  },
};

const isStaffRoute = (key: string) => key.includes(' /api/admin/') || key.endsWith(' /api/admin');

let t: TTestApp;
let ids: TIds;
let other: TMemberRecords;
let revoked: { afterLogout: string; afterPasswordChange: string };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.deps.database.db;
  await setCertificateProvider(db);
  const content = await createLearningContent(db);
  const ebook = await createEbook(db);
  const survey = await createSurvey(db);
  ids = { ...(await createMemberWithRecords(t.app, content)), content, ebookHash: ebook.hash, survey };
  other = await createMemberWithRecords(t.app, await createLearningContent(db));
  revoked = await revokedTokens();
});
afterAll(() => t.close());

/** Sessions of a third member, ended the two ways a member ends them. */
async function revokedTokens() {
  const db = t.app.deps.database.db;
  const member = await createMember(db);
  const afterLogout = await createSession(db, member.id);
  expect((await send('POST', '/api/logout', {}, afterLogout)).statusCode).toBe(200);
  const afterPasswordChange = await createSession(db, member.id);
  const change = await send(
    'POST',
    '/api/profile',
    {
      body: validProfile({
        email: member.email,
        currentPassword: DEFAULT_PASSWORD,
        password: `${DEFAULT_PASSWORD}x`,
        password2: `${DEFAULT_PASSWORD}x`,
      }),
    },
    member.token,
  );
  expect(change.statusCode, change.body).toBe(200);
  return { afterLogout, afterPasswordChange };
}

/** A call with the token as `s`, where the web app sends it (03 §2). */
function send(method: string, url: string, call: TCall, token?: string): Promise<LightMyRequestResponse> {
  const withToken = <T extends Record<string, unknown>>(part: T | undefined) =>
    token === undefined ? part : { ...part, s: token };
  return t.app.inject({
    method: method as 'GET',
    url,
    query: method === 'GET' ? (withToken(call.query) as Record<string, string>) : call.query,
    ...(method === 'GET' ? {} : { payload: withToken(call.body ?? {}) }),
  });
}

/** The first member's identifying values that an answer carries. */
function leakedValues(response: LightMyRequestResponse): string[] {
  return identifyingValues(ids).filter((value) => response.body.includes(value));
}

const entries = Object.entries(ROUTE_ACCESS);
const memberRoutes = entries.flatMap(([key, rule]) => (rule.access === 'member' ? [{ key, rule }] : []));
const publicRoutes = entries.flatMap(([key, rule]) =>
  rule.access === 'public' && rule.call ? [{ key, call: rule.call }] : [],
);
const split = (key: string) => key.split(' ') as [string, string];

describe('the authorization matrix', () => {
  it('classifies every route of the route table, and only those', () => {
    const keys = listRoutes(t.app)
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !NOT_API_ROUTES.has(key));
    const unclassified = keys.filter((key) => !isStaffRoute(key) && !(key in ROUTE_ACCESS));
    expect(unclassified, 'add these routes to ROUTE_ACCESS').toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter(isStaffRoute).length).toBeGreaterThan(100);
  });

  describe.each(memberRoutes)('member route $key', ({ key, rule }) => {
    const [method, url] = split(key);

    it('refuses a missing, made-up or ended session with 401', async () => {
      const tokens = {
        missing: undefined,
        empty: '',
        'made up': newSecretToken(),
        'ended by logout': revoked.afterLogout,
        'ended by a password change': revoked.afterPasswordChange,
      };
      for (const [name, token] of Object.entries(tokens)) {
        const response = await send(method, url, rule.call(ids), token);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(401);
        expect(response.json()).toMatchObject({ status: false });
      }
    });

    it('answers a visitor 401 before it looks at the input: a bad body or query is not described', async () => {
      // Every field of the valid call broken, plus one the route does not know (issue 37 row 10).
      const valid = rule.call(ids);
      const broken = (part: Record<string, unknown> | undefined) =>
        Object.assign(Object.fromEntries(Object.keys(part ?? {}).map((name) => [name, { not: 'valid' }])), {
          unknownField: ['x'],
        });
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        query: method === 'GET' ? { c: '', id: '', m: '' } : (valid.query ?? {}),
        ...(method === 'GET' ? {} : { payload: broken(valid.body) }),
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).not.toHaveProperty('field');
    });

    it("answers another member with the first member's ids without any of the first member's data", async () => {
      const response = await send(method, url, rule.call(ids), other.member.token);
      // Their own data (200) or a refusal of the request itself; never "not signed in".
      expect([200, 400, 403, 404, 409], response.body).toContain(response.statusCode);
      expect(leakedValues(response)).toEqual([]);
    });
  });

  it("sees the first member's own records in their own answers, so a leak would be seen", async () => {
    for (const url of [
      '/api/my-data',
      '/api/seats',
      '/api/completed-webinars',
      '/api/completed-in-person',
      '/api/certificate',
      '/api/tracker/licences',
      '/api/tracker/certificates',
      '/api/member-home',
      '/api/offices',
      '/api/office-board',
    ]) {
      const response = await send(
        'GET',
        url,
        { query: { ...byClass(ids), id: ids.office.id } },
        ids.member.token,
      );
      expect(response.statusCode, url).toBe(200);
      expect(leakedValues(response), url).not.toEqual([]);
    }
    const claimed = await send('GET', '/api/claimed-event', { query: { c: ids.claim.c } }, ids.member.token);
    expect(leakedValues(claimed)).toContain(ids.claim.certificateNumber);
  });

  describe.each(publicRoutes)('public route $key', ({ key, call }) => {
    const [method, url] = split(key);

    it('answers a visitor without asking for a session', async () => {
      const response = await send(method, url, call(ids));
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect([401, 403], response.body).not.toContain(response.statusCode);
    });

    it("shows another member none of the first member's records", async () => {
      const response = await send(method, url, call(ids), other.member.token);
      expect(response.statusCode, response.body).toBeLessThan(500);
      const leaked = leakedValues(response).filter((value) => !isLookedUp(key, value));
      expect(leaked).toEqual([]);
    });
  });
});

/** The availability checks are asked about a username or e-mail: naming it back is the answer. */
const isLookedUp = (key: string, value: string) =>
  (key === 'GET /api/validate-username' && value === ids.member.username) ||
  (key === 'GET /api/validate-email' && value === ids.member.email);

describe('routes whose request carries the credential', () => {
  const ended = () => [newSecretToken(), revoked.afterLogout, revoked.afterPasswordChange];

  it('remove-consent: h must be a live session token', async () => {
    expect((await send('POST', '/api/remove-consent', { body: {} })).statusCode).toBe(400);
    for (const h of ended()) {
      const response = await send('POST', '/api/remove-consent', { body: { h } });
      expect(response.statusCode, response.body).toBe(401);
    }
  });

  it.each(['/api/remove-consent-confirm', '/api/reset-password'])(
    '%s: t must be the mailed token, not a made-up one or a session token',
    async (url) => {
      for (const token of [newSecretToken(), ids.member.token, other.member.token]) {
        const response = await send('POST', url, { body: { t: token, p: 'secret1' } });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }
      const member = await t.app.deps.database.db
        .selectFrom('members')
        .select(['erased_at'])
        .where('id', '=', ids.member.id)
        .executeTakeFirstOrThrow();
      expect(member.erased_at).toBeNull();
    },
  );

  it('certificate/:file: the unguessable number is the credential; any other number finds nothing', async () => {
    const number = ids.classCompletion.certificate_number;
    const real = await t.app.inject({ url: `/api/certificate/${number}.pdf` });
    expect(real.statusCode).toBe(200);
    expect(real.headers['content-type']).toBe('application/pdf');
    const made = await t.app.inject({ url: `/api/certificate/${newSecretToken().slice(0, 16)}.pdf` });
    expect(made.statusCode).toBe(404);
  });

  it('credential/:file: the unguessable number is the credential; any other number finds nothing', async () => {
    const number = ids.classCompletion.certificate_number;
    const real = await t.app.inject({ url: `/api/credential/${number}.json` });
    expect(real.statusCode).toBe(200);
    expect(real.json().type).toContain('OpenBadgeCredential');
    const made = await t.app.inject({ url: `/api/credential/${newSecretToken().slice(0, 16)}.json` });
    expect(made.statusCode).toBe(404);
    expect(leakedValues(made)).toEqual([]);
  });

  it('verify: confirms the holder by name, and nothing else that identifies them', async () => {
    const number = ids.classCompletion.certificate_number;
    const response = await send('GET', '/api/verify', { query: { n: number } });
    expect(response.statusCode, response.body).toBe(200);
    const shownByDesign = [ids.member.lastname, number];
    expect(leakedValues(response).filter((value) => !shownByDesign.includes(value))).toEqual([]);
  });

  it("cancel-seat: another member may neither see nor release the first member's seat", async () => {
    const code = ids.seat.cancel_code;
    for (const method of ['GET', 'POST']) {
      const call = method === 'GET' ? { query: { code } } : { body: { code } };
      const response = await send(method, '/api/cancel-seat', call, other.member.token);
      expect(response.statusCode, `${method} ${response.body}`).toBe(403);
      expect(leakedValues(response)).toEqual([]);
    }
    const seat = await t.app.deps.database.db
      .selectFrom('seats')
      .select('id')
      .where('id', '=', ids.seat.id)
      .executeTakeFirst();
    expect(seat).toBeDefined();
  });

  it("unsubscribe-reminders: only the server's signature works; a session token or the member's hash alone does not", async () => {
    const hash = ids.member.hash;
    for (const token of [ids.member.token, hash, `${hash}.${'A'.repeat(43)}`, newSecretToken()]) {
      for (const method of ['GET', 'POST']) {
        const response = await send(method, `/api/unsubscribe-reminders?t=${encodeURIComponent(token)}`, {});
        expect(response.statusCode, `${method} ${response.body}`).toBe(400);
      }
    }
    const optouts = await t.app.deps.database.db.selectFrom('reminder_optouts').selectAll().execute();
    expect(optouts).toEqual([]);
  });

  it("office invite: the link's token is the credential; the office's id or another token joins nothing", async () => {
    for (const t of [ids.office.id, other.office.inviteToken.slice(0, -1), newSecretToken()]) {
      const preview = await send('GET', '/api/office-invite', { query: { t } }, other.member.token);
      expect(preview.statusCode, preview.body).toBe(400);
      expect(leakedValues(preview)).toEqual([]);
    }
    const officeIds = await t.app.deps.database.db
      .selectFrom('office_members')
      .select('office_id')
      .where('member_id', '=', other.member.id)
      .execute();
    expect(officeIds.map((r) => r.office_id)).not.toContain(ids.office.id);
  });

  it('cancel-seat: an unknown code finds no seat', async () => {
    const response = await send('GET', '/api/cancel-seat', {
      query: { code: newSecretToken().slice(0, 16) },
    });
    expect(response.statusCode, response.body).toBe(404);
  });
});
