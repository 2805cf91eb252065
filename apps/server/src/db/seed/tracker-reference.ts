import type { Insertable, Kysely } from 'kysely';
import { parseFixedAnchor, TRACKER_MANDATORY_TOPICS, TRACKER_TOPIC_LABELS } from '@opence/shared';
import { newId } from '../../lib/ids.ts';
import { PdfWriter } from '../../lib/pdf.ts';
import type { TStorage } from '../../lib/storage.ts';
import type { DB, TrackerCertificatesTable, TrackerLicencesTable, TrackerRulesTable } from '../types.ts';
import stateRules from './state-ce-rules.json' with { type: 'json' };

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
  const fixed = record.anchorType === 'fixed_date' ? parseFixedAnchor(record.cycleAnchor) : null;
  const carry = readCarryOver(record.carryOver);
  return {
    id: newId(),
    state: record.state,
    licence_type: record.licenseType,
    cycle_years: record.cycleYears,
    cycle_anchor: record.cycleAnchor,
    anchor_type: record.anchorType,
    anchor_month: fixed?.month ?? null,
    anchor_day: fixed?.day ?? null,
    anchor_parity: fixed?.parity ?? null,
    total_hours: record.totalHours,
    self_study_max_hours: record.selfStudyMaxHours,
    self_study_max_percent: record.selfStudyMaxPercent,
    self_study_no_limit: flag(record.selfStudyNoLimit),
    live_min_hours: record.liveMinHours,
    live_webinar_counts_as_live: flag(record.liveWebinarCountsAsLive),
    mandatory: JSON.stringify(record.mandatory),
    accepted_providers: record.acceptedProviders ? JSON.stringify(record.acceptedProviders) : null,
    carry_over: record.carryOver,
    carry_over_allowed: flag(carry.allowed),
    carry_over_max_hours: carry.maxHours,
    notes: record.notes,
    sources: JSON.stringify(record.sources ?? []),
    source_dates: record.sourceDates === null ? null : JSON.stringify(record.sourceDates),
    confidence: record.confidence,
    verified_on: null,
    verified_by: null,
    hour_minutes: null,
    category_caps: null,
    updated_at: at,
  };
}

/** Inserts the topics and rules that are missing; returns how many of each went in. */
export async function seedTrackerReference(
  db: Kysely<DB>,
  at: string,
): Promise<{ topics: number; rules: number }> {
  const mandatory = new Set<string>(TRACKER_MANDATORY_TOPICS);
  const topics = Object.entries(TRACKER_TOPIC_LABELS).map(([code, label], sort) => ({
    code,
    label,
    kind: mandatory.has(code) ? ('mandatory' as const) : ('agd' as const),
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
  return { topics: insertedTopics, rules: insertedRules };
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
 * The demo member's CE tracker: a California dentist licence in its current period and an
 * uploaded infection-control certificate (its PDF in the private folder when one is given).
 */
export async function demoTrackerRows(
  memberId: string,
  now: Date,
  files?: TStorage,
): Promise<{ licence: Insertable<TrackerLicencesTable>; certificate: Insertable<TrackerCertificatesTable> }> {
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
  return { licence, certificate };
}
