import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdSlotType, ClassType, SponsorAnswer } from '@opence/shared';
import { buildTestApp, type TTestApp } from '../../../../test/build-test-app.ts';
import {
  setCertificateProvider,
  createAd,
  createClass,
  createCompany,
  createCompletion,
  createEbook,
  createMember,
  createSeat,
  createSponsorVideo,
  createStaff,
  createSurvey,
  setSetting,
  type TTestMember,
} from '../../../../test/factories.ts';
import { enqueueMail } from '../../../lib/mail/outbox.ts';
import { newId, nowIso } from '../../../lib/ids.ts';

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;
const get = (url: string) =>
  t.app.inject({ url: `/api/admin/${url}`, headers: { authorization: `Bearer ${staff.token}` } });
const post = (url: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/${url}`,
    headers: { authorization: `Bearer ${staff.token}` },
    payload,
  });

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
  await setCertificateProvider(db());
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('dashboard', () => {
  it('shows upcoming live classes with seats and waitlist, the day’s counts, the outbox and the approval warning', async () => {
    const live = await createClass(db(), {
      type_id: ClassType.LIVE,
      capacity: 1,
      release_at: nowIso(new Date(Date.now() + HOUR)),
    });
    const [a, b] = [await createMember(db()), await createMember(db())];
    await createSeat(db(), live.id, a.id);
    await createSeat(db(), live.id, b.id, { is_waiting: 1 });
    await createCompletion(db(), a.id, { class_id: (await createClass(db())).id });
    await enqueueMail(db(), { to: 'x@example.test', subject: 'Hi', text: 'Hi', kind: 'test' });
    await setSetting(db(), 'agdApprovalEnd', '2020-10-31');

    const res = await get(`dashboard?dayStart=${encodeURIComponent(nowIso(new Date(Date.now() - HOUR)))}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.upcoming).toContainEqual(
      expect.objectContaining({ id: live.id, capacity: 1, seats: 1, waitlist: 1 }),
    );
    expect(body.registrationsToday).toBe(2);
    expect(body.completionsToday).toBe(1);
    expect(body.outbox.pending).toBeGreaterThanOrEqual(1);
    expect(body).toMatchObject({ approvalEnd: '2020-10-31', isApprovalExpired: true });
    // Certificates are issued again once the approval is current (decision 1004).
    await setCertificateProvider(db());
  });

  it('refuses a dayStart that is not a date and time', async () => {
    const res = await get('dashboard?dayStart=today');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('dayStart');
  });
});

