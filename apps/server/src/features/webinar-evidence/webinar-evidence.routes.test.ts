import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CeType, ClassType, LIVE_POLL_PULSE_TTL_MS, Texts, type TCreditRule } from '@opence/shared';
import { EVALUATION_QUESTIONS } from '@opence/shared/schemas';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { checkPdfWithOutsideTools } from '../../../test/pdf-checks.ts';
import {
  createClass,
  createExam,
  createMember,
  createSeat,
  createStaff,
  setCertificateProvider,
  type TTestMember,
} from '../../../test/factories.ts';

/*
 * The webinar credit decision through the real routes (issue 42, decisions 1150–1153): staff set
 * the rule and run the polls in the console, members answer in the room, the participant report
 * or the room's own record gives the minutes, and the exam, the certificate's delivery and the
 * verify page follow the decision. Named cases of the issue; SQLite, and PostgreSQL with
 * DATABASE_URL. The test cannot move the server's clock, so a webinar "in the past" is made by
 * moving all of its recorded times back together (shiftBack): the intervals keep their lengths.
 */

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  await seedReferenceData(db());
  await setCertificateProvider(db());
  staff = await createStaff(db());
});
afterAll(() => t.close());

const auth = (m: TTestMember) => ({ authorization: `Bearer ${m.token}` });
type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (m: TTestMember, method: TMethod, url: string, payload?: unknown, headers = {}) =>
  t.app.inject({ method, url, headers: { ...auth(m), ...headers }, ...(payload ? { payload } : {}) });
