import { ruleConfidenceText, TRACKER_TOPIC_LABELS, TrackerTexts as T } from '@opence/shared';
import type { TTrackerStanding } from '@opence/shared/schemas';
import { day, fill, hours, sourceLabel } from './tracker-labels.ts';

/*
 * "How we know" (issue 36): where the requirements and the period come from, in words a member
 * reads (the record's confidence, whether staff checked it, the period's basis), the limits the
 * board sets on categories, the sources' own notes and the sources as short links. Behind a
 * disclosure: the card itself stays short.
 */

export function HowWeKnow({ standing }: { standing: TTrackerStanding }) {
  const { rule, licence } = standing;
  const period =
    licence.periodBasis === 'rule'
      ? fill(T.KNOW_PERIOD_RULE, { anchor: rule?.cycleAnchor ?? '' })
      : licence.periodBasis === 'member'
        ? T.KNOW_PERIOD_MEMBER
        : T.KNOW_PERIOD_UNCONFIRMED;
  return (
    <details className="tracker-disclosure">
      <summary>{T.HOW_WE_KNOW}</summary>
      <div className="tracker-know">
        {rule ? (
          <ul>
            <li>{fill(T.KNOW_REQUIREMENTS, { confidence: ruleConfidenceText(rule.confidence) })}</li>
            <li>{period}</li>
            <li>
              {rule.verifiedOn ? fill(T.KNOW_VERIFIED, { date: day(rule.verifiedOn) }) : T.KNOW_NOT_VERIFIED}
            </li>
            {rule.sourceDates && (
              <li>{fill(T.KNOW_SOURCE_DATE, { date: rule.sourceDates.replace(/[{}"[\]]/g, ' ').trim() })}</li>
            )}
          </ul>
        ) : (
          <ul>
            <li>{T.NO_RULE}</li>
            <li>{period}</li>
          </ul>
        )}
        {rule && rule.categoryCaps.length > 0 && (
          <>
            <h4>{T.KNOW_LIMITS}</h4>
            <ul>
              {rule.categoryCaps.map((c) => {
                const topic = TRACKER_TOPIC_LABELS[c.topic] ?? c.topic;
                return (
                  <li key={c.topic}>
                    {c.maxHours === 0
                      ? fill(T.KNOW_EXCLUDED, { topic })
                      : fill(T.KNOW_LIMIT, { topic, hours: hours(c.maxHours) })}
                    {c.note && <span className="tracker-muted"> (“{c.note}”)</span>}
                  </li>
                );
              })}
            </ul>
          </>
        )}
        {rule?.notes && (
          <>
            <h4>{T.KNOW_NOTES}</h4>
            <p>{rule.notes}</p>
          </>
        )}
        {rule && rule.sources.length > 0 && (
          <>
            <h4>{T.KNOW_SOURCES}</h4>
            <ul className="tracker-sources">
              {rule.sources.map((url, i) => {
                const label = sourceLabel(url);
                const same = rule.sources.slice(0, i).filter((u) => sourceLabel(u) === label).length;
                return (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {same ? `${label} (${same + 1})` : label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </>
        )}
        <p className="tracker-muted">{T.BOARD_NOTE}</p>
      </div>
    </details>
  );
}
