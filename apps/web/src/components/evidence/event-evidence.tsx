import { ScanTexts } from '@opence/shared';
import type { TEventEvidence, TEventEvidenceScan } from '@opence/shared/schemas';
import { useId } from 'react';
import { Badge } from '../ui/feedback.tsx';
import { LocalTime } from '../ui/local-time.tsx';
import './evidence.css';

/*
 * The evidence of one member's presence at an in-person event (issue 42): the decision and its
 * reason, the rule, the minutes present and every scan with how it was made. Shown to the member
 * after a scan, on the public verify page of the credit (the holder's own, nobody else's) and in
 * the console. Lives outside the events feature because certificates' verify page shows it too.
 */

const METHOD = { code: ScanTexts.BY_CODE, claim: ScanTexts.BY_CLAIM, correction: ScanTexts.BY_CORRECTION };

function ScanLine({ scan, correctedBy }: { scan: TEventEvidenceScan; correctedBy?: Record<string, string> }) {
  const by = correctedBy?.[scan.id];
  const removedBy = correctedBy?.[`${scan.id}:removed`];
  return (
    <li className={scan.removed ? 'evidence-scan is-removed' : 'evidence-scan'}>
      <span className="evidence-scan-what">
        {scan.direction === 'in' ? ScanTexts.SCAN_IN : ScanTexts.SCAN_OUT}{' '}
        <LocalTime iso={scan.at} format="dateTime" />
      </span>
      <span className="evidence-scan-how">
        by {METHOD[scan.method]}
        {scan.reason && (
          <>
            {' '}
            ({by ? `${by}, ` : ''}
            {scan.correctedAt && <LocalTime iso={scan.correctedAt} format="dateTime" />}: “{scan.reason}”)
          </>
        )}
      </span>
      {scan.removed && (
        <span className="evidence-scan-how">
          {ScanTexts.REMOVED} {removedBy ? `(${removedBy}) ` : ''}
          <LocalTime iso={scan.removed.at} format="dateTime" />: “{scan.removed.reason}”
        </span>
      )}
    </li>
  );
}

export function EventEvidence({
  evidence,
  correctedBy,
  headingLevel = 2,
}: {
  evidence: TEventEvidence;
  /** Who made each correction, by scan id: the console's own. */
  correctedBy?: Record<string, string>;
  headingLevel?: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const isLive = evidence.decision === 'live';
  return (
    <section className="evidence" aria-labelledby={headingId}>
      <Heading id={headingId} className="evidence-title">
        {ScanTexts.EVIDENCE_TITLE}
      </Heading>
      <p>
        <Badge tone={isLive ? 'success' : 'warning'}>
          {isLive ? ScanTexts.DECISION_LIVE : ScanTexts.DECISION_NONE}
        </Badge>{' '}
        <span className="evidence-reason">{evidence.reason}</span>
      </p>
      <dl className="evidence-facts">
        <dt>Minutes present</dt>
        <dd>{evidence.minutesPresent}</dd>
        <dt>Rule</dt>
        <dd>{evidence.ruleText}</dd>
      </dl>
      <ul className="evidence-scans">
        {evidence.scans.map((scan) => (
          <ScanLine key={scan.id} scan={scan} correctedBy={correctedBy} />
        ))}
      </ul>
    </section>
  );
}
