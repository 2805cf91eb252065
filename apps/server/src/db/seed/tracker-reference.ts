import type { Insertable, Kysely } from 'kysely';
import {
  anchorConfirmedByText,
  parseFixedAnchor,
  planPeriod,
  TRACKER_CATEGORY_TOPICS,
  TRACKER_MANDATORY_TOPICS,
  TRACKER_TOPIC_LABELS,
} from '@opence/shared';
import { newId } from '../../lib/ids.ts';
import { PdfWriter } from '../../lib/pdf.ts';
import type { TStorage } from '../../lib/storage.ts';
import type { DB, TrackerCertificatesTable, TrackerLicencesTable, TrackerRulesTable } from '../types.ts';
import stateRules from './state-ce-rules.json' with { type: 'json' };
import { ADDITIONS_VERSION, RULE_ADDITIONS, type TRuleAddition } from './tracker-rule-additions.ts';

/*
 * The CE tracker's reference data, inserted at every start where missing (staff edits kept):
 * the controlled topic list and the requirement rules of state-ce-rules.json (102 records,
 * copied from ../shared/data; sources and confidence kept, null left as unknown).
 */

type TStateRuleRecord = (typeof stateRules)[number];

const flag = (v: boolean | null | undefined) => (v === true ? 1 : v === false ? 0 : null);

/** 'No carry-over.' → false; a stated maximum ('up to 15 hours') → allowed with that maximum. */
export function readCarryOver(text: string | null): { allowed: boolean | null; maxHours: number | null } {
  if (!text) return { allowed: null, maxHours: null };
  if (/\b(no carry|not (be )?(carried|allowed|permitted)|cannot be carried|prohibited|forbidden)/i.test(text))
    return { allowed: false, maxHours: null };
  const max = /(?:up to|maximum of|max(?:imum)?)\s+(\d+(?:\.\d+)?)\s*(?:h|hours|credits)/i.exec(text);
  return { allowed: max ? true : null, maxHours: max ? Number(max[1]) : null };
}

export function ruleRow(record: TStateRuleRecord, at: string): Insertable<TrackerRulesTable> {
  const carry = readCarryOver(record.carryOver);
  const row = {
    id: newId(),
    state: record.state,
    licence_type: record.licenseType,
    cycle_years: record.cycleYears,
    cycle_anchor: record.cycleAnchor,
    anchor_type: record.anchorType,
    total_hours: record.totalHours,
    self_study_max_hours: record.selfStudyMaxHours,
    self_study_max_percent: record.selfStudyMaxPercent,
    self_study_no_limit: flag(record.selfStudyNoLimit),
    live_min_hours: record.liveMinHours,
    live_webinar_counts_as_live: flag(record.liveWebinarCountsAsLive),
    accepted_providers: record.acceptedProviders ? JSON.stringify(record.acceptedProviders) : null,
    carry_over: record.carryOver,
    carry_over_allowed: flag(carry.allowed),
    carry_over_max_hours: carry.maxHours,
    notes: record.notes,
    source_dates: record.sourceDates === null ? null : JSON.stringify(record.sourceDates),
    confidence: record.confidence,
    verified_on: null,
    verified_by: null,
    updated_at: at,
  };
  return Object.assign(row, additionFields(record));
}

const additionOf = (record: Pick<TStateRuleRecord, 'state' | 'licenseType'>): TRuleAddition | undefined =>
  RULE_ADDITIONS.find((a) => a.state === record.state && a.licenceType === record.licenseType);

/** The cycle anchor as data: read from the text, corrected by the additions, confirmed only where the text states it. */
export function anchorFields(record: TStateRuleRecord) {
  const fixed = record.anchorType === 'fixed_date' ? parseFixedAnchor(record.cycleAnchor) : null;
  const fix = additionOf(record)?.anchor;
  const month = fix?.month ?? fixed?.month ?? null;
  const day = fix?.day ?? fixed?.day ?? null;
  const parity = fix && 'parity' in fix ? (fix.parity ?? null) : (fixed?.parity ?? null);
  const confirmed = fix ? !fix.ask : anchorConfirmedByText(record.cycleAnchor, record.confidence);
  return { anchor_month: month, anchor_day: day, anchor_parity: parity, anchor_confirmed: confirmed ? 1 : 0 };
}