async function ok(m: TTestMember, method: TMethod, url: string, payload?: unknown) {
  const res = await call(m, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}
const ratings = Object.fromEntries(EVALUATION_QUESTIONS.map((q) => [q.question, 4]));
const rule = (r: TCreditRule | null) => ({ rule: r });

/** A one-hour live webinar that started `minutesAgo` minutes ago, with a 5-question exam. */
async function liveWebinar(minutesAgo = 0) {
  const webinar = await createClass(db(), {
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    release_at: nowIso(new Date(Date.now() - minutesAgo * MINUTE)),
    duration_min: 60,
    credits: 1,
    capacity: 500,
    zoom_code: '81234567890',
  });
  await createExam(db(), { classId: webinar.id });
  return webinar;
}

/** A member who reserves, enters the room now, confirms attendance and evaluates. */
async function attendee(hash: string) {
  const m = await createMember(db());
  await ok(m, 'GET', `/api/reserve-seat?c=${hash}`);
  await ok(m, 'GET', `/api/class-start?c=${hash}`);
  return m;
}
async function finishClass(m: TTestMember, hash: string) {
  await ok(m, 'POST', '/api/save-affidavit', { c: hash, attended: true });
  await ok(m, 'POST', '/api/save-eval', { c: hash, a: ratings });
}

/** The webinar happened `minutes` earlier: every time it recorded moves back by as much. */
async function shiftBack(classId: string, minutes = 180) {
  const back = (iso: string | null) => (iso ? nowIso(new Date(Date.parse(iso) - minutes * MINUTE)) : null);
  const cls = await db()
    .selectFrom('classes')
    .select('release_at')
    .where('id', '=', classId)
    .executeTakeFirstOrThrow();
  await db()
    .updateTable('classes')
    .set({ release_at: back(cls.release_at)! })
    .where('id', '=', classId)
    .execute();
  for (const seat of await db()
    .selectFrom('seats')
    .select(['id', 'started_at'])
    .where('class_id', '=', classId)
    .execute())
    await db()
      .updateTable('seats')
      .set({ started_at: back(seat.started_at) })
      .where('id', '=', seat.id)
      .execute();
  const polls = await db().selectFrom('webinar_polls').selectAll().where('class_id', '=', classId).execute();
  for (const p of polls) {
    await db()
      .updateTable('webinar_polls')
      .set({ opened_at: back(p.opened_at), closed_at: back(p.closed_at) })
      .where('id', '=', p.id)
      .execute();
    for (const a of await db()
      .selectFrom('webinar_poll_answers')
      .selectAll()
      .where('poll_id', '=', p.id)
      .execute())
      await db()
        .updateTable('webinar_poll_answers')
        .set({ answered_at: back(a.answered_at)! })
        .where('poll_id', '=', p.id)
        .where('member_id', '=', a.member_id)
        .execute();
  }
}

type TPolls = { polls: { id: string; counts: number[]; openedAt: string | null; closedAt: string | null }[] };
async function addPoll(hash: string, question = 'Which bur?', choices = ['Round', 'Pear', 'Fissure']) {
  const list: TPolls = await ok(staff, 'POST', `/api/admin/webinar-polls?c=${hash}`, { question, choices });
  return list.polls.at(-1)!.id;
}
const openPoll = (id: string) => ok(staff, 'POST', `/api/admin/webinar-poll-open?id=${id}`);
const closePoll = (id: string) => ok(staff, 'POST', `/api/admin/webinar-poll-close?id=${id}`);
const answer = (m: TTestMember, hash: string, id: string, choice = 0, headers = {}) =>
  call(m, 'POST', '/api/live-poll-answer', { c: hash, id, choice }, headers);
const setRule = (hash: string, r: TCreditRule | null) =>
  ok(staff, 'PUT', `/api/admin/webinar-credit-rule?c=${hash}`, rule(r));

/** The exam answered right; the completion's delivery and the verify page's evidence. */
async function earn(m: TTestMember, hash: string) {
  const exam = await ok(m, 'GET', `/api/exam?c=${hash}&tzOffsetMin=300`);
  await ok(m, 'POST', '/api/grade-exam', { c: hash, a: exam.exam.questions.map(() => 1), tzOffsetMin: 300 });
  const row = await db()
    .selectFrom('completions')
    .innerJoin('classes', 'classes.id', 'completions.class_id')
    .select(['completions.certificate_number', 'completions.delivery', 'completions.ce_type_id'])
    .where('completions.member_id', '=', m.id)
    .where('classes.hash', '=', hash)
    .executeTakeFirstOrThrow();
  const verify = (await t.app.inject({ url: `/api/verify?n=${row.certificate_number}` })).json();
  return { delivery: row.delivery, ceTypeId: row.ce_type_id, evidence: verify.webinarEvidence, verify };
}

/** Staff import and confirm a participant report. */
async function importReport(hash: string, rows: string[]) {
  const csv = ['Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest', ...rows].join(
    '\n',
  );
  const preview = await ok(staff, 'POST', '/api/admin/attendance-preview', { c: hash, csv });
  await ok(staff, 'POST', '/api/admin/attendance-confirm', { id: preview.id });
}

describe('the webinar credit decision, case by case', () => {
  it('no rule (every existing webinar): live credit as before, and the evidence says so', async () => {
    const w = await liveWebinar(0);
    const m = await attendee(w.hash);
    await finishClass(m, w.hash);
    await shiftBack(w.id);
    const earned = await earn(m, w.hash);
    expect(earned.delivery).toBe('live_webinar_self_attested');
    expect(earned.evidence).toMatchObject({
      kind: 'webinar',
      decision: 'live',
      ruleText: Texts.CREDIT_RULE_NONE,
    });
  });

  it('late join: the room counts minutes from the entry, below the rule gives self-study', async () => {
    const w = await liveWebinar(20);
    await setRule(w.hash, { minMinutes: 45, minPolls: 0, below: 'self_study' });
    const m = await attendee(w.hash);
    await finishClass(m, w.hash);
    await shiftBack(w.id);
    const earned = await earn(m, w.hash);
    expect(earned.evidence).toMatchObject({ decision: 'self_study', minutesSource: 'room' });
    expect([39, 40]).toContain(earned.evidence.minutesPresent);
    expect(earned.evidence.presence).toHaveLength(1);
    expect(earned.evidence.presence[0].source).toBe(Texts.SOURCE_ROOM);
    expect(earned.delivery).toBe('on_demand');
    expect(earned.ceTypeId).toBe(CeType.SELF_STUDY);
    expect(earned.verify.method).toBe('Electronically Mediated (on-demand video)');
  });

  it('rule met exactly at the boundary: 45 of 45 minutes is live credit', async () => {
    const w = await liveWebinar(0);
    await setRule(w.hash, { minMinutes: 45, minPolls: 0, below: 'none' });
    const m = await attendee(w.hash);
    // The webinar started exactly 15 minutes before the member entered the room.
    const seat = await db()
      .selectFrom('seats')
      .select('started_at')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const release = nowIso(new Date(Date.parse(seat.started_at!) - 15 * MINUTE));
    await db().updateTable('classes').set({ release_at: release }).where('id', '=', w.id).execute();
    await finishClass(m, w.hash);
    await shiftBack(w.id);
    const earned = await earn(m, w.hash);
    expect(earned.evidence).toMatchObject({ decision: 'live', minutesPresent: 45 });
    expect(earned.delivery).toBe('live_webinar_self_attested');
  });

  it('no participant report: the room record is used; once a report is confirmed it decides instead', async () => {
    const w = await liveWebinar(0);
    await setRule(w.hash, { minMinutes: 45, minPolls: 0, below: 'self_study' });
    const m = await attendee(w.hash);
    await finishClass(m, w.hash);
    const before = (await ok(m, 'GET', `/api/webinar-credit?c=${w.hash}`)).evidence;
    expect(before).toMatchObject({ minutesSource: 'room', decision: 'live' });
    await importReport(w.hash, [`Ann,${m.email},12/01/2026 01:00 PM,12/01/2026 01:30 PM,30,No`]);
    const after = (await ok(m, 'GET', `/api/webinar-credit?c=${w.hash}`)).evidence;
    expect(after).toMatchObject({ minutesSource: 'report', minutesPresent: 30, decision: 'self_study' });
    expect(after.reason).toContain('present 30 minutes of the 45 required');
  });

  it('leave and rejoin in the participant report: both stays shown, the gap not counted', async () => {
    const w = await liveWebinar(0);
    await setRule(w.hash, { minMinutes: 45, minPolls: 0, below: 'none' });
    const m = await attendee(w.hash);
    await finishClass(m, w.hash);
    await importReport(w.hash, [
      `Ann,${m.email},12/01/2026 01:00 PM,12/01/2026 01:20 PM,20,No`,
      `Ann,${m.email},12/01/2026 01:30 PM,12/01/2026 02:00 PM,30,No`,
    ]);
    await shiftBack(w.id);
    const earned = await earn(m, w.hash);
    expect(earned.evidence).toMatchObject({ decision: 'live', minutesPresent: 50, minutesSource: 'report' });
    expect(earned.evidence.presence).toEqual([
      { from: '12/01/2026 01:00 PM', to: '12/01/2026 01:20 PM', source: Texts.SOURCE_REPORT },
      { from: '12/01/2026 01:30 PM', to: '12/01/2026 02:00 PM', source: Texts.SOURCE_REPORT },
    ]);
    expect(earned.delivery).toBe('live_webinar_verified');
  });

  it('dial-in by phone in the participant report: the phone row counts with the web row', async () => {
    const w = await liveWebinar(0);
    await setRule(w.hash, { minMinutes: 45, minPolls: 0, below: 'none' });
    const m = await attendee(w.hash);
    await finishClass(m, w.hash);
    await importReport(w.hash, [
      `Ann,${m.email},12/01/2026 01:00 PM,12/01/2026 01:10 PM,10,No`,
      `Ann (phone +1 555 0100),${m.email},12/01/2026 01:12 PM,12/01/2026 01:52 PM,40,No`,
    ]);
    await shiftBack(w.id);
    const earned = await earn(m, w.hash);
    expect(earned.evidence).toMatchObject({ decision: 'live', minutesPresent: 50 });
    expect(earned.evidence.presence).toHaveLength(2);
  });

  it('missed polls: one of two answered under a two-poll rule gives self-study, and the member sees why', async () => {
    const w = await liveWebinar(0);
    await setRule(w.hash, { minMinutes: 0, minPolls: 2, below: 'self_study' });
    const m = await attendee(w.hash);
    const first = await addPoll(w.hash, 'First?');
    const second = await addPoll(w.hash, 'Second?');
    await openPoll(first);
    expect((await answer(m, w.hash, first, 1)).statusCode).toBe(200);
    await closePoll(first);
    await openPoll(second);
    await closePoll(second);
    await finishClass(m, w.hash);
    const own = (await ok(m, 'GET', `/api/webinar-credit?c=${w.hash}`)).evidence;
    expect(own.reason).toMatch(
      /^Below the rule \(self-study credit\): present (59|60) minutes of the 0 required; answered 1 of the 2 polls required\.$/,
    );
    await shiftBack(w.id);
    const earned = await earn(m, w.hash);
    expect(earned.evidence).toMatchObject({ decision: 'self_study', pollsOpened: 2, pollsAnswered: 1 });
    expect(
      earned.evidence.polls.map((p: { question: string; answeredAt: string | null }) => [
        p.question,
        p.answeredAt !== null,
      ]),
    ).toEqual([
      ['First?', true],
      ['Second?', false],
    ]);
    expect(earned.delivery).toBe('on_demand');
  });

  it('a poll answered after it closed is refused with a clear message and not counted', async () => {
    const w = await liveWebinar(0);
    const m = await attendee(w.hash);
    const poll = await addPoll(w.hash);
    await openPoll(poll);
    await closePoll(poll);
    const late = await answer(m, w.hash, poll, 2);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(Texts.POLL_CLOSED);
    const list: TPolls = await ok(staff, 'GET', `/api/admin/webinar-polls?c=${w.hash}`);
    expect(list.polls[0]!.counts).toEqual([0, 0, 0]);
    expect((await ok(m, 'GET', `/api/webinar-credit?c=${w.hash}`)).evidence.pollsAnswered).toBe(0);
  });

  it("clock skew: a member's clock ahead or behind changes nothing, the server's time dates the answer", async () => {
    const w = await liveWebinar(0);
    const ahead = await attendee(w.hash);
    const behind = await attendee(w.hash);
    const poll = await addPoll(w.hash);
    await openPoll(poll);
    const before = Date.now();
    const skewed = (ms: number) => ({ date: new Date(Date.now() + ms).toUTCString() });
    const a = await call(
      ahead,
      'POST',
      '/api/live-poll-answer',
      { c: w.hash, id: poll, choice: 0, answeredAt: '2099-01-01T00:00:00.000Z' },
      skewed(3_600_000),
    );
    expect(a.statusCode, a.body).toBe(200);
    const answeredAt = Date.parse(a.json().answeredAt);
    expect(answeredAt).toBeGreaterThanOrEqual(before - 1);
    expect(answeredAt).toBeLessThanOrEqual(Date.now() + 1);
    await closePoll(poll);
    // Behind: by the member's clock the poll is still open; by the server's it closed.
    const b = await call(
      behind,
      'POST',
      '/api/live-poll-answer',
      { c: w.hash, id: poll, choice: 1 },
      skewed(-3_600_000),
    );
    expect(b.statusCode).toBe(409);
    const kept = await db()
      .selectFrom('webinar_poll_answers')
      .select(['member_id', 'answered_at'])
      .where('poll_id', '=', poll)
      .execute();
    expect(kept).toEqual([{ member_id: ahead.id, answered_at: a.json().answeredAt }]);
  });

  it('staff change the rule before certificates are issued: the rule at issue decides, an issued certificate keeps it', async () => {
    const w = await liveWebinar(30);
    await setRule(w.hash, { minMinutes: 45, minPolls: 0, below: 'none' });
    const m = await attendee(w.hash);
    const other = await attendee(w.hash);
    await finishClass(m, w.hash);
    await finishClass(other, w.hash);
    await shiftBack(w.id);
    const refused = await call(m, 'GET', `/api/exam?c=${w.hash}&tzOffsetMin=300`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(
      new RegExp(`^${Texts.CREDIT_REFUSED} Below the rule \\(no credit\\): present (29|30) minutes`),
    );
    // Staff lower the minutes to 25: the certificate issued now is live.
    await setRule(w.hash, { minMinutes: 25, minPolls: 0, below: 'none' });
    const earned = await earn(m, w.hash);
    expect(earned.evidence).toMatchObject({ decision: 'live' });
    expect(earned.delivery).toBe('live_webinar_self_attested');
    // Raised again later: the issued certificate keeps its decision; the other attendee meets the new one.
    await setRule(w.hash, { minMinutes: 50, minPolls: 0, below: 'self_study' });
    const again = (await t.app.inject({ url: `/api/verify?n=${earned.verify.certificateNumber}` })).json();
    expect(again.webinarEvidence.decision).toBe('live');
    expect((await earn(other, w.hash)).delivery).toBe('on_demand');
  });

  it('self-study fallback vs none: the same attendance gives self-study under one rule and a refused exam under the other', async () => {
    const fallback = await liveWebinar(40);
    const strict = await liveWebinar(40);
    await setRule(fallback.hash, { minMinutes: 30, minPolls: 0, below: 'self_study' });
    await setRule(strict.hash, { minMinutes: 30, minPolls: 0, below: 'none' });
    const m = await createMember(db());
    for (const w of [fallback, strict]) {
      await ok(m, 'GET', `/api/reserve-seat?c=${w.hash}`);
      await ok(m, 'GET', `/api/class-start?c=${w.hash}`);
      await finishClass(m, w.hash);
      await shiftBack(w.id);
    }
    expect((await earn(m, fallback.hash)).delivery).toBe('on_demand');
    const refused = await call(m, 'GET', `/api/exam?c=${strict.hash}&tzOffsetMin=300`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain('no credit');
    const own = (await ok(m, 'GET', `/api/webinar-credit?c=${strict.hash}`)).evidence;
    expect(own).toMatchObject({ decision: 'none' });
    // Nothing was issued for the refused one.
    const issued = await db()
      .selectFrom('completions')
      .select('id')
      .where('class_id', '=', strict.id)
      .execute();
    expect(issued).toEqual([]);
  });
});

describe('the evidence travels', () => {
  it('the audit pack has a page for the live webinar credit: presence, polls with times, rule and decision', async () => {
    const w = await liveWebinar(0);
    await db().updateTable('classes').set({ title: 'Caries Risk Live' }).where('id', '=', w.id).execute();
    await setRule(w.hash, { minMinutes: 30, minPolls: 1, below: 'self_study' });
    const m = await attendee(w.hash);
    const poll = await addPoll(w.hash, 'Which fluoride varnish?');
    await openPoll(poll);
    await answer(m, w.hash, poll, 0);
    await closePoll(poll);
    await finishClass(m, w.hash);
    await shiftBack(w.id);
    const earned = await earn(m, w.hash);
    expect(earned.evidence).toMatchObject({ decision: 'live', pollsAnswered: 1 });
    const year = new Date().getUTCFullYear();
    const licence = await ok(m, 'POST', '/api/tracker/licences', {
      state: 'CA',
      licenceType: 'dentist',
      licenceNumber: 'D-1',
      periodStart: `${year - 1}-01-01`,
      periodEnd: `${year + 1}-12-31`,
    });
    const pack = await call(m, 'GET', `/api/tracker/audit-pack?id=${licence.licence.id}`);
    expect(pack.statusCode).toBe(200);
    // Read as an auditor's tools read it: valid (qpdf), every font embedded (pdffonts), tagged.
    const raw = checkPdfWithOutsideTools(pack.rawPayload, 'audit pack with webinar evidence');
    const text = raw.replace(/\s+/g, ' ');
    for (const line of [
      'Webinar evidence: Caries Risk Live',
      'Decision: Live credit. Rule met:',
      'Rule: Live credit for at least 30 minutes present and 1 poll answered; below that, self-study credit.',
      `(${Texts.SOURCE_ROOM})`,
      'Polls: 1 of 1 answered',
      'Which fluoride varnish?: opened',
      '; answered ',
    ]) {
      expect(text, line).toContain(line);
    }
    // One page of its own: the page break (form feed) comes right before it.
    expect(raw).toMatch(/\fWebinar evidence: Caries Risk Live/);
  });
});

describe('polls in the console and the room', () => {
  it('are edited until opened, one is open at a time, and the room shows the open one with the answer', async () => {
    const w = await liveWebinar(0);
    const m = await attendee(w.hash);
    const id = await addPoll(w.hash);
    const bad = await call(staff, 'POST', `/api/admin/webinar-polls?c=${w.hash}`, {
      question: 'Q',
      choices: ['Only one'],
    });
    expect(bad.statusCode).toBe(400);
    await ok(staff, 'PUT', `/api/admin/webinar-poll?id=${id}`, {
      question: 'Which bur, really?',
      choices: ['A', 'B'],
    });
    expect((await ok(m, 'GET', `/api/live-poll?c=${w.hash}`)).poll).toBeNull();
    await openPoll(id);
    const other = await addPoll(w.hash, 'Next?');
    expect((await call(staff, 'POST', `/api/admin/webinar-poll-open?id=${other}`)).json().msg).toBe(
      Texts.POLL_ANOTHER_OPEN,
    );
    const locked = await call(staff, 'PUT', `/api/admin/webinar-poll?id=${id}`, {
      question: 'Changed',
      choices: ['A', 'B'],
    });
    expect(locked.statusCode).toBe(409);
    expect((await ok(m, 'GET', `/api/live-poll?c=${w.hash}`)).poll).toMatchObject({
      id,
      question: 'Which bur, really?',
      choices: ['A', 'B'],
      myChoice: null,
    });
    expect((await answer(m, w.hash, id, 5)).statusCode).toBe(400);
    const recorded = await answer(m, w.hash, id, 1);
    expect(recorded.json()).toMatchObject({ choice: 1, msg: Texts.POLL_RECORDED });
    expect((await answer(m, w.hash, id, 0)).json().msg).toBe(Texts.POLL_ALREADY_ANSWERED);
    expect((await ok(m, 'GET', `/api/live-poll?c=${w.hash}`)).poll).toMatchObject({ myChoice: 1 });
    // No seat, no poll: another member is refused.
    const stranger = await createMember(db());
    expect((await call(stranger, 'GET', `/api/live-poll?c=${w.hash}`)).statusCode).toBe(403);
    expect((await answer(stranger, w.hash, id, 0)).statusCode).toBe(403);
    const waiting = await createMember(db());
    await createSeat(db(), w.id, waiting.id, { is_waiting: 1 });
    expect((await answer(waiting, w.hash, id, 0)).statusCode).toBe(403);
  });

  it('the pulse names the open poll for everyone, at once after this process opens or closes it (1154)', async () => {
    const w = await liveWebinar(0);
    const pulse = async () => {
      const res = await t.app.inject({ url: `/api/live-poll-pulse?c=${w.hash}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=2');
      return res.json().pollId as string | null;
    };
    const id = await addPoll(w.hash);
    expect(await pulse()).toBeNull();
    await openPoll(id);
    expect(await pulse()).toBe(id);
    await closePoll(id);
    expect(await pulse()).toBeNull();
    // A poll opened by another process (written directly here) reaches the pulse within its TTL.
    const next = await addPoll(w.hash, 'Next?');
    await db()
      .updateTable('webinar_polls')
      .set({ opened_at: nowIso(new Date()) })
      .where('id', '=', next)
      .execute();
    expect(await pulse()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_PULSE_TTL_MS + 50));
    expect(await pulse()).toBe(next);
    // An unknown webinar has no open poll; a malformed address is refused.
    expect((await t.app.inject({ url: '/api/live-poll-pulse?c=nosuchclass' })).json()).toEqual({
      pollId: null,
    });
    expect((await t.app.inject({ url: '/api/live-poll-pulse' })).statusCode).toBe(400);
  });

  it('keeps every answer sent at once, one per attendee, none lost', async () => {
    const w = await liveWebinar(0);
    const members = await Promise.all(Array.from({ length: 40 }, () => createMember(db())));
    for (const m of members) await createSeat(db(), w.id, m.id);
    const id = await addPoll(w.hash);
    await openPoll(id);
    // Each attendee sends twice at once (a double tap): 80 requests together.
    const results = await Promise.all(
      members.flatMap((m, i) => [answer(m, w.hash, id, i % 3), answer(m, w.hash, id, (i + 1) % 3)]),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(40);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
    const list: TPolls = await ok(staff, 'GET', `/api/admin/webinar-polls?c=${w.hash}`);
    expect(list.polls[0]!.counts.reduce((a, b) => a + b, 0)).toBe(40);
    const rows = await db()
      .selectFrom('webinar_poll_answers')
      .select('member_id')
      .where('poll_id', '=', id)
      .execute();
    expect(new Set(rows.map((r) => r.member_id)).size).toBe(40);
  });
});
