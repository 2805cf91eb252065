import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CeType,
  ClassType,
  DEFAULT_TIME_ZONE,
  formatCalendarDay,
  localDayInZone,
  Texts,
  trackerDay,
} from '@opence/shared';
import { EVALUATION_QUESTIONS } from '@opence/shared/schemas';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  CERTIFICATE_PROVIDER,
  createClass,
  createExam,
  createMember,
  createPodcast,
  createStaff,
  setCertificateProvider,
  type TTestMember,
} from '../../../test/factories.ts';

/*
 * The credit chain (issue 35): credit earned each of the six ways through the API (an on-demand
 * class, a podcast, a live webinar whose attendance a participant report verified, a live webinar
 * the member confirmed, an in-person event claimed by its code, a certificate from another
 * provider uploaded to the tracker), then read back as the auditor reads it: the certificate
 * (pdftotext) and the audit pack (its transcript, and the ZIP's files). Each document says how,
 * when and where the credit was earned, the hours, the AGD subject code with its name, the
 * licence it is for and who signed for the provider. On SQLite, and PostgreSQL with DATABASE_URL.
 */

let t: TTestApp;
let staff: TTestMember;
let work: string;
const db = () => t.app.deps.database.db;
const DAY = 86_400_000;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(db());
  await setCertificateProvider(db());
  staff = await createStaff(db());
  work = mkdtempSync(path.join(tmpdir(), 'credit-chain-'));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const auth = (m: TTestMember) => ({ authorization: `Bearer ${m.token}` });
async function call(m: TTestMember, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, headers: auth(m), ...(payload ? { payload } : {}) });
  return res;
}
async function ok(m: TTestMember, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await call(m, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res;
}

/** A PDF's text in the order it is written (-raw: a table cell's lines stay together), white space as one space. */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return (
    execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })
      // A certificate number wrapped at one of its dashes reads as one.
      .replace(/-\s+(?=[A-Z0-9])/g, '-')
      .replace(/\s+/g, ' ')
  );
}

const ratings = Object.fromEntries(EVALUATION_QUESTIONS.map((q) => [q.question, 4]));
const dayOf = (at: Date | string) => formatCalendarDay(localDayInZone(new Date(at), DEFAULT_TIME_ZONE));
const isoDayOf = (at: Date | string) => localDayInZone(new Date(at), DEFAULT_TIME_ZONE);

/** The exam, answered right (the factory's questions: option 1), through the API. */
async function passExam(m: TTestMember, ref: { c: string } | { p: string }) {
  const query = 'c' in ref ? `c=${ref.c}` : `p=${ref.p}`;
  const exam = (await ok(m, 'GET', `/api/exam?${query}&tzOffsetMin=300`)).json();
  const graded = await ok(m, 'POST', '/api/grade-exam', {
    ...ref,
    a: exam.exam.questions.map(() => 1),
    tzOffsetMin: 300,
  });
  expect(graded.json()).toMatchObject({ passed: true, examScore: 100 });
}

/** A live webinar in progress: joined, attended, evaluated; then it ends and its exam is passed. */
async function attendLiveWebinar(m: TTestMember, title: string) {
  const startsAt = new Date(Date.now() - 10 * MINUTE);
  const webinar = await createClass(db(), {
    title,
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    release_at: nowIso(startsAt),
    duration_min: 60,
    credits: 1.5,
    agd_code: '250',
    capacity: 50,
    zoom_code: '81234567890',
  });
  await createExam(db(), { classId: webinar.id });
  await ok(m, 'GET', `/api/reserve-seat?c=${webinar.hash}`);
  await ok(m, 'GET', `/api/class-start?c=${webinar.hash}`);
  await ok(m, 'POST', '/api/save-affidavit', { c: webinar.hash, attended: true });
  await ok(m, 'POST', '/api/save-eval', { c: webinar.hash, a: ratings });
  return { webinar, startsAt };
}

/** The webinar is over: its exam opens once its hour and the delay have passed (the clock is the database's here). */
async function endWebinar(classId: string) {
  await db()
    .updateTable('classes')
    .set({ release_at: nowIso(new Date(Date.now() - 3 * 60 * MINUTE)) })
    .where('id', '=', classId)
    .execute();
}

