import { inPersonDecision, ScanTexts, type TInPersonDecision } from '@opence/shared';
import type { TEventEvidence, TEventEvidenceScan } from '@opence/shared/schemas';
import type { TEvidencePage } from '../../domain/evidence-page.ts';
import type { TScanEventRow, TScanRow } from './events.scans.repo.ts';

/*
 * The evidence of one member's presence at one in-person event (issue 42): every scan with how it
 * was made (door code, claim, staff correction with its reason; removed ones say why), the
 * minutes present, the rule and the decision. The verify page, the audit pack and the member's
 * scan page show it; it names no other attendee.
 */

const METHOD_WORDS = {
  code: ScanTexts.BY_CODE,
  claim: ScanTexts.BY_CLAIM,
  correction: ScanTexts.BY_CORRECTION,
} as const;

type TScanMethod = keyof typeof METHOD_WORDS;

const kept = (scans: readonly TScanRow[]) =>
  scans
    .filter((s) => s.removed_at === null)
    .map((s) => ({ direction: s.direction as 'in' | 'out', at: s.scanned_at }));

/** The decision the member's kept scans give, against the event's minimum. */
export function decideScans(event: TScanEventRow, scans: readonly TScanRow[]): TInPersonDecision {
  return inPersonDecision(Number(event.min_presence_min ?? 0), kept(scans));
}

function presentScan(s: TScanRow): TEventEvidenceScan {
  return {
    id: s.id,
    direction: s.direction as 'in' | 'out',
    at: s.scanned_at,
    method: s.method as TScanMethod,
    reason: s.reason,
    correctedAt: s.method === 'correction' ? s.created_at : null,
    removed: s.removed_at ? { at: s.removed_at, reason: s.removed_reason ?? '' } : null,
  };
}

/** How the kept entry and exit were made, in words: 'scan-in by door code, scan-out by staff correction'. */
function sourceOf(scans: readonly TScanRow[]): string {
  return scans
    .filter((s) => s.removed_at === null)
    .map(
      (s) =>
        `${s.direction === 'in' ? ScanTexts.SCAN_IN : ScanTexts.SCAN_OUT} by ${METHOD_WORDS[s.method as TScanMethod]}`,
    )
    .join(', ');
}

export function buildEventEvidence(event: TScanEventRow, scans: readonly TScanRow[]): TEventEvidence {
  const decided = decideScans(event, scans);
  return {
    kind: 'event',
    ruleText: decided.ruleText,
    decision: decided.decision,
    reason: decided.reason,
    presence: decided.from ? [{ from: decided.from, to: decided.to, source: sourceOf(scans) }] : [],
    minutesPresent: decided.minutesPresent,
    minPresenceMin: Number(event.min_presence_min ?? 0),
    eventTitle: event.title,
    eventDate: event.release_at,
    place: event.place,
    scans: scans.map(presentScan),
  };
}

/** A moment as the audit pack prints it: exact, in UTC, whatever the reader's zone. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function scanLine(s: TEventEvidenceScan): string {
  const what = `${s.direction === 'in' ? ScanTexts.SCAN_IN : ScanTexts.SCAN_OUT} ${utc(s.at)} by ${METHOD_WORDS[s.method]}`;
  const why = s.reason ? ` (made ${utc(s.correctedAt ?? s.at)}: "${s.reason}")` : '';
  const removed = s.removed ? `; removed by staff ${utc(s.removed.at)}: "${s.removed.reason}"` : '';
  return what + why + removed;
}

/** The audit pack's page of one in-person credit decided by scans. */
export function eventEvidencePage(e: TEventEvidence, certificateNumber: string): TEvidencePage {
  return {
    heading: `In-person evidence: ${e.eventTitle}`,
    facts: [
      ['Certificate', certificateNumber],
      ['Event', `${utc(e.eventDate)}, ${e.place}`],
      ['Rule', e.ruleText],
      ['Minutes present', String(e.minutesPresent)],
      ['Decision', e.decision === 'live' ? ScanTexts.DECISION_LIVE : ScanTexts.DECISION_NONE],
      ['Reason', e.reason],
    ],
    lines: e.scans.map(scanLine),
  };
}