/**
 * What the project's additions (tracker-rule-additions.ts) make of a record: the anchor, the
 * category caps with the words they rest on, a first-period exemption, 50-minute hours and the
 * corrected mandatory entries, with any source they add.
 */
export function additionFields(record: TStateRuleRecord) {
  const addition = additionOf(record);
  const mandatory = (record.mandatory as Record<string, unknown>[]).map((m) => {
    const fix = addition?.mandatory?.find((x) => x.topic === m.topic);
    if (!fix) return m;
    return Object.assign({}, m, {
      ...(fix.appliesTo ? { appliesTo: fix.appliesTo } : {}),
      ...(fix.kind ? { kind: fix.kind } : {}),
    });
  });
  const added = (addition?.mandatory ?? []).flatMap((m) => (m.source ? [m.source] : []));
  const caps = addition?.categoryCaps ?? [];
  return Object.assign(anchorFields(record), {
    mandatory: JSON.stringify(mandatory),
    sources: JSON.stringify([
      ...(record.sources ?? []),
      ...added.filter((u) => !record.sources?.includes(u)),
    ]),
    category_caps: caps.length
      ? JSON.stringify(caps.map((c) => ({ topic: c.topic, maxHours: c.maxHours, note: c.quote })))
      : null,
    first_period_exempt: addition?.firstPeriodExempt ? 1 : null,
    hour_minutes: addition?.hourMinutes?.minutes ?? null,
    additions_version: ADDITIONS_VERSION,
  });
}

/** Inserts the topics and rules that are missing; returns how many of each went in. */
export async function seedTrackerReference(
  db: Kysely<DB>,
  at: string,
): Promise<{ topics: number; rules: number }> {
  const mandatory = new Set<string>(TRACKER_MANDATORY_TOPICS);
  const categories = new Set<string>(TRACKER_CATEGORY_TOPICS);
  const topics = Object.entries(TRACKER_TOPIC_LABELS).map(([code, label], sort) => ({
    code,
    label,
    kind: mandatory.has(code)
      ? ('mandatory' as const)
      : categories.has(code)
        ? ('category' as const)
        : ('agd' as const),
    sort,
  }));
  const count = (r: { numInsertedOrUpdatedRows?: bigint }[]) =>
    r.reduce((sum, x) => sum + Number(x.numInsertedOrUpdatedRows ?? 0n), 0);
  const insertedTopics = count(
    await db
      .insertInto('tracker_topics')
      .values(topics)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute(),
  );
  let insertedRules = 0;
  const rows = (stateRules as TStateRuleRecord[]).map((r) => ruleRow(r, at));
  for (let i = 0; i < rows.length; i += 50) {
    insertedRules += count(
      await db
        .insertInto('tracker_rules')
        .values(rows.slice(i, i + 50))
        .onConflict((oc) => oc.columns(['state', 'licence_type']).doNothing())
        .execute(),
    );
  }
  await upgradeRules(db, at);
  return { topics: insertedTopics, rules: insertedRules };
}

/**
 * Rules seeded before the current additions take them: all of them where staff have not verified
 * the rule, only the cycle anchor (which the console did not edit before) where they have.
 */
