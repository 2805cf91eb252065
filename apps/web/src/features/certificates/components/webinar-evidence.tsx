import { DECISION_LABEL, Texts } from '@opence/shared';
import type { TWebinarEvidence } from '@opence/shared/schemas';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';

/** A time the server recorded (ISO) in the reader's zone; a participant report's as it wrote it. */
function When({ at }: { at: string }) {
  return /^\d{4}-\d\d-\d\dT/.test(at) ? <LocalTime iso={at} format="dateTime" /> : <>{at}</>;
}

/**
 * A live webinar's evidence on the public verify page (issue 42): the holder's own presence and
 * polls, the rule and its decision with the reason. Nothing of any other attendee.
 */
export function WebinarEvidence({ evidence }: { evidence: TWebinarEvidence }) {
  return (
    <section className="card verification webinar-evidence" aria-labelledby="webinar-evidence-title">
      <h2 id="webinar-evidence-title">{Texts.EVIDENCE_TITLE}</h2>
      <FactList
        facts={[
          [Texts.EVIDENCE_DECISION, `${DECISION_LABEL[evidence.decision]}. ${evidence.reason}`],
          [Texts.EVIDENCE_RULE, evidence.ruleText],
          [Texts.EVIDENCE_MINUTES, `${evidence.minutesPresent}`],
        ]}
      />
      <h3>{Texts.EVIDENCE_PRESENCE}</h3>
      {evidence.presence.length === 0 ? (
        <p>—</p>
      ) : (
        <ul className="evidence-list">
          {evidence.presence.map((p) => (
            <li key={`${p.from}|${p.to ?? ''}`}>
              <When at={p.from} /> – {p.to ? <When at={p.to} /> : Texts.EVIDENCE_STILL_IN} ({p.source})
            </li>
          ))}
        </ul>
      )}
      <h3>
        {Texts.EVIDENCE_POLLS}: {evidence.pollsAnswered} of {evidence.pollsOpened} answered
      </h3>
      {evidence.polls.length > 0 && (
        <ul className="evidence-list">
          {evidence.polls.map((p) => (
            <li key={p.openedAt}>
              {p.question} — opened <When at={p.openedAt} />
              {p.closedAt && (
                <>
                  , closed <When at={p.closedAt} />
                </>
              )}
              :{' '}
              {p.answeredAt ? (
                <>
                  answered <When at={p.answeredAt} />
                </>
              ) : (
                Texts.EVIDENCE_NOT_ANSWERED
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
