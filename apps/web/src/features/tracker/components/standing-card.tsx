import { TrackerTexts as T } from '@opence/shared';
import type { TTrackerLicence, TTrackerRule, TTrackerStanding } from '@opence/shared/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import {
  downloadAuditPack,
  downloadAuditPackZip,
  useDeleteLicence,
  useStanding,
} from '../api/tracker-api.ts';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
const hours = (n: number) => String(Math.round(n * 100) / 100);

export const LICENCE_TYPE_LABELS: Record<string, string> = {
  dentist: T.LICENCE_TYPE_DENTIST,
  dental_hygienist: T.LICENCE_TYPE_DENTAL_HYGIENIST,
  dental_assistant: T.LICENCE_TYPE_DENTAL_ASSISTANT,
};
const DELIVERY_LABELS: Record<string, string> = {
  in_person: T.DELIVERY_IN_PERSON,
  live_webinar: T.DELIVERY_LIVE_WEBINAR,
  self_study: T.DELIVERY_SELF_STUDY,
};
export const deliveryLabel = (d: string) => DELIVERY_LABELS[d] ?? d;
const CONFIDENCE_LABELS: Record<string, string> = {
  sourced: T.CONFIDENCE_SOURCED,
  partial: T.CONFIDENCE_PARTIAL,
  unverified: T.CONFIDENCE_UNVERIFIED,
};
const REASONS: Record<string, string> = {
  outside_period: T.REASON_OUTSIDE_PERIOD,
  over_self_study_cap: T.REASON_OVER_CAP,
  over_category_cap: T.REASON_OVER_CATEGORY_CAP,
};