async function upgradeRules(db: Kysely<DB>, at: string) {
  const stale = await db
    .selectFrom('tracker_rules')
    .select(['id', 'state', 'licence_type', 'verified_by'])
    .where('additions_version', '<', ADDITIONS_VERSION)
    .execute();
  const records = new Map((stateRules as TStateRuleRecord[]).map((r) => [`${r.state} ${r.licenseType}`, r]));
  for (const row of stale) {
    const record = records.get(`${row.state} ${row.licence_type}`);
    const set = !record
      ? { additions_version: ADDITIONS_VERSION }
      : row.verified_by === null
        ? Object.assign(additionFields(record), { updated_at: at })
        : Object.assign(anchorFields(record), { additions_version: ADDITIONS_VERSION });
    await db
      .updateTable('tracker_rules')
      .set(set)
      .where('id', '=', row.id)
      .where('additions_version', '<', ADDITIONS_VERSION)
      .execute();
  }
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** A one-page certificate from another provider, as a member would upload it. */
async function demoCertificatePdf(title: string, day: string): Promise<Uint8Array> {
  const pdf = new PdfWriter({ title: `Certificate of Completion: ${title}`, producer: 'Demo provider' });
  pdf.text(pdf.root, 'H1', 'Certificate of Completion', { size: 24, bold: true, gap: 8 });
  pdf.text(pdf.root, 'P', 'Golden State Dental Society (demo provider)', { size: 12, gap: 24 });
  pdf.text(pdf.root, 'P', title, { size: 16, bold: true, gap: 8 });
  pdf.text(pdf.root, 'P', `Completed ${day} - 2 contact hours - live, in person - AGD PACE`, { size: 12 });
  return pdf.finish();
}

/**
 * The demo member's CE tracker: a California dentist licence in its current period, a Texas
 * dental hygienist licence (born in November: the board's birth-month cycle, with its
 * jurisprudence assessment and its exclusion of practice-management courses, issue 36), and an
 * uploaded infection-control certificate (its PDF in the private folder when one is given).
 */
export async function demoTrackerRows(
  memberId: string,
  now: Date,
  files?: TStorage,
): Promise<{
  licence: Insertable<TrackerLicencesTable>;
  licences: Insertable<TrackerLicencesTable>[];
  certificate: Insertable<TrackerCertificatesTable>;
}> {
  const at = now.toISOString();
  const year = now.getUTCFullYear();
  // California's period is assigned by the board; the demo takes two calendar years ending this one.
  const licence = {
    id: newId(),
    member_id: memberId,
    state: 'CA',
    licence_type: 'dentist',
    licence_number: 'DDS 54321 (demo)',
    period_start: `${year - 1}-01-01`,
    period_end: `${year}-12-31`,
    carry_over_hours: 0,
    // The member's own dates: California assigns each license its period (issue 36).
    period_basis: 'member',
    created_at: at,
    updated_at: at,
  };
  const today = dayOf(now);
  const birthMonth = 11;
  const texasAnchor = {
    cycleYears: 2,
    type: 'birth_month',
    month: null,
    day: null,
    parity: null,
    confirmed: true,
  };
  const renewalYear = planPeriod(texasAnchor, { birthMonth }, today).renewalYears[0]!;
  const texasPeriod = planPeriod(texasAnchor, { birthMonth, renewalYear }, today).period!;
  const texas = {
    id: newId(),
    member_id: memberId,
    state: 'TX',
    licence_type: 'dental_hygienist',
    licence_number: 'RDH 112233 (demo)',
    period_start: texasPeriod.start,
    period_end: texasPeriod.end,
    carry_over_hours: 0,
    birth_month: birthMonth,
    period_basis: 'member',
    created_at: at,
    updated_at: at,
  };
  const title = 'Infection Control and the Dental Practice Act';
  const day = dayOf(new Date(now.getTime() - 40 * DAY_MS));
  const id = newId();
  let file: Pick<TrackerCertificatesTable, 'storage_key' | 'content_type' | 'size_bytes' | 'original_name'> =
    {
      storage_key: null,
      content_type: null,
      size_bytes: null,
      original_name: null,
    };
  if (files) {
    const bytes = await demoCertificatePdf(title, day);
    const key = `tracker/${memberId}/${id}.pdf`;
    await files.put(key, bytes, 'application/pdf');
    file = {
      storage_key: key,
      content_type: 'application/pdf',
      size_bytes: bytes.length,
      original_name: 'infection-control-certificate.pdf',
    };
  }
  const certificate = Object.assign(
    {
      id,
      member_id: memberId,
      provider: 'Golden State Dental Society',
      title,
      completed_on: day,
      hours: 2,
      delivery: 'in_person',
      topics: JSON.stringify(['infection_control', 'agd_148']),
      approval: 'AGD PACE',
      created_at: at,
      updated_at: at,
    },
    file,
  );
  return { licence, licences: [licence, texas], certificate };
}
