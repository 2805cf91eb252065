import type { FastifyInstance } from 'fastify';
import { EVALUATION_RATINGS } from '@opence/shared/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/types.ts';
import { createWebinar } from '../../src/features/seats/seats.fixtures.ts';
import {
  createClass,
  createCompletion,
  createExam,
  createGradebookRow,
  createMember,
  createPodcast,
  createSeat,
  createStaff,
} from '../factories.ts';

/*
 * A member with a record of every kind a member call can reveal: a reserved seat on a live
 * webinar, a learning record and a passed exam (certificate) on an on-demand class, a passed
 * podcast exam, a class in their queue, and a claimed in-person event. The content is shared,
 * so another member can ask about the same classes.
 */

export type TLearningContent = Awaited<ReturnType<typeof createLearningContent>>;
export type TMemberRecords = Awaited<ReturnType<typeof createMemberWithRecords>>;

/** A live webinar tomorrow, an on-demand class and a podcast episode, each with an exam. */
export async function createLearningContent(db: Kysely<DB>) {
  const webinar = await createWebinar(db);
  const onDemand = await createClass(db);
  await createExam(db, { classId: onDemand.id });
  const podcast = await createPodcast(db);
  await createExam(db, { podcastId: podcast.id });
  return { webinar, onDemand, podcast };
}

export async function createMemberWithRecords(app: FastifyInstance, content: TLearningContent) {
  const db = app.deps.database.db;
  const member = await createMember(db);
  const { lastname } = await db
    .selectFrom('members')
    .select('lastname')
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  const seat = await createSeat(db, content.webinar.id, member.id);
  const gradebook = await createGradebookRow(db, member.id, { class_id: content.onDemand.id });
  const classCompletion = await createCompletion(db, member.id, { class_id: content.onDemand.id });
  const podcastCompletion = await createCompletion(db, member.id, { podcast_id: content.podcast.id });
  const queued = await app.inject({
    method: 'POST',
    url: '/api/queue-add',
    headers: { authorization: `Bearer ${member.token}` },
    payload: { c: content.onDemand.hash },
  });
  if (queued.statusCode !== 200) throw new Error(`queue-add failed: ${queued.body}`);
  const tracker = await createTrackerRecords(app, member.token);
  const claim = await createClaimRecords(app, member.token);
  const question = await createQuestion(app, member.token, content.webinar.hash);
  const office = await createOfficeRecords(app, member.token, member.id);
  return {
    tracker,
    claim,
    question,
    office,
    member: { ...member, lastname: lastname ?? '' },
    seat,
    gradebook,
    classCompletion,
    podcastCompletion,
  };
}

/**
 * The values that identify a member or their records: none of them may appear in an answer
 * to another member.
 */
export function identifyingValues(records: TMemberRecords): string[] {
  return [
    records.member.email,
    records.member.username,
    records.member.lastname,
    records.member.hash,
    records.member.id,
    records.seat.id,
    records.seat.cancel_code,
    records.gradebook.id,
    records.classCompletion.id,
    records.classCompletion.certificate_number,
    records.podcastCompletion.id,
    records.podcastCompletion.certificate_number,
    records.tracker.licenceId,
    records.tracker.licenceNumber,
    records.tracker.certificateId,
    records.tracker.certificateTitle,
    records.tracker.importId,
    records.claim.certificateNumber,
    records.office.id,
    records.office.name,
    records.office.assignmentId,
    records.office.inviteToken,
    records.office.organisationId,
    records.office.organisationName,
    records.office.organisationToken,
  ];
}

/** An in-person event held an hour ago, made by staff, and the member's claim of it (issue 36). */
async function createClaimRecords(app: FastifyInstance, token: string) {
  const staff = await createStaff(app.deps.database.db);
  const now = Date.now();
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/in-person-events',
    headers: { authorization: `Bearer ${staff.token}` },
    payload: {
      title: `Study club ${token.slice(0, 8)}`,
      date: new Date(now - 3_600_000).toISOString(),
      durationMin: 60,
      place: 'Hotel, Room 1',
      credits: 1,
      claimOpensAt: new Date(now - 7_200_000).toISOString(),
      claimClosesAt: new Date(now + 86_400_000).toISOString(),
    },
  });
  if (created.statusCode !== 200) throw new Error(`event failed: ${created.body}`);
  const code = created.json().event.code as string;
  const claimed = await app.inject({
    method: 'POST',
    url: '/api/claim-event',
    headers: { authorization: `Bearer ${token}` },
    payload: { code, attended: true, a: RATINGS },
  });
  if (claimed.statusCode !== 200) throw new Error(`claim failed: ${claimed.body}`);
  return {
    code,
    c: claimed.json().c as string,
    certificateNumber: claimed.json().certificateNumber as string,
  };
}