async function certificateOf(m: TTestMember, classId: string | null, podcastId: string | null) {
  const row = await db()
    .selectFrom('completions')
    .select(['certificate_number', 'delivery'])
    .where('member_id', '=', m.id)
    .where((eb) => (classId ? eb('class_id', '=', classId) : eb('podcast_id', '=', podcastId!)))
    .executeTakeFirstOrThrow();
  const pdf = await t.app.inject({ url: `/api/certificate/${row.certificate_number}.pdf` });
  expect(pdf.statusCode).toBe(200);
  return { ...row, text: pdfText(pdf.rawPayload) };
}

describe('the credit chain: earned six ways, read back from the certificate and the audit pack', () => {
  it('says how, when and where each credit was earned, its hours, subject, licence and signatory', async () => {
    const member = await createMember(db(), { firstname: 'Nora', lastname: 'Okafor', agd_number: null });
    const period = {
      start: isoDayOf(new Date(Date.now() - 200 * DAY)),
      end: isoDayOf(new Date(Date.now() + 400 * DAY)),
    };
    const licence = (
      await ok(member, 'POST', '/api/tracker/licences', {
        state: 'CA',
        licenceType: 'dentist',
        licenceNumber: 'D-24680',
        periodStart: period.start,
        periodEnd: period.end,
      })
    ).json().licence;

    // 1. On demand: viewed, evaluated, exam passed.
    const onDemand = await createClass(db(), {
      title: 'Implant Planning on Demand',
      credits: 2,
      agd_code: '690',
      type_id: ClassType.PRODUCED,
    });
    await createExam(db(), { classId: onDemand.id });
    await ok(member, 'GET', `/api/class-view?c=${onDemand.hash}`);
    await ok(member, 'POST', '/api/save-eval', { c: onDemand.hash, a: ratings });
    await passExam(member, { c: onDemand.hash });

    // 2. A podcast: played, evaluated, exam passed.
    const episode = await createPodcast(db(), {
      title: 'Podcast: Orthodontic Retention',
      credits: 1,
      agd_code: '370',
    });
    await createExam(db(), { podcastId: episode.id });
    await ok(member, 'GET', `/api/podcast-view?p=${episode.hash}&log=1`);
    await ok(member, 'POST', '/api/save-eval', { p: episode.hash, a: ratings });
    await passExam(member, { p: episode.hash });

    // 3. A live webinar whose participant report verifies the attendance.
    const verified = await attendLiveWebinar(member, 'Live: Restorative Materials (verified)');
    const csv = [
      'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest',
      `Nora Okafor,${member.email},x,y,60,No`,
    ].join('\n');
    const previewed = await ok(staff, 'POST', '/api/admin/attendance-preview', {
      c: verified.webinar.hash,
      csv,
    });
    await ok(staff, 'POST', '/api/admin/attendance-confirm', { id: previewed.json().id });
    await endWebinar(verified.webinar.id);
    await passExam(member, { c: verified.webinar.hash });

    // 4. A live webinar the member confirmed (no report).
    const attested = await attendLiveWebinar(member, 'Live: Restorative Materials (confirmed)');
    await endWebinar(attested.webinar.id);
    await passExam(member, { c: attested.webinar.hash });

    // 5. An in-person event held two days ago, claimed today by its code.
    const heldAt = new Date(Date.now() - 2 * DAY);
    const event = (
      await ok(staff, 'POST', '/api/admin/in-person-events', {
        title: 'Study Club: Periodontal Maintenance',
        date: heldAt.toISOString(),
        durationMin: 120,
        place: 'Harbor Hotel, Ballroom B, Chicago',
        credits: 2,
        agdCode: '490',
      })
    ).json().event;
    const claimed = await ok(member, 'POST', '/api/claim-event', {
      code: event.code,
      attended: true,
      a: ratings,
    });

    // 6. A certificate from another provider, with its file.
    const external = (
      await ok(member, 'POST', '/api/tracker/certificates', {
        provider: 'Golden State Dental Society',
        title: 'Sedation Safety Workshop',
        completedOn: isoDayOf(new Date(Date.now() - 20 * DAY)),
        hours: 3,
        delivery: 'in_person',
        topics: ['medical_emergencies'],
        approval: 'CA Registered Provider RP-4471',
      })
    ).json().certificate;
    const file = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const boundary = '----chain-boundary';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/tracker/certificate-file?id=${external.id}`,
      headers: { ...auth(member), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sedation.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    // The certificates, read back.
    const today = dayOf(new Date());
    const common = [
      'Licence: CA dentist, licence D-24680',
      `${CERTIFICATE_PROVIDER.signatoryName}, ${CERTIFICATE_PROVIDER.signatoryTitle}`,
      `Authorised signatory for ${CERTIFICATE_PROVIDER.providerName}`,
    ];
    const expected: [string, { classId: string | null; podcastId: string | null }, string, string[]][] = [
      [
        'on_demand',
        { classId: onDemand.id, podcastId: null },
        today,
        [
          'Format: Self-Instruction',
          'Method: Electronically Mediated (on-demand video)',
          'Location: Online',
          'Credits: 2 CE credit hours',
          'AGD subject code: 690 Implants',
        ],
      ],
      [
        'podcast',
        { classId: null, podcastId: episode.id },
        today,
        [
          'Format: Self-Instruction',
          'Method: Electronically Mediated (recorded audio)',
          'Location: Online',
          'Credits: 1 CE credit hour',
          'AGD subject code: 370 Orthodontics',
        ],
      ],
      [
        'live_webinar_verified',
        { classId: verified.webinar.id, podcastId: null },
        dayOf(new Date(Date.now() - 3 * 60 * MINUTE)),
        [
          'Format: Live Interactive (Lecture)',
          'Method: Electronically Mediated (live webinar)',
          'Location: Online (live webinar)',
          `Attendance: ${Texts.CERT_ATTENDANCE_REPORT}`,
          'Credits: 1.5 CE credit hours',
          'AGD subject code: 250 Operative (Restorative) Dentistry',
        ],
      ],
      [
        'live_webinar_self_attested',
        { classId: attested.webinar.id, podcastId: null },
        dayOf(new Date(Date.now() - 3 * 60 * MINUTE)),
        [
          'Format: Live Interactive (Lecture)',
          'Method: Electronically Mediated (live webinar)',
          `Attendance: ${Texts.CERT_ATTENDANCE_SELF}`,
        ],
      ],
      [
        'in_person',
        { classId: event.classId, podcastId: null },
        dayOf(heldAt),
        [
          'Format: Live Interactive (Lecture)',
          'Method: In Person',
          'Location: Harbor Hotel, Ballroom B, Chicago',
          `Attendance: ${Texts.CERT_ATTENDANCE_CLAIM_CODE}`,
          'Credits: 2 CE credit hours',
          'AGD subject code: 490 Periodontics',
        ],
      ],
    ];
    const numbers = new Map<string, string>();
    for (const [delivery, target, day, lines] of expected) {
      const cert = await certificateOf(member, target.classId, target.podcastId);
      expect(cert.delivery).toBe(delivery);
      numbers.set(delivery, cert.certificate_number);
      for (const line of [`Date completed: ${day}`, ...lines, ...common])
        expect(cert.text, `${delivery}: ${line}`).toContain(line);
      // No certificate prints a delivery that did not happen, nor the old unit.
      if (delivery !== 'in_person') expect(cert.text).not.toContain('In Person');
      if (!delivery.startsWith('live')) expect(cert.text).not.toContain('live webinar');
      expect(cert.text).not.toMatch(/\bCEU\b/);
    }
    // The claim is dated by the event, not by the day it was claimed.
    expect(claimed.json().certificateNumber).toBe(numbers.get('in_person'));
    expect(dayOf(heldAt)).not.toBe(today);

    // The public verification says how it was earned and who signed; never the licence.
    const verify = await ok(member, 'GET', `/api/verify?n=${numbers.get('in_person')}`);
    expect(verify.json()).toMatchObject({
      method: 'In Person',
      location: 'Harbor Hotel, Ballroom B, Chicago',
      dateCompleted: dayOf(heldAt),
      subjectCode: '490 Periodontics',
      creditHoursText: '2 CE credit hours',
      signatory: { name: CERTIFICATE_PROVIDER.signatoryName, title: CERTIFICATE_PROVIDER.signatoryTitle },
    });
    expect(verify.body).not.toContain('D-24680');

    // The audit pack's transcript: every credit with its delivery, date, place, hours, approval and evidence.
    const pack = await ok(member, 'GET', `/api/tracker/audit-pack?id=${licence.id}`);
    const text = pdfText(pack.rawPayload);
    for (const line of [
      'License: CA dentist, number D-24680',
      `CE period: ${trackerDay(period.start)} to ${trackerDay(period.end)}`,
      'Implant Planning on Demand',
      'On-demand course, Online',
      'Podcast: Orthodontic Retention',
      'Podcast, Online',
      'Live webinar, Online (live webinar)',
      'Study Club: Periodontal Maintenance',
      'In-person event, Harbor Hotel, Ballroom B, Chicago',
      trackerDay(isoDayOf(heldAt)),
      'Sedation Safety Workshop',
      'Golden State Dental Society',
      'Approval: CA Registered Provider RP-4471',
      'In person (other provider)',
      'Evidence: Uploaded file sedation.pdf (in this pack)',
      `Evidence: Certificate ${numbers.get('on_demand')} (in this pack)`,
      `Approval: AGD PACE provider ${CERTIFICATE_PROVIDER.agdPaceProviderId}`,
      'Medical emergencies',
    ]) {
      expect(text, line).toContain(line);
    }
    // Labels, not codes.
    expect(text).not.toMatch(/\b(live_webinar|in_person|self_study|medical_emergencies|agd_\d+)\b/);

    // The ZIP holds the five certificates of this site and the uploaded file, byte for byte.
    const zip = await ok(member, 'GET', `/api/tracker/audit-pack-zip?id=${licence.id}`);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files);
    expect(names.filter((n) => n.startsWith('opence/'))).toHaveLength(5);
    const upload = names.find((n) => n.startsWith('uploaded/'))!;
    expect(Buffer.from(files[upload]!).equals(file)).toBe(true);
    const inPerson = names.find((n) => n.includes('Study Club'))!;
    expect(inPerson.startsWith(`opence/${isoDayOf(heldAt)}`)).toBe(true);
    expect(pdfText(files[inPerson]!)).toContain('Method: In Person');
  });
});

describe('in-person claims: inside the event’s window, by the member who attended', () => {
  async function eventStarting(at: Date) {
    return (
      await ok(staff, 'POST', '/api/admin/in-person-events', {
        title: `Lunch and learn ${Math.random().toString(36).slice(2, 7)}`,
        date: at.toISOString(),
        durationMin: 60,
        place: 'Lakeside Dental, Room 2',
        credits: 1,
        agdCode: '148',
      })
    ).json().event as { code: string; classId: string };
  }
  const claim = (m: TTestMember, body: Record<string, unknown>) =>
    call(m, 'POST', '/api/claim-event', { attended: true, a: ratings, ...body });

  it('refuses a claim before the start and after the window, saying the day', async () => {
    const member = await createMember(db());
    const soon = new Date(Date.now() + 3 * DAY);
    const before = await claim(member, { code: (await eventStarting(soon)).code });
    expect(before.statusCode).toBe(409);
    expect(before.json().msg).toBe(Texts.CLAIM_NOT_YET.replace('{date}', dayOf(soon)));
    const old = new Date(Date.now() - 40 * DAY);
    const after = await claim(member, { code: (await eventStarting(old)).code });
    expect(after.statusCode).toBe(409);
    expect(after.json().msg).toBe(
      Texts.CLAIM_CLOSED.replace('{date}', dayOf(new Date(old.getTime() + 30 * DAY))),
    );
    // Staff set the window in the settings: 60 days reopens the old one.
    const settings = (await ok(staff, 'GET', '/api/admin/settings')).json().data as Record<string, unknown>;
    const save = (days: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: auth(staff),
        payload: { ...settings, claimWindowDays: days },
      });
    expect((await save(60)).statusCode).toBe(200);
    try {
      const reopened = await eventStarting(old);
      expect((await claim(member, { code: reopened.code })).statusCode).toBe(200);
    } finally {
      expect((await save(30)).statusCode).toBe(200);
    }
    const completions = await db()
      .selectFrom('completions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(completions).toHaveLength(1);
  });

  it('refuses a claim made for another member, and gives that member nothing', async () => {
    const [claimer, other] = [await createMember(db()), await createMember(db())];
    const event = await eventStarting(new Date(Date.now() - DAY));
    for (const naming of [{ memberId: other.id }, { email: other.email }, { member: other.token }]) {
      const res = await claim(claimer, { code: event.code, ...naming });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(Texts.CLAIM_FOR_ANOTHER);
    }
    for (const m of [claimer, other]) {
      const rows = await db().selectFrom('completions').select('id').where('member_id', '=', m.id).execute();
      expect(rows).toEqual([]);
    }
    // The claimer's own claim is theirs alone.
    expect((await claim(claimer, { code: event.code })).statusCode).toBe(200);
    const theirs = await db()
      .selectFrom('completions')
      .select('member_id')
      .where('class_id', '=', event.classId)
      .execute();
    expect(theirs.map((r) => r.member_id)).toEqual([claimer.id]);
  });
});
