import { ScanTexts, SCAN_ROTATION_MIN } from '@opence/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVALUATION_RATINGS, type TEventEvidence } from '@opence/shared/schemas';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { checkPdfWithOutsideTools } from '../../../test/pdf-checks.ts';
import {
  createMember,
  createStaff,
  setCertificateProvider,
  type TTestMember,
} from '../../../test/factories.ts';

/*
 * In-person scan-in and scan-out (issue 42, docs/decisions/1155–1157): the in-person cases of the
 * issue's scripted credit decisions, each through the real routes (door screen, scan, correction,
 * claim, verify), on SQLite and, with DATABASE_URL, on PostgreSQL. The clock is moved with fake
 * Date only, so the codes' windows and the minutes present are exact.
 */

let t: TTestApp;
let staff: TTestMember;
const db = () => t.app.deps.database.db;
const MINUTE = 60_000;
const WINDOW = SCAN_ROTATION_MIN * MINUTE;
/** 30 s into a rotation window, so moving by whole windows lands in the window meant. */
const base = Math.floor(Date.now() / WINDOW) * WINDOW + 30_000;
const at = (minutes: number) => vi.setSystemTime(base + minutes * MINUTE);

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
  await seedReferenceData(db());
  await setCertificateProvider(db());
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const ratings = Object.fromEntries(EVALUATION_RATINGS.map((rating) => [rating.name, 4]));