describe('seat list of a live class', () => {
  it('lists seats then the waitlist, and exports them as CSV with a formula guard', async () => {
    const live = await createClass(db(), {
      type_id: ClassType.LIVE,
      title: 'Live, with a comma',
      capacity: 1,
    });
    const seated = await createMember(db(), { firstname: '=cmd', lastname: 'Seated' });
    const waiting = await createMember(db(), { firstname: 'Wait', lastname: 'Listed' });
    await createSeat(db(), live.id, waiting.id, {
      is_waiting: 1,
      created_at: nowIso(new Date(Date.now() - 2 * HOUR)),
    });
    await createSeat(db(), live.id, seated.id, {
      privacy_optin: 1,
      created_at: nowIso(new Date(Date.now() - 3 * HOUR)),
    });

    const list = (await get(`classes/${live.id}/seats`)).json();
    expect(list.data.map((s: { username: string; isWaiting: boolean }) => [s.username, s.isWaiting])).toEqual(
      [
        [seated.username, false],
        [waiting.username, true],
      ],
    );
    expect(list.data[0].privacyOptin).toBe(true);

    const csv = await get(`classes/${live.id}/seats.csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Status,Position,Username,Name,E-mail,Reserved (UTC),Privacy opt-in,Started (UTC),Attended',
    );
    expect(lines[1]).toMatch(new RegExp(`^Seat,1,${seated.username},'=cmd Seated,`));
    expect(lines[2]).toMatch(new RegExp(`^Waitlist,1,${waiting.username},Wait Listed,`));
  });
});

describe('attaching a recording', () => {
  it('makes an ended live class a produced playback with its video', async () => {
    const ended = await createClass(db(), {
      type_id: ClassType.LIVE,
      release_at: nowIso(new Date(Date.now() - 3 * HOUR)),
      duration_min: 60,
    });
    const res = await post(`classes/${ended.id}/recording`, {
      youtubeUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await db()
      .selectFrom('classes')
      .selectAll()
      .where('id', '=', ended.id)
      .executeTakeFirstOrThrow();
    expect(row.type_id).toBe(ClassType.PRODUCED_PLAYBACK);
    expect(row.youtube_url).toBe('https://www.youtube.com/watch?v=abcdefghijk');
    expect(row.recording_attached_at).not.toBeNull();
  });

  it.each([
    [
      'a class that has not ended',
      { type_id: ClassType.LIVE, release_at: nowIso(new Date(Date.now() + HOUR)) },
      409,
    ],
    ['an on-demand class', { type_id: ClassType.PRODUCED }, 409],
  ])('refuses %s', async (_what, overrides, status) => {
    const cls = await createClass(db(), overrides);
    const res = await post(`classes/${cls.id}/recording`, { videoUrl: '/media/uploads/v.mp4' });
    expect(res.statusCode).toBe(status);
    const row = await db()
      .selectFrom('classes')
      .select('type_id')
      .where('id', '=', cls.id)
      .executeTakeFirstOrThrow();
    expect(row.type_id).toBe(overrides.type_id);
  });

  it('refuses a recording without a video, naming the field', async () => {
    const cls = await createClass(db(), { type_id: ClassType.ARCHIVE });
    const res = await post(`classes/${cls.id}/recording`, { youtubeUrl: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('youtubeUrl');
  });
});

describe('evaluation results', () => {
  it('averages each rating and lists the comments', async () => {
    const cls = await createClass(db());
    const ratings = (n: number) => ({
      course_objectives: n,
      course_useful: n,
      course_appropriate: n,
      course_logical: n,
      instructor_communication: n,
      instructor_preparedness: n,
      instructor_effectiveness: n,
      site_presentation: n,
      site_navigation: n,
      site_comparison: n,
    });
    await db()
      .insertInto('evaluations')
      .values([
        {
          id: newId(),
          class_id: cls.id,
          ...ratings(4),
          comments: 'Great',
          other_topics: null,
          created_at: nowIso(),
        },
        {
          id: newId(),
          class_id: cls.id,
          ...ratings(3),
          comments: null,
          other_topics: null,
          created_at: nowIso(),
        },
      ])
      .execute();
    const body = (await get(`classes/${cls.id}/evaluations`)).json();
    expect(body.count).toBe(2);
    expect(body.averages[0]).toMatchObject({ question: 'courseObjectives', average: 3.5 });
    expect(body.comments).toEqual([expect.objectContaining({ comments: 'Great' })]);
  });
});

describe('sponsor reports', () => {
  it('exports sponsor-video answers with contact details only for yes, anonymous survey answers, and all leads', async () => {
    const company = await createCompany(db(), 'Acme, Inc.');
    const video = await createSponsorVideo(db(), { company_id: company.id, headline: 'Try it' });
    const yes = await createMember(db(), {
      firstname: 'Yolanda',
      lastname: 'Yes',
      email: 'yes@example.test',
    });
    const no = await createMember(db(), { firstname: 'Nate', lastname: 'No', email: 'no@example.test' });
    const erased = await createMember(db(), { firstname: 'Gone', erased_at: nowIso() });
    await db()
      .insertInto('sponsor_video_answers')
      .values([
        {
          id: newId(),
          sponsor_video_id: video.id,
          member_id: yes.id,
          answer: SponsorAnswer.YES,
          created_at: nowIso(),
        },
        {
          id: newId(),
          sponsor_video_id: video.id,
          member_id: no.id,
          answer: SponsorAnswer.NO,
          created_at: nowIso(),
        },
      ])
      .execute();
    const survey = await createSurvey(db());
    await db().updateTable('surveys').set({ company_id: company.id }).where('id', '=', survey.id).execute();
    const multi = survey.questions[2]!;
    await db()
      .insertInto('survey_answers')
      .values({
        id: newId(),
        survey_id: survey.id,
        question_id: multi.id,
        member_id: yes.id,
        choice_hashes: JSON.stringify([multi.choices[0]!.hash, multi.choices[2]!.hash]),
        created_at: nowIso(),
      })
      .execute();
    const ad = await createAd(db(), {
      company_id: company.id,
      slot_type_id: AdSlotType.MOBILE_LIST,
      title: 'Spring offer',
    });
    await db()
      .insertInto('ad_leads')
      .values({
        id: newId(),
        ad_id: ad.id,
        member_id: null,
        email: 'visitor@example.test',
        created_at: nowIso(),
      })
      .execute();
    const ebook = await createEbook(db(), { company_id: company.id, title: 'Implant guide' });
    await db()
      .insertInto('ebook_requests')
      .values({ id: newId(), ebook_id: ebook.id, member_id: yes.id, created_at: nowIso() })
      .execute();
    await db()
      .insertInto('ebook_requests')
      .values({ id: newId(), ebook_id: ebook.id, member_id: erased.id, created_at: nowIso() })
      .execute();
    const live = await createClass(db(), {
      type_id: ClassType.LIVE,
      company_id: company.id,
      title: 'Live talk',
    });
    await createSeat(db(), live.id, no.id, { privacy_optin: 1 });

    const sponsors = (await get('sponsors')).json().data;
    expect(sponsors).toContainEqual({
      id: company.id,
      name: 'Acme, Inc.',
      sponsorVideoAnswers: 2,
      surveyAnswers: 1,
      leads: 4,
    });

    const videoCsv = (await get(`sponsors/${company.id}/reports/sponsor-video-answers`)).body
      .trimEnd()
      .split('\r\n');
    expect(videoCsv[0]).toBe(
      'Date (UTC),Sponsor video,Class,Answer,Name,E-mail,Office,Position,Phone,City,State,Zip',
    );
    expect(videoCsv.find((l) => l.includes(',Yes,'))).toContain('yes@example.test');
    expect(videoCsv.find((l) => l.includes(',No,'))).not.toContain('no@example.test');

    const surveyCsv = (await get(`sponsors/${company.id}/reports/survey-answers`)).body;
    expect(surveyCsv).toContain(',"A; C",');
    expect(surveyCsv).not.toContain(yes.username);

    const leads = (await get(`sponsors/${company.id}/reports/leads`)).body.trimEnd().split('\r\n');
    expect(leads.slice(1).map((l) => l.split(',')[1])).toEqual(['Mobile ad', 'eBook', 'Privacy opt-in']);
    expect(leads.join('\n')).toContain('visitor@example.test');
    expect(leads.join('\n')).not.toContain('Gone');
  });

  it('refuses an unknown report name', async () => {
    const company = await createCompany(db());
    const res = await get(`sponsors/${company.id}/reports/everything`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('report');
  });
});

describe('members', () => {
  it('finds members by username, e-mail or name and shows their completions', async () => {
    const m = await createMember(db(), {
      firstname: 'Zelda',
      lastname: 'Quartz',
      email: 'zq@example.test',
      agd_number: '123123',
    });
    const cls = await createClass(db(), { title: 'Endo basics' });
    await createCompletion(db(), m.id, { class_id: cls.id });
    for (const q of ['zelda quartz', 'ZQ@EXAMPLE', m.username.slice(0, 10)]) {
      const found = (await get(`members?q=${encodeURIComponent(q)}`)).json();
      expect(found.data.map((r: { id: string }) => r.id)).toContain(m.id);
    }
    expect((await get('members?q=%25')).json().data.map((r: { id: string }) => r.id)).not.toContain(m.id);
    const detail = (await get(`members/${m.id}`)).json();
    expect(detail.member).toMatchObject({ name: 'Zelda Quartz', agdNumber: '123123' });
    expect(detail.completions).toEqual([
      expect.objectContaining({ title: 'Endo basics', kind: 'class', agdSubmittedAt: null }),
    ]);
  });
});

describe('member actions owned by other features', () => {
  const mailsTo = (email: string, kind: string) =>
    db()
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('kind', '=', kind)
      .execute();

  it('mails a password-reset link and a certificate again, each recorded in the audit log', async () => {
    const m = await createMember(db(), { email: 'reset.me@example.test' });
    const completion = await createCompletion(db(), m.id, {
      class_id: (await createClass(db(), { title: 'Perio 101' })).id,
    });

    expect((await post(`members/${m.id}/password-reset`)).statusCode).toBe(200);
    expect(await mailsTo('reset.me@example.test', 'reset')).toHaveLength(1);

    const resent = await post(`completions/${completion.id}/resend-certificate`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await mailsTo('reset.me@example.test', 'certificate')).toHaveLength(1);

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', m.id)
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      { action: 'password-reset-mail', actor_id: staff.id },
      { action: 'resend-certificate', actor_id: staff.id },
    ]);
  });

  it('erases a member as their own confirmed link would, once, and never a staff account', async () => {
    const m = await createMember(db(), { email: 'erase.me@example.test', firstname: 'Eve' });
    const erased = await post(`members/${m.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);

    const row = await db()
      .selectFrom('members')
      .select(['email', 'firstname', 'erased_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.erased_at).not.toBeNull();
    expect(row.email).not.toBe('erase.me@example.test');
    expect(row.firstname).not.toBe('Eve');
    const student = await t.app.inject({
      url: '/api/student',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(student.statusCode).toBe(401);

    expect((await post(`members/${m.id}/erase`)).statusCode).toBe(409);
    expect((await post(`members/${staff.id}/erase`)).statusCode).toBe(409);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', m.id)
      .execute();
    expect(audit).toEqual([{ action: 'erase-member', actor_id: staff.id }]);
  });

  it('tells the console which member actions this server offers', async () => {
    const me = (await get('me')).json();
    expect(me).toMatchObject({
      username: staff.username,
      actions: { passwordReset: true, resendCertificate: true, erase: true },
    });
  });
});

describe('mail outbox', () => {
  it('lists mail by status, shows one, and puts a failed mail back to pending once', async () => {
    const id = await enqueueMail(db(), {
      to: 'fail@example.test',
      subject: 'Your certificate',
      text: 'Body text',
      kind: 'certificate',
    });
    await db()
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts: 6, last_error: 'mailbox full' })
      .where('id', '=', id)
      .execute();

    const failed = (await get('outbox?status=failed')).json();
    expect(failed.data).toEqual([
      expect.objectContaining({ id, status: 'failed', lastError: 'mailbox full' }),
    ]);
    expect((await get(`outbox/${id}`)).json().data.textBody).toBe('Body text');

    expect((await post(`outbox/${id}/retry`)).statusCode).toBe(200);
    const row = await db()
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', attempts: 0 });
    expect((await post(`outbox/${id}/retry`)).statusCode).toBe(409);
  });

  it('shows a mail with every one-time link taken out, audits each reading, and resends it to the member (issue 37 row 6)', async () => {
    const member = await createMember(db());
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password-request',
      payload: { u: member.username },
    });
    expect(asked.statusCode).toBe(200);
    const stored = await db()
      .selectFrom('mail_outbox')
      .select(['id', 'text_body'])
      .where('to_address', '=', member.email)
      .where('kind', '=', 'reset')
      .executeTakeFirstOrThrow();
    const token = /\/reset\/([A-Za-z0-9_-]{43})/.exec(stored.text_body)![1]!;

    const read = (await get(`outbox/${stored.id}`)).json().data;
    expect(read.textBody).not.toContain(token);
    expect(read.textBody).toContain('/reset/[redacted]');
    expect(read.hasRedactedLinks).toBe(true);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('entity', '=', 'mail_outbox')
      .where('entity_id', '=', stored.id)
      .execute();
    expect(audit).toEqual([{ actor_id: staff.id, action: 'read-mail' }]);
    // The list shows no body at all.
    expect((await get(`outbox?q=${encodeURIComponent(member.email)}`)).body).not.toContain(token);

    expect((await post(`outbox/${stored.id}/resend`)).statusCode).toBe(200);
    const copies = await db()
      .selectFrom('mail_outbox')
      .select(['id', 'text_body', 'to_address'])
      .where('to_address', '=', member.email)
      .where('kind', '=', 'reset')
      .execute();
    expect(copies).toHaveLength(2);
    // The member's copy carries the live link (it goes to their mailbox, not to staff).
    expect(copies.every((c) => c.text_body.includes(token))).toBe(true);
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', stored.id)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['read-mail', 'resend-mail']);
    // The link still works for the member.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { t: token, p: 'Another!pass9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('refuses an unknown status filter', async () => {
    const res = await get('outbox?status=lost');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('status');
  });
});

describe('audit log', () => {
  it('lists staff changes newest first with the actor, and filters them', async () => {
    await post('speakers', { name: 'Dr. Logged' });
    const body = (await get('audit?q=speakers')).json();
    expect(body.data[0]).toMatchObject({ actor: staff.username, action: 'create', entity: 'speakers' });
    expect(JSON.parse(body.data[0].detail)).toEqual({ title: 'Dr. Logged' });
    expect((await get('audit?q=no-such-entity')).json().totalRows).toBe(0);
  });
});
