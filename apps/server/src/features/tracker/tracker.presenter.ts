import {
  TRACKER_MANDATORY_TOPICS,
  TRACKER_REQUIREMENT_KINDS,
  type TMandatoryItem,
  type TRequirementKind,
} from '@opence/shared';
import type {
  TCertificateEvidence,
  TTrackerCertificate,
  TTrackerLicence,
  TTrackerRule,
  TTrackerStaffRule,
} from '@opence/shared/schemas';
import type { TrackerCertificatesTable, TrackerLicencesTable, TrackerRulesTable } from '../../db/types.ts';
import type { Selectable } from 'kysely';

/* Rows → the tracker API's JSON. */

const TRACKED = new Set<string>(TRACKER_MANDATORY_TOPICS);
const bool = (v: number | null) => (v === null ? null : v === 1);
const jsonOr = <T>(text: string | null, fallback: T): T => {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A licence with the requirements marked done on it (tracker_licence_checks). */
export function presentLicence(
  row: Selectable<TrackerLicencesTable>,
  checks: readonly { requirement_key: string; done_on: string }[] = [],
): TTrackerLicence {
  return {
    id: row.id,
    state: row.state,
    licenceType: row.licence_type,
    licenceNumber: row.licence_number,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    carryOverHours: row.carry_over_hours,
    holdsDea: row.holds_dea === 1,
    issuedOn: row.issued_on,
    birthMonth: row.birth_month,
    birthYear: row.birth_year,
    permits: jsonOr<string[]>(row.permits, []),
    requiredHours: row.required_hours,
    periodBasis: PERIOD_BASES.has(row.period_basis)
      ? (row.period_basis as 'rule' | 'member' | 'unconfirmed')
      : 'unconfirmed',
    checks: checks.map((c) => ({ key: c.requirement_key, doneOn: c.done_on })),
  };
}
const PERIOD_BASES: ReadonlySet<string> = new Set(['rule', 'member', 'unconfirmed']);
const KINDS: ReadonlySet<string> = new Set(TRACKER_REQUIREMENT_KINDS);

/** A mandatory entry as stored: the record's fields, and a kind staff may have set (any text). */
type TMandatoryRecord = Omit<TMandatoryItem, 'kind'> & { kind?: string | null };

export function presentRule(row: Selectable<TrackerRulesTable>): TTrackerRule {
  const sourceDates = jsonOr<unknown>(row.source_dates, null);
  return {
    state: row.state,
    licenceType: row.licence_type,
    cycleYears: row.cycle_years,
    cycleAnchor: row.cycle_anchor,
    anchorType: row.anchor_type,
    totalHours: row.total_hours,
    selfStudyMaxHours: row.self_study_max_hours,
    selfStudyMaxPercent: row.self_study_max_percent,
    selfStudyNoLimit: bool(row.self_study_no_limit),
    liveMinHours: row.live_min_hours,
    liveWebinarCountsAsLive: bool(row.live_webinar_counts_as_live),
    mandatory: jsonOr<TMandatoryRecord[]>(row.mandatory, []).map((m) => ({
      topic: m.topic,
      category: m.category,
      hours: m.hours ?? null,
      frequency: m.frequency ?? null,
      appliesTo: m.appliesTo ?? null,
      note: m.note ?? null,
      tracked: TRACKED.has(m.category),
      kind: m.kind && KINDS.has(m.kind) ? (m.kind as TRequirementKind) : null,
    })),
    acceptedProviders: jsonOr<string[] | null>(row.accepted_providers, null),
    carryOver: row.carry_over,
    carryOverAllowed: bool(row.carry_over_allowed),
    carryOverMaxHours: row.carry_over_max_hours,
    hourMinutes: row.hour_minutes,
    categoryCaps: jsonOr<{ topic: string; maxHours: number; note?: string | null }[]>(
      row.category_caps,
      [],
    ).map((c) => ({ topic: c.topic, maxHours: c.maxHours, note: c.note ?? null })),
    firstPeriodExempt: bool(row.first_period_exempt),
    anchorMonth: row.anchor_month,
    anchorDay: row.anchor_day,
    anchorParity: row.anchor_parity,
    anchorConfirmed: row.anchor_confirmed === 1,
    notes: row.notes,
    sources: jsonOr<string[]>(row.sources, []),
    sourceDates:
      sourceDates === null
        ? null
        : typeof sourceDates === 'string'
          ? sourceDates
          : JSON.stringify(sourceDates),
    confidence: row.confidence,
    verifiedOn: row.verified_on,
  };
}

export function presentCertificate(row: Selectable<TrackerCertificatesTable>): TTrackerCertificate {
  return {
    id: row.id,
    provider: row.provider,
    title: row.title,
    completedOn: row.completed_on,
    hours: row.hours,
    delivery: row.delivery,
    topics: jsonOr<string[]>(row.topics, []),
    approval: row.approval,
    expiresOn: row.expires_on,
    file:
      row.storage_key && row.content_type
        ? {
            name: certificateFileName(row.original_name, row.content_type),
            contentType: row.content_type,
            sizeBytes: row.size_bytes ?? 0,
          }
        : null,
    evidence: row.evidence ? jsonOr<TCertificateEvidence | null>(row.evidence, null) : null,
  };
}

/** A rule as the console edits it: the member's view plus its id, who verified it and when it changed. */
export function presentStaffRule(
  row: Selectable<TrackerRulesTable> & {
    verifier_username: string | null;
    verifier_firstname: string | null;
    verifier_lastname: string | null;
  },
): TTrackerStaffRule {
  const name = [row.verifier_firstname, row.verifier_lastname].filter(Boolean).join(' ');
  return Object.assign(presentRule(row), {
    id: row.id,
    verifiedBy: name || row.verifier_username,
    updatedAt: row.updated_at,
  });
}
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/json': 'json',
};

/**
 * An uploaded file's name as it is downloaded: the uploader's name with the extension of what
 * the file is (issue 37 row 4: `certificate.hta` holding a PDF is `certificate.pdf`).
 */
export function certificateFileName(originalName: string | null, contentType: string): string {
  const stem = (originalName ?? '').replace(/\.[^.]*$/, '') || 'certificate';
  return `${stem}.${EXTENSIONS[contentType] ?? 'bin'}`;
}