/** One progress bar: counted against required (or a cap), read out as "x of y h". */
function Bar({
  label,
  counted,
  required,
  met,
  note,
}: {
  label: string;
  counted: number;
  required: number | null;
  met: boolean | null;
  note?: string | null;
}) {
  const max = required ?? Math.max(counted, 1);
  const percent = Math.min(100, Math.round((counted / (max || 1)) * 100));
  const text =
    required === null
      ? fill(T.HOURS_ONLY, { counted: hours(counted) })
      : fill(T.HOURS_OF, { counted: hours(counted), required: hours(required) });
  return (
    <div className="tracker-bar">
      <div className="tracker-bar-head">
        <span>{label}</span>
        <span>
          {text} {met === true && <Badge tone="success">{T.TOPIC_HELD}</Badge>}
          {met === false && <Badge tone="warning">{T.TOPIC_MISSING}</Badge>}
        </span>
      </div>
      <div
        className={`tracker-bar-track${met === true ? ' is-met' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(counted, max)}
        aria-valuetext={text}
      >
        <div className="tracker-bar-fill" style={{ width: `${percent}%` }} />
      </div>
      {note && <p className="tracker-bar-note">{note}</p>}
    </div>
  );
}

/** Where the rule comes from: source, dates, confidence, and the note to confirm with the board. */
export function RuleProvenance({ rule }: { rule: TTrackerRule | null }) {
  if (!rule) return <p className="tracker-note">{T.NO_RULE}</p>;
  return (
    <div className="tracker-provenance">
      <p>
        {fill(T.CONFIDENCE, { label: CONFIDENCE_LABELS[rule.confidence] ?? rule.confidence })}
        {' · '}
        {rule.verifiedOn ? fill(T.VERIFIED_ON, { day: rule.verifiedOn }) : T.NOT_VERIFIED}
        {rule.sourceDates && (
          <> · {fill(T.SOURCE_DATE, { date: rule.sourceDates.replace(/[{}"[\]]/g, ' ').trim() })}</>
        )}
      </p>
      {rule.sources[0] && (
        <p>
          {T.SOURCE}:{' '}
          <a href={rule.sources[0]} target="_blank" rel="noopener noreferrer">
            {rule.sources[0]}
          </a>
        </p>
      )}
      <p className="tracker-note">{T.BOARD_NOTE}</p>
    </div>
  );
}

function Standing({ standing }: { standing: TTrackerStanding }) {
  const { total, live, selfStudy, topics, credits, gap, daysLeft, licence } = standing;
  const days =
    daysLeft < 0
      ? fill(T.PERIOD_OVER, { day: licence.periodEnd })
      : daysLeft === 1
        ? fill(T.DAYS_LEFT_ONE, { day: licence.periodEnd })
        : fill(T.DAYS_LEFT, { days: daysLeft, day: licence.periodEnd });
  return (
    <>
      <p className="tracker-days">{days}</p>
      <Bar label={T.TOTAL} counted={total.counted} required={total.required} met={total.met} />
      {live && <Bar label={T.LIVE_MIN} counted={live.counted} required={live.required} met={live.met} />}
      {selfStudy && (
        <Bar
          label={T.SELF_STUDY_CAP}
          counted={selfStudy.counted}
          required={selfStudy.max}
          met={null}
          note={
            selfStudy.notCounting > 0 ? fill(T.NOT_COUNTING, { hours: hours(selfStudy.notCounting) }) : null
          }
        />
      )}
      {topics.map((t) => (
        <Bar
          key={t.topic}
          label={t.label}
          counted={t.counted}
          required={t.required}
          met={t.met}
          note={t.validUntil ? fill(T.VALID_UNTIL, { day: t.validUntil }) : null}
        />
      ))}
      {standing.conditional.map((c) => (
        <p key={c.topic} className="tracker-note">
          {fill(
            c.applies === true
              ? T.CONDITIONAL_APPLIES
              : c.applies === false
                ? T.CONDITIONAL_NOT
                : T.CONDITIONAL_UNKNOWN,
            { topic: c.topic, appliesTo: c.appliesTo },
          )}
        </p>
      ))}
      <RuleProvenance rule={standing.rule} />

      <h3>{T.GAP}</h3>
      {gap.length === 0 ? (
        <p>{T.GAP_NONE}</p>
      ) : (
        gap.map((g) => (
          <section key={g.need} className="tracker-gap" aria-label={fill(T.GAP_FOR, { need: g.label })}>
            <h4>{fill(T.GAP_FOR, { need: g.label })}</h4>
            {g.courses.length === 0 ? (
              <p className="tracker-note">{T.GAP_NO_COURSE}</p>
            ) : (
              <ul className="tracker-list">
                {g.courses.map((c) => (
                  <li key={c.hash}>
                    <Link to={c.url} className="tracker-course">
                      <span>{c.title}</span>
                      <span className="tracker-muted">
                        {hours(c.credits)} h · {c.kind === 'live' ? T.RESERVE_SEAT : T.TAKE_COURSE}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}

      <h3>{T.CREDITS}</h3>
      {credits.length === 0 ? (
        <p>{T.NO_CREDITS}</p>
      ) : (
        <ul className="tracker-list">
          {credits.map((c) => (
            <li key={c.id} className="tracker-credit">
              <span>
                {c.title} <span className="tracker-muted">({c.provider})</span>
              </span>
              <span className="tracker-muted">
                {c.date} · {hours(c.hours)} h · {deliveryLabel(c.delivery)}
              </span>
              <span>
                {c.counts ? (
                  <Badge tone="success">
                    {fill(T.HOURS_ONLY, { counted: hours(c.countedHours) })} · {T.COUNTS}
                  </Badge>
                ) : null}{' '}
                {c.reasons.map((r) => (
                  <Badge key={r} tone="warning">
                    {REASONS[r] ?? r}
                  </Badge>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A licence with where the member stands for its period. */
export function StandingCard({ licence }: { licence: TTrackerLicence }) {
  const query = useStanding(licence.id);
  const remove = useDeleteLicence();
  const heading = `${licence.state} · ${LICENCE_TYPE_LABELS[licence.licenceType] ?? licence.licenceType} · ${licence.licenceNumber}`;
  // A pack refused (still preparing the last one, many at once: 0932) says so here.
  const [packError, setPackError] = useState<string | null>(null);
  const packDownload = (download: Promise<void>) => {
    setPackError(null);
    download.catch((error: unknown) => setPackError(error instanceof Error ? error.message : T.LOAD_ERROR));
  };
  return (
    <article className="card tracker-card" aria-label={heading}>
      <div className="tracker-card-head">
        <h2>{heading}</h2>
        <Button variant="link" onClick={() => remove.mutate(licence.id)} disabled={remove.isPending}>
          {T.DELETE_LICENCE}
        </Button>
      </div>
      <p className="tracker-muted">
        {licence.periodStart} – {licence.periodEnd}
      </p>
      <div className="tracker-actions">
        <Button
          variant="secondary"
          onClick={() =>
            packDownload(downloadAuditPack(licence.id, `ce-audit-${licence.state}-${licence.periodEnd}.pdf`))
          }
        >
          {T.AUDIT_PACK}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            packDownload(
              downloadAuditPackZip(licence.id, `ce-audit-${licence.state}-${licence.periodEnd}.zip`),
            )
          }
        >
          {T.AUDIT_PACK_ZIP}
        </Button>
      </div>
      {packError && <Alert onDismiss={() => setPackError(null)}>{packError}</Alert>}
      {query.isPending ? (
        <Spinner label={T.LOADING} />
      ) : query.isError ? (
        <LoadError text={T.LOAD_ERROR} onRetry={() => void query.refetch()} />
      ) : (
        <Standing standing={query.data.standing} />
      )}
    </article>
  );
}
