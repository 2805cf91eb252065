import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage.ts';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createStaff } from '../../../test/factories.ts';
import { seedReferenceData } from './demo-content.ts';
import { demoTrackerRows, readCarryOver } from './tracker-reference.ts';

/* The CE tracker's reference data: seeded at every start, staff edits kept (both engines). */

let t: TTestApp;
const db = () => t.app.deps.database.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('tracker reference data', () => {
  it('seeds the 102 rules with their sources and confidence, and the topic list', async () => {
    await seedReferenceData(db());
    const rules = await db().selectFrom('tracker_rules').selectAll().execute();
    expect(rules).toHaveLength(102);
    expect(rules.every((r) => JSON.parse(r.sources).length > 0)).toBe(true);
    expect(new Set(rules.map((r) => r.confidence))).toEqual(new Set(['sourced', 'partial', 'unverified']));
    const ar = rules.find((r) => r.state === 'AR' && r.licence_type === 'dental_hygienist')!;
    expect(ar).toMatchObject({
      cycle_years: 2,
      total_hours: 40,
      anchor_month: 12,
      anchor_day: 31,
      anchor_parity: 'odd',
    });
    expect(ar.self_study_max_hours).toBeNull();
    const topics = await db().selectFrom('tracker_topics').select('code').execute();
    expect(topics.map((x) => x.code)).toEqual(
      expect.arrayContaining(['infection_control', 'cpr_bls', 'agd_148']),
    );
  });

  it('keeps what staff changed when it runs again', async () => {
    await db().updateTable('tracker_rules').set({ total_hours: 99 }).where('state', '=', 'CA').execute();
    await seedReferenceData(db());
    const ca = await db()
      .selectFrom('tracker_rules')
      .select('total_hours')
      .where('state', '=', 'CA')
      .execute();
    expect(ca.map((r) => r.total_hours)).toEqual([99, 99]);
    expect(await db().selectFrom('tracker_rules').select('id').execute()).toHaveLength(102);
  });

  it('brings rules seeded before the project’s additions up to them, leaving what staff verified', async () => {
    const tx = () =>
      db()
        .selectFrom('tracker_rules')
        .selectAll()
        .where('state', '=', 'TX')
        .where('licence_type', '=', 'dentist')
        .executeTakeFirstOrThrow();
    expect(JSON.parse((await tx()).category_caps!)).toContainEqual({
      topic: 'practice_management',
      maxHours: 0,
      note: 'practice-finance courses excluded',
    });
    const topics = await db().selectFrom('tracker_topics').select(['code', 'kind']).execute();
    expect(topics).toContainEqual({ code: 'practice_management', kind: 'category' });
    // As a database seeded before issue 36 holds them: no additions, no anchor confirmed.
    const staff = (await createStaff(db())).id;
    await db()
      .updateTable('tracker_rules')
      .set({ additions_version: 0, category_caps: null, anchor_confirmed: 0, first_period_exempt: null })
      .where('state', 'in', ['TX', 'NY'])
      .execute();
    await db()
      .updateTable('tracker_rules')
      .set({ verified_by: staff, verified_on: '2026-11-01' })
      .where('state', '=', 'NY')
      .where('licence_type', '=', 'dentist')
      .execute();
    await seedReferenceData(db());
    expect((await tx()).category_caps).toContain('practice-finance courses excluded');
    expect((await tx()).additions_version).toBeGreaterThan(0);
    const ny = await db().selectFrom('tracker_rules').selectAll().where('state', '=', 'NY').execute();
    const verified = ny.find((r) => r.licence_type === 'dentist')!;
    const other = ny.find((r) => r.licence_type === 'dental_hygienist')!;
    // Staff own a rule they verified: only the anchor, which the console did not edit before, is set.
    expect(verified.category_caps).toBeNull();
    expect(verified.first_period_exempt).toBeNull();
    expect(verified.anchor_confirmed).toBe(1);
    expect(other.first_period_exempt).toBe(1);
  });

  it.each([
    ['No carry-over.', { allowed: false, maxHours: null }],
    ['Hours above 45 cannot be carried forward (legalclarity).', { allowed: false, maxHours: null }],
    ['Up to 15 hours may be carried over.', { allowed: true, maxHours: 15 }],
    [null, { allowed: null, maxHours: null }],
  ])('reads the carry-over text %j', (text, expected) => expect(readCarryOver(text)).toEqual(expected));
});

describe('the demo member’s tracker', () => {
  it('has a licence in its current period and a certificate whose PDF is stored privately', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tracker-demo-'));
    const files = createLocalStorage(dir);
    const now = new Date('2026-11-25T12:00:00Z');
    const { licence, licences, certificate } = await demoTrackerRows('member-1', now, files);
    expect(licence).toMatchObject({ state: 'CA', period_start: '2025-01-01', period_end: '2026-12-31' });
    // A Texas hygienist born in November: the birth-month cycle's period, the member's year.
    expect(licences[1]).toMatchObject({
      state: 'TX',
      licence_type: 'dental_hygienist',
      birth_month: 11,
      period_start: '2024-12-01',
      period_end: '2026-11-30',
      period_basis: 'member',
    });
    expect(
      certificate.completed_on >= licence.period_start && certificate.completed_on <= licence.period_end,
    ).toBe(true);
    const bytes = await files.get(certificate.storage_key!);
    expect(bytes!.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, 'c.pdf');
    writeFileSync(file, bytes!);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('Infection Control and the Dental Practice Act');
    rmSync(dir, { recursive: true, force: true });
  });
});
