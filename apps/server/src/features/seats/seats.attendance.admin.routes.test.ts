import { CeType, ClassType, Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  setCertificateProvider,
  createClass,
  createCompletion,
  createGradebookRow,
  createMember,
  createSeat,
  createStaff,
  DEFAULT_PASSWORD,
  type TTestMember,
} from '../../../test/factories.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * Verified attendance (issue 25, docs/decisions/0412): the participant report's preview
 * (multi-row sums, the threshold's edge, unmatched rows, home e-mail), a malformed file refused
 * with its line, confirmation (audited) and re-import without double credit, and the credit
 * type and verification the certificate states.
 */

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
  await setCertificateProvider(db());
});
afterAll(() => t.close());

const ZOOM_HEADER = 'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest';
const row = (name: string, email: string, minutes: number) =>
  `${name},${email},11/20/2030 10:00:00 AM,11/20/2030 11:00:00 AM,${minutes},No`;

const preview = (body: Record<string, unknown>, token = staff.token) =>
  t.app.inject({ method: 'POST', url: '/api/admin/attendance-preview', payload: { s: token, ...body } });
const confirm = (id: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/attendance-confirm', payload: { s: staff.token, id } });

/** A 60-minute live webinar (threshold 48 min at 80 %) and four seated members. */
async function webinarWithMembers() {
  const webinar = await createClass(db(), {
    type_id: ClassType.ARCHIVE,
    ce_type_id: CeType.LIVE,
    duration_min: 60,
    release_at: '2030-11-20T15:00:00.000Z',
  });
  const ann = await createMember(db());
  const bob = await createMember(db());
  const catHome = `Cat.Home${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.org`;
  // Cat confirmed her home e-mail by its link (docs/decisions/0931).
  const cat = Object.assign(await createMember(db(), { email2: catHome, email2_verified_at: nowIso() }), {
    email2: catHome,
  });
  const dan = await createMember(db());
  for (const m of [ann, bob, cat, dan]) {
    await createSeat(db(), webinar.id, m.id);
    await createGradebookRow(db(), m.id, { class_id: webinar.id }, { ce_type_id: CeType.LIVE, attended: 1 });
  }
  return { webinar, ann, bob, cat, dan };
}

const ceTypes = async (classId: string) =>
  Object.fromEntries(
    (
      await db()
        .selectFrom('gradebook')
        .select(['member_id', 'ce_type_id'])
        .where('class_id', '=', classId)
        .execute()
    ).map((r) => [r.member_id, r.ce_type_id]),
  );

describe('the participant report import', () => {
  it('sums rows per person, matches primary and home e-mail, splits at the threshold, lists the unmatched', async () => {
    const { webinar, ann, bob, cat } = await webinarWithMembers();
    const csv = [
      'Meeting ID,Topic,Start Time',
      '812 3456 7890,Webinar,11/20/2030 10:00',
      '',
      ZOOM_HEADER,
      row('Ann', ann.email.toUpperCase(), 30),
      row('Bob', bob.email, 47),
      row('Ann (phone)', ann.email, 18),
      row('Cat', cat.email2 ?? '', 50),
      row('Stranger', 'nobody@example.org', 55),
      row('Guest', '', 40),
    ].join('\r\n');
    const res = await preview({ c: webinar.hash, csv, fileName: 'participants.csv' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ thresholdPct: 80, thresholdMin: 48, durationMin: 60 });
    // 30 + 18 = 48: exactly the threshold is enough; 47 is not.
    expect(body.matched.map((r: { email: string; minutes: number }) => [r.email, r.minutes])).toEqual([
      [ann.email.toLowerCase(), 48],
      [cat.email2!.toLowerCase(), 50],
    ]);
    expect(body.matched.map((r: { match: string }) => r.match)).toEqual([
      'account-email',
      'confirmed-home-email',
    ]);
    expect(body.belowThreshold.map((r: { minutes: number }) => r.minutes)).toEqual([47]);
    expect(body.unmatched.map((r: { name: string; match: string }) => [r.name, r.match])).toEqual([
      ['Guest', 'no-email'],
      ['Stranger', 'no-account'],
    ]);
    // A preview changes no credit.
    expect(new Set(Object.values(await ceTypes(webinar.id)))).toEqual(new Set([CeType.LIVE]));
  });

  it('matches only verified identities: an unconfirmed home e-mail never, a confirmed one does, and the preview says why', async () => {
    const { webinar, ann, bob } = await webinarWithMembers();
    // Another member confirmed Ann's account e-mail as their home e-mail: Ann's account wins.
    // Eve's home e-mail is unconfirmed; two members confirmed one office inbox; Hal's home
    // e-mail is his own but not confirmed yet.
    const office = `front.desk.${Date.now()}@example.org`;
    const halHome = `hal.${Date.now()}@example.org`;
    await createMember(db(), { email2: ann.email, email2_verified_at: nowIso() });
    const eveHome = `eve.${Date.now()}@example.org`;
    await createMember(db(), { email2: eveHome });
    await createMember(db(), { email2: office, email2_verified_at: nowIso() });
    await createMember(db(), { email2: office, email2_verified_at: nowIso() });
    const hal = await createMember(db(), { email2: halHome });
    const csv = [
      ZOOM_HEADER,
      row('Ann', ann.email, 55),
      row('Eve', eveHome, 55),
      row('Front desk', office, 55),
      row('Hal', halHome, 55),
      row('Bob', bob.email, 55),
    ].join('\n');
    const first = (await preview({ c: webinar.hash, csv })).json();
    expect(first.matched.map((r: { email: string; match: string }) => [r.email, r.match])).toEqual([
      [ann.email.toLowerCase(), 'account-email'],
      [bob.email.toLowerCase(), 'account-email'],
    ]);
    expect(first.unmatched.map((r: { name: string; match: string }) => [r.name, r.match])).toEqual([
      ['Eve', 'unconfirmed-home-email'],
      ['Front desk', 'shared-home-email'],
      ['Hal', 'unconfirmed-home-email'],
    ]);

    // Hal confirms his home e-mail by the mailed link: now the same report matches him.
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { u: hal.username, p: DEFAULT_PASSWORD },
    });
    const profile = (
      await t.app.inject({ method: 'GET', url: `/api/profile?s=${session.json().token}` })
    ).json().student;
    expect(profile.email2Verified).toBe(false);
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/home-email-link',
      payload: { s: session.json().token },
    });
    expect(resent.json()).toEqual({
      status: true,
      msg: Texts.HOME_EMAIL_LINK_RESENT.replace('{email}', halHome),
    });
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', halHome)
      .where('kind', '=', 'home-email')
      .executeTakeFirstOrThrow();
    const token = /\/email\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/confirm-email',
      payload: { t: token },
    });
    expect(confirmed.json()).toEqual({ status: true, msg: Texts.HOME_EMAIL_CONFIRMED });
    const again = (await preview({ c: webinar.hash, csv })).json();
    expect(again.matched.map((r: { email: string; match: string }) => [r.email, r.match])).toContainEqual([
      halHome,
      'confirmed-home-email',
    ]);
    // The account e-mail stays Hal's: only the home e-mail was confirmed.
    const after = await db()
      .selectFrom('members')
      .select(['email', 'email2_verified_at'])
      .where('id', '=', hal.id)
      .executeTakeFirstOrThrow();
    expect(after.email).toBe(hal.email);
    expect(after.email2_verified_at).not.toBeNull();
  });

  it('a changed home e-mail is unconfirmed again until its own link is followed', async () => {
    const m = await createMember(db(), {
      email2: `old.${Date.now()}@example.org`,
      email2_verified_at: nowIso(),
    });
    const session = (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { u: m.username, p: DEFAULT_PASSWORD },
      })
    ).json().token as string;
    const student = (await t.app.inject({ method: 'GET', url: `/api/profile?s=${session}` })).json().student;
    expect(student.email2Verified).toBe(true);
    const newHome = `new.${Date.now()}@example.org`;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: Object.assign({}, student, {
        s: session,
        email2: newHome,
        status: undefined,
        hash: undefined,
        username: undefined,
        email2Verified: undefined,
      }),
    });
    expect(saved.json(), saved.body).toEqual({
      status: true,
      msg: Texts.HOME_EMAIL_LINK_SENT.replace('{email}', newHome),
    });
    const row2 = await db()
      .selectFrom('members')
      .select(['email2', 'email2_verified_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row2).toEqual({ email2: newHome, email2_verified_at: null });
  });

  it('reads a report of 16,384 distinct e-mails, and one as large as the body limit allows (issue 37 row 3)', async () => {
    const { webinar, ann } = await webinarWithMembers();
    for (const count of [16_384, 60_000]) {
      const lines = [ZOOM_HEADER, row('Ann', ann.email, 50)];
      for (let i = 0; i < count; i++) lines.push(`P${i},p${i}@x.io,,,5,No`);
      const csv = lines.join('\n');
      const res = await preview({ c: webinar.hash, csv });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const body = res.json();
      expect(body.matched).toHaveLength(1);
      expect(body.unmatched).toHaveLength(count);
    }
  }, 120_000);

  it('a per-class threshold moves the edge', async () => {
    const { webinar, bob } = await webinarWithMembers();
    const res = await preview({
      c: webinar.hash,
      csv: [ZOOM_HEADER, row('Bob', bob.email, 45)].join('\n'),
      thresholdPct: 75,
    });
    expect(res.json()).toMatchObject({ thresholdMin: 45, matched: [{ minutes: 45 }], belowThreshold: [] });
  });

  it('refuses a malformed file with the line number, and stores nothing', async () => {
    const { webinar, ann } = await webinarWithMembers();
    const before = await db().selectFrom('attendance_imports').select('id').execute();
    const cases: [string, string][] = [
      [
        [ZOOM_HEADER, row('Ann', ann.email, 30), 'Bob,bob@x.org,a,b,lots,No'].join('\n'),
        `${Texts.ATTENDANCE_LINE} 3: ${Texts.ATTENDANCE_BAD_MINUTES}`,
      ],
      [
        [ZOOM_HEADER, row('Ann', ann.email, 30), row('Ann', ann.email, 3), 'Short,row'].join('\n'),
        `${Texts.ATTENDANCE_LINE} 4: ${Texts.ATTENDANCE_BAD_COLUMNS}`,
      ],
      [
        [ZOOM_HEADER, row('Ann', ann.email, 30), '"Unclosed,quote,x,y,1,No'].join('\n'),
        `${Texts.ATTENDANCE_LINE} 3: ${Texts.ATTENDANCE_BAD_CSV}`,
      ],
      ['just,some,words\nno,header,here', Texts.ATTENDANCE_NO_HEADER],
    ];
    for (const [csv, msg] of cases) {
      const res = await preview({ c: webinar.hash, csv });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await db().selectFrom('attendance_imports').select('id').execute()).toEqual(before);
  });

  it('is for live classes and staff only', async () => {
    const onDemand = await createClass(db(), { ce_type_id: CeType.SELF_STUDY });
    expect((await preview({ c: onDemand.hash, csv: ZOOM_HEADER })).statusCode).toBe(409);
    const member = await createMember(db());
    expect((await preview({ c: onDemand.hash, csv: ZOOM_HEADER }, member.token)).statusCode).toBe(403);
  });

  it('confirming makes credit follow the report (audited); a corrected report replaces it without double credit', async () => {
    const { webinar, ann, bob, cat, dan } = await webinarWithMembers();
    const annCompletion = await createCompletion(
      db(),
      ann.id,
      { class_id: webinar.id },
      { ce_type_id: CeType.LIVE },
    );
    const first = (
      await preview({
        c: webinar.hash,
        csv: [
          ZOOM_HEADER,
          row('Ann', ann.email, 60),
          row('Bob', bob.email, 20),
          row('Cat', cat.email, 50),
        ].join('\n'),
      })
    ).json();
    const res = await confirm(first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, live: 2, belowThreshold: 1, unmatched: 0, replaced: false });
    expect(await ceTypes(webinar.id)).toEqual({
      [ann.id]: CeType.LIVE,
      [bob.id]: CeType.SELF_STUDY,
      [cat.id]: CeType.LIVE,
      [dan.id]: CeType.SELF_STUDY, // not in the report: keeps the self-study path
    });
    // Confirming the same preview twice is refused.
    expect((await confirm(first.id)).statusCode).toBe(409);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'attendance.confirm')
      .where('entity_id', '=', webinar.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(staff.id);

    // The certificate states the live credit and how attendance was verified.
    const cert = await t.app.inject({
      method: 'GET',
      url: '/api/certificate',
      query: { s: ann.token, c: webinar.hash },
    });
    expect(cert.statusCode, cert.body).toBe(200);
    expect(cert.json().certificate).toMatchObject({
      creditType: expect.stringMatching(/live/i),
      attendanceVerification: Texts.CERT_ATTENDANCE_REPORT,
    });

    // Corrected report: Bob did attend, Cat did not. Replaces the first, nothing counted twice.
    const second = (
      await preview({
        c: webinar.hash,
        csv: [
          ZOOM_HEADER,
          row('Ann', ann.email, 60),
          row('Bob', bob.email, 55),
          row('Cat', cat.email, 10),
        ].join('\n'),
      })
    ).json();
    expect((await confirm(second.id)).json()).toEqual({
      status: true,
      live: 2,
      belowThreshold: 1,
      unmatched: 0,
      replaced: true,
    });
    expect(await ceTypes(webinar.id)).toEqual({
      [ann.id]: CeType.LIVE,
      [bob.id]: CeType.LIVE,
      [cat.id]: CeType.SELF_STUDY,
      [dan.id]: CeType.SELF_STUDY,
    });
    const statuses = await db()
      .selectFrom('attendance_imports')
      .select(['id', 'status'])
      .where('class_id', '=', webinar.id)
      .orderBy('created_at')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['replaced', 'confirmed']);
    const completions = await db()
      .selectFrom('completions')
      .select(['id', 'ce_type_id'])
      .where('class_id', '=', webinar.id)
      .execute();
    expect(completions).toEqual([{ id: annCompletion.id, ce_type_id: CeType.LIVE }]);
    // The older preview cannot be confirmed over the newer report.
    expect((await confirm(first.id)).statusCode).toBe(409);
  });

  it('after a confirmed report, the attendance confirmation gives live credit only to the verified', async () => {
    const { webinar, ann, bob } = await webinarWithMembers();
    const { id } = (
      await preview({
        c: webinar.hash,
        csv: [ZOOM_HEADER, row('Ann', ann.email, 55), row('Bob', bob.email, 5)].join('\n'),
      })
    ).json();
    await confirm(id);
    for (const m of [ann, bob]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/save-affidavit',
        payload: { s: m.token, c: webinar.hash, attended: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const types = await ceTypes(webinar.id);
    expect([types[ann.id], types[bob.id]]).toEqual([CeType.LIVE, CeType.SELF_STUDY]);
  });
});