const asStaff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${staff.token}` },
    ...(payload ? { payload } : {}),
  });

/** An event held from base, with scanning on (unless told) and the minimum presence given. */
async function scanningEvent(minPresenceMin = 60, isScanning = true) {
  const created = await asStaff('POST', '/api/admin/in-person-events', {
    title: `Study club ${Math.random().toString(36).slice(2, 8)}`,
    date: new Date(base - 10 * MINUTE).toISOString(),
    durationMin: 120,
    place: 'Hotel Ballroom B, Chicago',
    credits: 2,
  });
  expect(created.statusCode, created.body).toBe(200);
  const event = created.json().event as { id: string; code: string; title: string };
  if (isScanning) {
    const set = await asStaff('PUT', `/api/admin/in-person-events/${event.id}/scanning`, {
      isScanning: true,
      minPresenceMin,
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  return event;
}

async function doorCodes(eventId: string) {
  const res = await asStaff('GET', `/api/admin/in-person-events/${eventId}/door-codes`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    entry: { code: string; url: string; qrSvg: string };
    exit: { code: string; url: string };
  };
}

const scan = (member: TTestMember, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/event-scan',
    headers: { authorization: `Bearer ${member.token}` },
    payload: { code },
    remoteAddress: '10.42.0.1',
  });

/** Scans the event's current entry or exit code, as the member's phone would open the QR. */
async function scanNow(member: TTestMember, eventId: string, direction: 'entry' | 'exit') {
  const codes = await doorCodes(eventId);
  return scan(member, codes[direction].url.split('/scan/')[1]!);
}

async function memberEvidence(eventId: string, memberId: string) {
  const res = await asStaff('GET', `/api/admin/in-person-events/${eventId}/scans`);
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().data as {
      memberId: string;
      certificateNumber: string | null;
      evidence: TEventEvidence;
      correctedBy: Record<string, string>;
    }[]
  ).find((r) => r.memberId === memberId);
}

/** At base, a scanning event with this minimum and a member scanned in by its entry code. */
async function scannedIn(minPresenceMin: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
  const event = await scanningEvent(minPresenceMin);
  const member = await createMember(db());
  expect((await scanNow(member, event.id, 'entry')).statusCode).toBe(200);
  return { event, member };
}

const claimAs = (member: TTestMember, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/claim-event',
    headers: { authorization: `Bearer ${member.token}` },
    payload: { code, attended: true, a: ratings },
  });

const verify = (n: string) => t.app.inject({ method: 'GET', url: '/api/verify', query: { n } });
const countScans = async (eventId: string) =>
  (await db().selectFrom('event_scans').select('id').where('event_id', '=', eventId).execute()).length;
const correct = (eventId: string, body: object) =>
  asStaff('POST', `/api/admin/in-person-events/${eventId}/scan-corrections`, body);

describe('in-person scan-in and scan-out: the scripted cases', () => {
  it('1. scan-out missing: no in-person credit, and the member sees why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const event = await scanningEvent(60);
    const member = await createMember(db());
    const scanned = await scanNow(member, event.id, 'entry');
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json()).toMatchObject({
      outcome: 'recorded',
      direction: 'in',
      scannedAt: new Date(base).toISOString(),
      certificateNumber: null,
      evidence: { kind: 'event', decision: 'none', minutesPresent: 0 },
    });
    expect(scanned.json().evidence.reason).toMatch(/No scan-out/);
    const row = await memberEvidence(event.id, member.id);
    expect(row).toMatchObject({ certificateNumber: null, evidence: { decision: 'none' } });
  });

  it('2. a staff correction adds the missing scan-out: credit in person, the reason logged and shown', async () => {
    const { event, member } = await scannedIn(60);
    at(200);
    const reason = 'Left by the side door; the desk saw her leave at 11:00.';
    const fixed = await correct(event.id, {
      action: 'add',
      memberId: member.id,
      direction: 'out',
      at: new Date(base + 90 * MINUTE).toISOString(),
      reason,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().evidence).toMatchObject({ decision: 'live', minutesPresent: 90 });
    const number = fixed.json().certificateNumber as string;
    expect(number).toBeTruthy();
    const out = fixed.json().evidence.scans.find((s: { direction: string }) => s.direction === 'out');
    expect(out).toMatchObject({
      method: 'correction',
      reason,
      correctedAt: new Date(base + 200 * MINUTE).toISOString(),
    });
    const row = await memberEvidence(event.id, member.id);
    expect(row!.correctedBy[out.id]).toMatch(/^Test Member/);
    const logged = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'detail', 'at'])
      .where('action', '=', 'event.scan.add')
      .where('entity_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(logged.actor_id).toBe(staff.id);
    expect(JSON.parse(logged.detail)).toMatchObject({ memberId: member.id, reason });
    const completion = await db()
      .selectFrom('completions')
      .select(['delivery', 'completed_at'])
      .where('certificate_number', '=', number)
      .executeTakeFirstOrThrow();
    expect(completion.delivery).toBe('in_person');
    // Dated by the presence (the scan-out staff added), not by the day of the correction.
    expect(completion.completed_at).toBe(new Date(base + 90 * MINUTE).toISOString());

    // The audit pack has a page of this credit's evidence, read back from the PDF.
    vi.useRealTimers();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const licence = await t.app.inject({
      method: 'POST',
      url: '/api/tracker/licences',
      headers: { authorization: `Bearer ${member.token}` },
      payload: {
        state: 'CA',
        licenceType: 'dentist',
        licenceNumber: 'D-4242',
        periodStart: day(-300),
        periodEnd: day(400),
      },
    });
    expect(licence.statusCode, licence.body).toBe(200);
    const pack = await t.app.inject({
      method: 'GET',
      url: `/api/tracker/audit-pack?id=${licence.json().licence.id}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(pack.statusCode).toBe(200);
    // Read as an auditor's tools read it: valid (qpdf), every font embedded (pdffonts), tagged.
    const pages = checkPdfWithOutsideTools(pack.rawPayload, 'audit pack with in-person evidence').split('\f');
    const page = pages.find((p) => p.includes('In-person evidence:'))!.replace(/\s+/g, ' ');
    expect(page).toContain(`In-person evidence: ${event.title}`);
    expect(page).toContain(`Certificate: ${number}`);
    expect(page).toContain('Minutes present: 90');
    expect(page).toContain('In-person credit needs a scan-in and a scan-out at least 60 minutes apart.');
    expect(page).toContain(
      `Scan-out ${new Date(base + 90 * MINUTE).toISOString().slice(0, 16).replace('T', ' ')} UTC by staff correction`,
    );
    expect(page).toContain(reason);
    // Only this member's own scans: one page, two scans.
    expect(page.match(/Scan-(in|out) \d{4}/g)).toHaveLength(2);
  });

  it('3. a duplicate scan changes nothing and says so', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const event = await scanningEvent(60);
    const member = await createMember(db());
    const codes = await doorCodes(event.id);
    const entry = codes.entry.url.split('/scan/')[1]!;
    expect((await scan(member, entry)).json()).toMatchObject({ outcome: 'recorded' });
    at(2);
    const again = await scan(member, entry);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'duplicate', scannedAt: new Date(base).toISOString() });
    expect(await countScans(event.id)).toBe(1);
  });

  it('4. a code photographed and used after it rotated: the previous window taken, an older one refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const event = await scanningEvent(30);
    const photo = (await doorCodes(event.id)).entry.code;
    expect(photo).toMatch(new RegExp(`^${event.code}-E-[2-9A-HJKMNP-Z]{5}$`));
    const inTheRoom = await createMember(db());
    const outside = await createMember(db());
    at(SCAN_ROTATION_MIN);
    expect((await doorCodes(event.id)).entry.code).not.toBe(photo);
    const previous = await scan(inTheRoom, photo);
    expect(previous.statusCode, previous.body).toBe(200);
    at(2 * SCAN_ROTATION_MIN);
    const older = await scan(outside, photo);
    expect(older.statusCode).toBe(409);
    expect(older.json().msg).toBe(ScanTexts.CODE_EXPIRED);
    expect(await countScans(event.id)).toBe(1);
    const wrong = await scan(outside, `${event.code}-E-22222`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().msg).toBe(ScanTexts.CODE_WRONG);
  });

  it('5. exit scanned before entry: refused, nothing recorded, the member told what to do', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const event = await scanningEvent(60);
    const member = await createMember(db());
    const out = await scanNow(member, event.id, 'exit');
    expect(out.statusCode).toBe(409);
    expect(out.json().msg).toBe(ScanTexts.OUT_BEFORE_IN);
    expect(await countScans(event.id)).toBe(0);
  });

  it('6. presence exactly at the minimum: in-person credit, dated, with its evidence on the verify page', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const event = await scanningEvent(60);
    const member = await createMember(db());
    const other = await createMember(db());
    expect((await scanNow(member, event.id, 'entry')).statusCode).toBe(200);
    expect((await scanNow(other, event.id, 'entry')).statusCode).toBe(200);
    at(60);
    const out = await scanNow(member, event.id, 'exit');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().evidence).toMatchObject({ decision: 'live', minutesPresent: 60, minPresenceMin: 60 });
    const number = out.json().certificateNumber as string;
    expect(number).toBeTruthy();
    vi.useRealTimers();
    const verified = await verify(number);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().method).toBe('In Person');
    expect(verified.json().eventEvidence).toMatchObject({
      kind: 'event',
      decision: 'live',
      minutesPresent: 60,
      ruleText: 'In-person credit needs a scan-in and a scan-out at least 60 minutes apart.',
      presence: [{ from: new Date(base).toISOString(), to: new Date(base + 60 * MINUTE).toISOString() }],
    });
    expect(verified.json().eventEvidence.scans).toHaveLength(2);
    // No other attendee's data: the other member's scan, name and e-mail are not in it.
    expect(verified.body).not.toContain(other.email);
    expect(verified.body).not.toContain(other.id);
    expect(verified.body).not.toContain(member.email);
  });

  it('7. one minute short: no in-person credit, the reason says by how much', async () => {
    const { event, member } = await scannedIn(60);
    at(59);
    const out = await scanNow(member, event.id, 'exit');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({
      certificateNumber: null,
      evidence: { decision: 'none', minutesPresent: 59 },
    });
    expect(out.json().evidence.reason).toBe('Present 59 minutes; the event asks at least 60 (1 short).');
    const completions = await db()
      .selectFrom('completions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(completions).toHaveLength(0);
  });

  it('8. the claim code of a scanning event records the entry; the exit then gives the credit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const event = await scanningEvent(45);
    const member = await createMember(db());
    const claimed = await claimAs(member, event.code);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      certificateNumber: null,
      scannedInAt: new Date(base).toISOString(),
    });
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/claim-event-preview',
      headers: { authorization: `Bearer ${member.token}` },
      query: { code: event.code },
    });
    expect(preview.json()).toMatchObject({
      isScanning: true,
      scannedInAt: new Date(base).toISOString(),
      claimed: false,
    });
    at(50);
    const out = await scanNow(member, event.id, 'exit');
    expect(out.json()).toMatchObject({ evidence: { decision: 'live', minutesPresent: 50 } });
    expect(out.json().evidence.scans.map((s: { method: string }) => s.method)).toEqual(['claim', 'code']);
    expect(out.json().evidence.presence[0].source).toBe('Scan-in by claim code, Scan-out by door code');
    expect(out.json().certificateNumber).toBeTruthy();
  });

  it('9. a correction removes a wrong scan-out; the member scans out again and gets the credit', async () => {
    const { event, member } = await scannedIn(60);
    at(5);
    const early = await scanNow(member, event.id, 'exit');
    expect(early.json().evidence.decision).toBe('none');
    const wrongId = early.json().evidence.scans.find((s: { direction: string }) => s.direction === 'out').id;
    const reason = 'Scanned the exit code by mistake on the way to the coffee break.';
    const removed = await correct(event.id, { action: 'remove', scanId: wrongId, reason });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().evidence.scans.find((s: { id: string }) => s.id === wrongId).removed).toMatchObject(
      { reason },
    );
    at(75);
    const out = await scanNow(member, event.id, 'exit');
    expect(out.json()).toMatchObject({
      outcome: 'recorded',
      evidence: { decision: 'live', minutesPresent: 75 },
    });
    expect(out.json().evidence.scans).toHaveLength(3);
    // Removing it again, or taking away credit already issued, is refused and changes nothing.
    expect((await correct(event.id, { action: 'remove', scanId: wrongId, reason })).statusCode).toBe(404);
    const keptOut = out
      .json()
      .evidence.scans.find(
        (s: { direction: string; removed: unknown }) => s.direction === 'out' && !s.removed,
      ).id;
    const takeAway = await correct(event.id, { action: 'remove', scanId: keptOut, reason });
    expect(takeAway.statusCode).toBe(409);
    expect(takeAway.json().msg).toBe(ScanTexts.CORRECTION_ISSUED);
    expect((await memberEvidence(event.id, member.id))!.evidence.decision).toBe('live');
  });

  it('10. an event without scanning is unchanged: the claim gives the certificate at once, no evidence', async () => {
    const event = await scanningEvent(60, false);
    const member = await createMember(db());
    const claimed = await claimAs(member, event.code);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const number = claimed.json().certificateNumber as string;
    expect(number).toBeTruthy();
    expect(claimed.json().scannedInAt).toBeUndefined();
    const verified = await verify(number);
    expect(verified.json().method).toBe('In Person');
    expect(verified.json().eventEvidence).toBeUndefined();
    expect((await asStaff('GET', `/api/admin/in-person-events/${event.id}/door-codes`)).statusCode).toBe(409);
    expect((await scan(member, `${event.code}-E-23456`)).statusCode).toBe(404);
  });

  it('11. a correction gone wrong (exit before entry) decides no credit', async () => {
    const { event, member } = await scannedIn(30);
    const fixed = await correct(event.id, {
      action: 'add',
      memberId: member.id,
      direction: 'out',
      at: new Date(base - 60 * MINUTE).toISOString(),
      reason: 'Typed the wrong hour',
    });
    expect(fixed.json()).toMatchObject({ certificateNumber: null, evidence: { decision: 'none' } });
    expect(fixed.json().evidence.reason).toBe('The scan-out is before the scan-in.');
    const twice = await correct(event.id, {
      action: 'add',
      memberId: member.id,
      direction: 'out',
      at: new Date(base + 60 * MINUTE).toISOString(),
      reason: 'Typed the right hour',
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('in-person scans under concurrency', () => {
  it('the same scan fired many times at once records one scan and one credit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
    const event = await scanningEvent(30);
    const member = await createMember(db());
    const codes = await doorCodes(event.id);
    const entries = await Promise.all(
      Array.from({ length: 20 }, () => scan(member, codes.entry.url.split('/scan/')[1]!)),
    );
    expect(entries.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(entries.filter((r) => r.json().outcome === 'recorded')).toHaveLength(1);
    at(40);
    const exit = (await doorCodes(event.id)).exit.url.split('/scan/')[1]!;
    const exits = await Promise.all(Array.from({ length: 20 }, () => scan(member, exit)));
    expect(exits.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(exits.filter((r) => r.json().outcome === 'recorded')).toHaveLength(1);
    expect(await countScans(event.id)).toBe(2);
    const completions = await db()
      .selectFrom('completions')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(completions).toHaveLength(1);
  });
});

describe('scanning settings', () => {
  it('refuses a minimum outside 1–1,440 minutes and changes nothing', async () => {
    const event = await scanningEvent(60, false);
    const bad = await asStaff('PUT', `/api/admin/in-person-events/${event.id}/scanning`, {
      isScanning: true,
      minPresenceMin: 0,
    });
    expect(bad.statusCode).toBe(400);
    const row = await db()
      .selectFrom('in_person_events')
      .select(['is_scanning', 'scan_secret'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.is_scanning)).toBe(0);
    expect(row.scan_secret).toBeNull();
  });
});
