import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CeType, ClassType, trackerDay } from '@opence/shared';
import { nowIso } from '../../lib/ids.ts';
import {
  createClass,
  createCompletion,
  createExam,
  createMember,
  createSeat,
  createStaff,
} from '../../../test/factories.ts';
import {
  bob,
  call,
  certificateBody,
  db,
  licenceBody,
  today,
  useTrackerApp,
  yearsFrom,
} from './tracker.fixtures.ts';

/* Where a member stands for a licence on a real database: the rule's lines, cards, caps and the gap. */

useTrackerApp();

describe('where I stand', () => {
  it('counts the site’s completions and uploads against the rule, says why not, and suggests free courses for the gap', async () => {
    const carol = await createMember(db());
    // CA dentists: 50 h per 2 years, 2 h infection control among the mandatory topics.
    const { id } = (await call(carol, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const before = (await call(carol, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(before.rule.state).toBe('CA');
    expect(before.total).toMatchObject({ required: 50, counted: 0, met: false });
    expect(before.daysLeft).toBe(400);
    const ic = before.topics.find((x: { topic: string }) => x.topic === 'infection_control');
    expect(ic).toMatchObject({ counted: 0, met: false, label: 'Infection control' });

    // Courses here: one on-demand done (tagged), one on-demand not done, a full webinar and one with seats.
    const done = await createClass(db(), { title: 'Done IC class', credits: 1 });
    const open = await createClass(db(), { title: 'Open IC class', credits: 2 });
    const tomorrow = nowIso(new Date(Date.now() + 86_400_000));
    const full = await createClass(db(), {
      title: 'Full IC webinar',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: tomorrow,
      capacity: 1,
    });
    const seatsLeft = await createClass(db(), {
      title: 'Roomy IC webinar',
      type_id: ClassType.LIVE,
      ce_type_id: CeType.LIVE,
      release_at: tomorrow,
      capacity: 10,
    });
    for (const c of [done, open, full, seatsLeft]) {
      await db()
        .insertInto('class_topics')
        .values({ class_id: c.id, topic_code: 'infection_control' })
        .execute();
      await createExam(db(), { classId: c.id });
    }
    await createSeat(db(), full.id, (await createMember(db())).id);
    await createCompletion(db(), carol.id, { class_id: done.id }, { credits: 1 });

    const oldCert = await call(carol, 'POST', '/api/tracker/certificates', {
      ...certificateBody,
      completedOn: yearsFrom(-400),
      hours: 5,
    });
    expect(oldCert.statusCode).toBe(200);

    const after = (await call(carol, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(after.total.counted).toBe(1);
    const icAfter = after.topics.find((x: { topic: string }) => x.topic === 'infection_control');
    expect(icAfter).toMatchObject({ counted: 1, met: false });
    const site = after.credits.find((c: { source: string }) => c.source === 'site');
    expect(site).toMatchObject({
      title: 'Done IC class',
      counts: true,
      countedHours: 1,
      topics: ['infection_control'],
    });
    const outside = after.credits.find((c: { source: string }) => c.source === 'upload');
    expect(outside).toMatchObject({ counts: false, reasons: ['outside_period'] });

    const gap = after.gap.find((g: { need: string }) => g.need === 'infection_control:infection_control');
    const titles = gap.courses.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Open IC class', 'Roomy IC webinar']));
    expect(titles).not.toContain('Done IC class');
    expect(titles).not.toContain('Full IC webinar');
    const roomy = gap.courses.find((c: { title: string }) => c.title === 'Roomy IC webinar');
    expect(roomy).toMatchObject({ kind: 'live', seatsLeft: 10, url: `/classroom-reserve/${seatsLeft.hash}` });
    expect(gap.courses.find((c: { title: string }) => c.title === 'Open IC class').url).toBe(
      `/classroom/${open.hash}`,
    );

    // A certificate in the period moves the bars.
    await call(carol, 'POST', '/api/tracker/certificates', certificateBody);
    const moved = (await call(carol, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(moved.total.counted).toBe(3);
    expect(moved.topics.find((x: { topic: string }) => x.topic === 'infection_control').met).toBe(true);
    expect(moved.gap.find((g: { need: string }) => g.need.startsWith('infection_control:'))).toBeUndefined();

    // The audit pack's transcript, read back as text; another member's guess finds nothing.
    const pack = await call(carol, 'GET', `/api/tracker/audit-pack?id=${id}`);
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-pack-'));
    writeFileSync(path.join(dir, 'pack.pdf'), pack.rawPayload);
    // Read in the order it is tagged (no -layout): a table cell's wrapped lines stay together.
    const text = execFileSync('pdftotext', [path.join(dir, 'pack.pdf'), '-'])
      .toString()
      .replace(/\s+/g, ' ');
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain('CE audit transcript');
    expect(text).toContain('D-12345');
    expect(text).toMatch(/Total hours: 3 h of 50 h/);
    expect(text).toMatch(/Infection control: Done: 3 of 2 h/);
    expect(text).toContain('Done IC class');
    expect(text).toContain('Infection Control Update');
    expect(text).toContain('outside the period');
    expect((await call(bob, 'GET', `/api/tracker/audit-pack?id=${id}`)).statusCode).toBe(404);
  });
});

describe('the model’s conditions, cards and limits', () => {
  it('applies a prescribers’ requirement only with a controlled-substance registration', async () => {
    const frank = await createMember(db());
    const ak = { ...licenceBody, state: 'AK' };
    const without = (await call(frank, 'POST', '/api/tracker/licences', ak)).json().licence;
    expect(without.holdsDea).toBe(false);
    const a = (await call(frank, 'GET', `/api/tracker/standing?id=${without.id}`)).json().standing;
    expect(a.topics.map((x: { topic: string }) => x.topic)).not.toContain('opioid_controlled_substances');
    expect(a.conditional).toContainEqual(
      expect.objectContaining({ appliesTo: 'holders of a DEA registration', applies: false }),
    );
    const changed = await call(frank, 'PUT', `/api/tracker/licence?id=${without.id}`, {
      ...ak,
      holdsDea: true,
    });
    expect(changed.json().licence.holdsDea).toBe(true);
    const b = (await call(frank, 'GET', `/api/tracker/standing?id=${without.id}`)).json().standing;
    expect(b.topics.find((x: { topic: string }) => x.topic === 'opioid_controlled_substances')).toMatchObject(
      {
        required: 2,
        met: false,
      },
    );
  });

  it('counts a CPR card toward CPR while it is valid at the deadline, issued before the period or not', async () => {
    const gina = await createMember(db());
    const { id } = (await call(gina, 'POST', '/api/tracker/licences', licenceBody)).json().licence;
    const card = {
      ...certificateBody,
      title: 'BLS Provider card',
      topics: ['cpr_bls'],
      hours: 4,
      completedOn: yearsFrom(-400),
      expiresOn: yearsFrom(500),
    };
    const created = await call(gina, 'POST', '/api/tracker/certificates', card);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().certificate.expiresOn).toBe(card.expiresOn);
    const s = (await call(gina, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(s.topics.find((x: { topic: string }) => x.topic === 'cpr_bls')).toMatchObject({
      met: true,
      validUntil: card.expiresOn,
    });
    expect(s.total.counted).toBe(0);
    const pack = await call(gina, 'GET', `/api/tracker/audit-pack?id=${id}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-card-'));
    writeFileSync(path.join(dir, 'pack.pdf'), pack.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'pack.pdf'), '-']).toString();
    rmSync(dir, { recursive: true, force: true });
    expect(text).toContain(`Done: Card valid until ${trackerDay(card.expiresOn)}`);
    // A card that runs out before the deadline does not.
    await call(gina, 'PUT', `/api/tracker/certificate?id=${created.json().certificate.id}`, {
      ...card,
      expiresOn: yearsFrom(100),
    });
    const t2 = (await call(gina, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(t2.topics.find((x: { topic: string }) => x.topic === 'cpr_bls')).toMatchObject({
      met: false,
      validUntil: null,
    });
  });
});

describe('50-minute hours and category caps set in the console', () => {
  it('converts and caps a member’s hours as staff set them on the rule', async () => {
    const staff = await createStaff(db());
    const summary = (await call(staff, 'GET', '/api/admin/tracker/rules?state=CT&licenceType=dentist')).json()
      .rules[0];
    const rule = (await call(staff, 'GET', `/api/admin/tracker/rule?id=${summary.id}`)).json().rule;
    const saved = await call(staff, 'PUT', `/api/admin/tracker/rule?id=${rule.id}`, {
      cycleYears: rule.cycleYears,
      totalHours: 25,
      selfStudyMaxHours: null,
      selfStudyMaxPercent: null,
      selfStudyNoLimit: true,
      liveMinHours: null,
      liveWebinarCountsAsLive: null,
      mandatory: [],
      carryOverAllowed: null,
      carryOverMaxHours: null,
      hourMinutes: 50,
      categoryCaps: [{ topic: 'cpr_bls', maxHours: 3 }],
      notes: null,
      sources: rule.sources,
      verifiedOn: today,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().rule).toMatchObject({
      hourMinutes: 50,
      categoryCaps: [{ topic: 'cpr_bls', maxHours: 3 }],
    });

    const ivy = await createMember(db());
    const { id } = (await call(ivy, 'POST', '/api/tracker/licences', { ...licenceBody, state: 'CT' })).json()
      .licence;
    // 5 h of CPR (60-minute hours) are 6 CT hours, of which 3 count; 5 h of another course are 6.
    await call(ivy, 'POST', '/api/tracker/certificates', {
      ...certificateBody,
      topics: ['cpr_bls'],
      hours: 5,
    });
    await call(ivy, 'POST', '/api/tracker/certificates', { ...certificateBody, topics: [], hours: 5 });
    const s = (await call(ivy, 'GET', `/api/tracker/standing?id=${id}`)).json().standing;
    expect(s.total).toMatchObject({ required: 25, counted: 9 });
    expect(s.credits.some((c: { reasons: string[] }) => c.reasons.includes('over_category_cap'))).toBe(true);
  });
});