const RATINGS = Object.fromEntries(EVALUATION_RATINGS.map((rating) => [rating.name, 4]));

/** A CE tracker licence and an uploaded certificate (with its PDF) of the member's. */
async function createTrackerRecords(app: FastifyInstance, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const licenceNumber = `LIC-${token.slice(0, 8)}`;
  const licence = await app.inject({
    method: 'POST',
    url: '/api/tracker/licences',
    headers,
    payload: {
      state: 'CA',
      licenceType: 'dentist',
      licenceNumber,
      periodStart: '2025-01-01',
      periodEnd: '2026-12-31',
    },
  });
  if (licence.statusCode !== 200) throw new Error(`tracker licence failed: ${licence.body}`);
  const certificateTitle = `Outside course ${token.slice(0, 8)}`;
  const certificate = await app.inject({
    method: 'POST',
    url: '/api/tracker/certificates',
    headers,
    payload: {
      provider: 'Elsewhere',
      title: certificateTitle,
      completedOn: '2026-01-10',
      hours: 2,
      delivery: 'in_person',
    },
  });
  if (certificate.statusCode !== 200) throw new Error(`tracker certificate failed: ${certificate.body}`);
  const certificateId = certificate.json().certificate.id as string;
  const boundary = '----records-boundary';
  const file = await app.inject({
    method: 'POST',
    url: `/api/tracker/certificate-file?id=${certificateId}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\n\r\n%PDF-1.4 ${certificateTitle}\r\n--${boundary}--\r\n`,
    ),
  });
  if (file.statusCode !== 200) throw new Error(`tracker file failed: ${file.body}`);
  // A certificate import waiting for its confirmation (issue 41).
  const pending = await app.inject({
    method: 'POST',
    url: '/api/tracker/certificate-import',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\n\r\n%PDF-1.4 ${certificateTitle}\r\n--${boundary}--\r\n`,
    ),
  });
  if (pending.statusCode !== 200) throw new Error(`tracker import failed: ${pending.body}`);
  return {
    licenceId: licence.json().licence.id as string,
    licenceNumber,
    certificateId,
    certificateTitle,
    importId: pending.json().import.id as string,
  };
}

/** A question to the webinar, asked in advance (issue 42). */
async function createQuestion(app: FastifyInstance, token: string, c: string) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/questions',
    headers: { authorization: `Bearer ${token}` },
    payload: { c, text: 'Which bur do you use for the access cavity?' },
  });
  if (asked.statusCode !== 200) throw new Error(`question failed: ${asked.body}`);
  return { id: asked.json().question.id as string };
}

/** An office the member manages, an invite link to it and an assignment of their own (issue 43). */
async function createOfficeRecords(app: FastifyInstance, token: string, memberId: string) {
  const headers = { authorization: `Bearer ${token}` };
  const name = `Office ${token.slice(0, 8)}`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/offices',
    headers,
    payload: { name, address: '1 Main St', state: 'NY' },
  });
  if (created.statusCode !== 200) throw new Error(`office failed: ${created.body}`);
  const id = created.json().office.id as string;
  const invite = await app.inject({ method: 'POST', url: '/api/office-invite', headers, payload: { id } });
  if (invite.statusCode !== 200) throw new Error(`office invite failed: ${invite.body}`);
  const assigned = await app.inject({
    method: 'POST',
    url: '/api/office-assignments',
    headers,
    payload: { id, memberId, title: `Assignment ${token.slice(0, 8)}`, dueOn: '2030-01-01' },
  });
  if (assigned.statusCode !== 200) throw new Error(`office assignment failed: ${assigned.body}`);
  // The DSO level (decision 1168): an organisation the member manages, holding the office.
  const organisationName = `Group ${token.slice(0, 8)}`;
  const organisation = await app.inject({
    method: 'POST',
    url: '/api/organisations',
    headers,
    payload: { name: organisationName },
  });
  if (organisation.statusCode !== 200) throw new Error(`organisation failed: ${organisation.body}`);
  const organisationId = organisation.json().organisation.id as string;
  const link = await app.inject({
    method: 'POST',
    url: '/api/organisation-invite',
    headers,
    payload: { id: organisationId },
  });
  const organisationToken = new URL(link.json().link as string).searchParams.get('t')!;
  const brought = await app.inject({
    method: 'POST',
    url: '/api/organisation-join',
    headers,
    payload: { t: organisationToken, officeId: id },
  });
  if (brought.statusCode !== 200) throw new Error(`organisation join failed: ${brought.body}`);
  return {
    organisationId,
    organisationName,
    organisationToken,
    id,
    name,
    inviteToken: new URL(invite.json().link as string).searchParams.get('t')!,
    assignmentId: assigned.json().assignment.id as string,
  };
}
