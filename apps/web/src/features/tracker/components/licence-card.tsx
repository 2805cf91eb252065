import { PlanTexts, TrackerTexts as T } from '@opence/shared';
import type { TTrackerLicence, TTrackerStanding } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDay } from '../../../lib/dates.ts';
import {
  downloadAuditPack,
  downloadAuditPackZip,
  useDeleteLicence,
  useStanding,
  useUpdateLicence,
} from '../api/tracker-api.ts';
import { HowWeKnow } from './how-we-know.tsx';
import { LicenceForm } from './licence-form.tsx';
import { RequirementList } from './requirement-list.tsx';
import { day, deliveryLabel, fill, hours, licenceName, REASONS } from './tracker-labels.ts';

/*
 * One licence on /tracker (issue 36): a short card, not a data dump. Its deadline, one bar for
 * the total, the requirements as a checklist, the next courses to take; the courses counted, how
 * we know, the audit pack and the rest behind disclosures. Deleting asks first; the page then
 * offers Undo.
 */

type TSuggestion = TTrackerStanding['gap'][number]['courses'][number];
const NEXT = 3;

function TotalBar({ standing }: { standing: TTrackerStanding }) {
  const { total } = standing;
  const label = T.TOTAL;
  if (standing.firstPeriodExempt === true) {
    return (
      <p className="tracker-total-line">
        <strong>{label}</strong>: {T.TOTAL_EXEMPT}
      </p>
    );
  }
  const max = total.required ?? Math.max(total.counted, 1);
  const percent = Math.min(100, Math.round((total.counted / (max || 1)) * 100));
  const text =
    total.required === null
      ? fill(T.HOURS_ONLY, { counted: hours(total.counted) })
      : fill(T.HOURS_OF, { counted: hours(total.counted), required: hours(total.required) });
  return (
    <div className="tracker-bar">
      <div className="tracker-bar-head">
        <span>{label}</span>
        <span>
          {text}
          {standing.totalIsMembers ? ` (${T.TOTAL_YOUR_FIGURE})` : ''}
        </span>
      </div>
      <div
        className={`tracker-bar-track${total.met === true ? ' is-met' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(total.counted, max)}
        aria-valuetext={text}
      >
        <div className="tracker-bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function CourseLink({ course, need }: { course: TSuggestion; need?: string }) {
  const meta =
    course.kind === 'live' && course.startsAt
      ? fill(T.COURSE_LIVE, { hours: hours(course.credits), date: formatDay(course.startsAt) })
      : fill(course.kind === 'podcast' ? T.COURSE_PODCAST : T.COURSE_ON_DEMAND, {
          hours: hours(course.credits),
        });
  return (
    <Link to={course.url} className="tracker-course">
      <span className="tracker-course-title">{course.title}</span>
      <span className="tracker-muted">
        {need ? `${fill(T.COURSE_FOR, { need })} · ` : ''}
        {meta}
      </span>
    </Link>
  );
}

function NextCourses({ standing }: { standing: TTrackerStanding }) {
  const seen = new Set<string>();
  const next: { course: TSuggestion; need: string }[] = [];
  for (const g of standing.gap) {
    const course = g.courses.find((c) => !seen.has(c.hash));
    if (course && next.length < NEXT) {
      seen.add(course.hash);
      next.push({ course, need: g.label });
    }
  }
  const withCourses = standing.gap;
  const more = new Set(standing.gap.flatMap((g) => g.courses.map((c) => c.hash))).size;
  if (standing.gap.length === 0) return <p className="tracker-muted">{T.GAP_NONE}</p>;
  return (
    <section className="tracker-next" aria-label={T.NEXT_COURSES}>
      <h3>{T.NEXT_COURSES}</h3>
      {next.length === 0 ? (
        <p className="tracker-muted">{T.GAP_NO_COURSE}</p>
      ) : (
        <ul className="tracker-list">
          {next.map(({ course, need }) => (
            <li key={course.hash}>
              <CourseLink course={course} need={need} />
            </li>
          ))}
        </ul>
      )}
      {withCourses.length > 0 && (
        <details className="tracker-disclosure">
          <summary>{fill(T.MORE_COURSES, { n: more })}</summary>
          {withCourses.map((g) => (
            <section key={g.need} className="tracker-gap" aria-label={fill(T.GAP_FOR, { need: g.label })}>
              <h4>{fill(T.GAP_FOR, { need: g.label })}</h4>
              {g.hint && <p className="tracker-muted">{g.hint}</p>}
              {g.courses.length === 0 && !g.hint && <p className="tracker-muted">{T.GAP_NO_COURSE}</p>}
              {g.courses.length > 0 && (
                <ul className="tracker-list">
                  {g.courses.map((c) => (
                    <li key={c.hash}>
                      <CourseLink course={c} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </details>
      )}
    </section>
  );
}

function Counted({ standing }: { standing: TTrackerStanding }) {
  const inPeriod = standing.credits.filter((c) => !c.reasons.includes('outside_period'));
  return (
    <details className="tracker-disclosure">
      <summary>{fill(T.COURSES_IN_PERIOD, { n: inPeriod.length })}</summary>
      {inPeriod.length === 0 ? (
        <p className="tracker-muted">{T.NO_CREDITS}</p>
      ) : (
        <ul className="tracker-list">
          {inPeriod.map((c) => (
            <li key={c.id} className="tracker-row">
              <span className="tracker-row-title">{c.title}</span>
              <span className="tracker-muted">
                {c.provider} · {day(c.date)} · {hours(c.hours)} h · {deliveryLabel(c.delivery)}
              </span>
              <span>
                {c.counts && (
                  <Badge tone="success">
                    {fill(T.HOURS_ONLY, { counted: hours(c.countedHours) })} {T.COUNTS.toLowerCase()}
                  </Badge>
                )}{' '}
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
    </details>
  );
}

function Summary({ standing }: { standing: TTrackerStanding }) {
  if (standing.firstPeriodExempt === true) return <Badge tone="success">{T.SUMMARY_EXEMPT}</Badge>;
  const missing = standing.gap.length;
  if (missing === 0) return <Badge tone="success">{T.SUMMARY_DONE}</Badge>;
  return (
    <Badge tone="warning">
      {missing === 1 ? T.SUMMARY_MISSING_ONE : fill(T.SUMMARY_MISSING, { n: missing })}
    </Badge>
  );
}

function Lines({ standing }: { standing: TTrackerStanding }) {
  const { live, selfStudy } = standing;
  if (!live && !selfStudy) return null;
  return (
    <ul className="tracker-lines">
      {live && (
        <li>
          {T.LIVE_MIN}:{' '}
          {fill(T.HOURS_OF, { counted: hours(live.counted), required: hours(live.required ?? 0) })}{' '}
          {live.met === false && <Badge tone="warning">{T.STATUS_MISSING}</Badge>}
          {live.met === true && <Badge tone="success">{T.STATUS_MET}</Badge>}
        </li>
      )}
      {selfStudy && (
        <li>
          {T.SELF_STUDY_CAP}:{' '}
          {fill(T.HOURS_OF, { counted: hours(selfStudy.counted), required: hours(selfStudy.max) })}
          {selfStudy.notCounting > 0 && (
            <span className="tracker-muted">
              {' '}
              · {fill(T.NOT_COUNTING, { hours: hours(selfStudy.notCounting) })}
            </span>
          )}
        </li>
      )}
    </ul>
  );
}

/** A licence with where the member stands for its period. */
export function LicenceCard({
  licence,
  onDeleted,
  onSaved,
}: {
  licence: TTrackerLicence;
  onDeleted: (licence: TTrackerLicence) => void;
  onSaved: (licence: TTrackerLicence) => void;
}) {
  const headingId = useId();
  const query = useStanding(licence.id);
  const remove = useDeleteLicence();
  const confirm = useUpdateLicence();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  // A pack refused (still preparing the last one, many at once: 0932) says so here.
  const [packError, setPackError] = useState<string | null>(null);
  const packDownload = (download: Promise<void>) => {
    setPackError(null);
    download.catch((error: unknown) => setPackError(error instanceof Error ? error.message : T.LOAD_ERROR));
  };
  const name = licenceName(licence);
  const standing = query.data?.standing;
  const daysLeft = standing?.daysLeft ?? null;
  if (editing) {
    return (
      <LicenceForm
        licence={licence}
        onDone={(saved) => {
          setEditing(false);
          if (saved) onSaved(saved);
        }}
      />
    );
  }
  const confirmDates = () =>
    confirm.mutate({
      id: licence.id,
      input: {
        state: licence.state,
        licenceType: licence.licenceType as 'dentist',
        licenceNumber: licence.licenceNumber,
        periodStart: licence.periodStart,
        periodEnd: licence.periodEnd,
        carryOverHours: licence.carryOverHours,
        holdsDea: licence.holdsDea,
        issuedOn: licence.issuedOn,
        birthMonth: licence.birthMonth,
        birthYear: licence.birthYear,
        permits: licence.permits as ('sedation' | 'restorative')[],
        requiredHours: licence.requiredHours,
      },
    });
  return (
    <article className="card tracker-licence" aria-labelledby={`${headingId} ${headingId}-number`}>
      <div className="tracker-licence-head">
        <div>
          <h2 id={headingId}>{name}</h2>
          <p id={`${headingId}-number`} className="tracker-muted">
            {fill(T.LICENCE_NUMBER_SHORT, { number: licence.licenceNumber })}
          </p>
        </div>
        {standing && <Summary standing={standing} />}
      </div>
      <p className="tracker-deadline">
        <strong>
          {fill(daysLeft !== null && daysLeft < 0 ? T.PERIOD_ENDED : T.PERIOD_ENDS, {
            date: day(licence.periodEnd),
          })}
        </strong>
        {daysLeft !== null && daysLeft >= 0 && (
          <span> · {daysLeft === 1 ? T.DAY_LEFT_SHORT : fill(T.DAYS_LEFT_SHORT, { days: daysLeft })}</span>
        )}
      </p>
      {licence.periodBasis === 'unconfirmed' && (
        <div className="tracker-confirm" role="group" aria-label={T.Q_RENEWAL_DATE}>
          <p>{T.PERIOD_UNCONFIRMED}</p>
          <div className="tracker-actions">
            <Button variant="secondary" onClick={confirmDates} disabled={confirm.isPending}>
              {T.CONFIRM_DATES}
            </Button>
            <Button variant="link" onClick={() => setEditing(true)}>
              {T.CORRECT_DATES}
            </Button>
          </div>
        </div>
      )}
      {query.isPending ? (
        <Spinner label={T.LOADING} />
      ) : query.isError ? (
        <LoadError text={T.LOAD_ERROR} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <TotalBar standing={query.data.standing} />
          <Lines standing={query.data.standing} />
          <RequirementList standing={query.data.standing} onAnswer={() => setEditing(true)} />
          <NextCourses standing={query.data.standing} />
          {/* Issue 41: the licence's renewal plan, on its own page. */}
          <ButtonLink variant="secondary" to={`/tracker/plan/${licence.id}`}>
            {PlanTexts.LINK}
          </ButtonLink>
          <Counted standing={query.data.standing} />
          <HowWeKnow standing={query.data.standing} />
        </>
      )}
      <details className="tracker-disclosure">
        <summary>{T.AUDIT}</summary>
        <div className="tracker-actions">
          <Button
            variant="secondary"
            onClick={() =>
              packDownload(
                downloadAuditPack(licence.id, `ce-audit-${licence.state}-${licence.periodEnd}.pdf`),
              )
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
      </details>
      <div className="tracker-licence-actions">
        <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`${T.EDIT}: ${name}`}>
          {T.EDIT}
        </Button>
        <Button variant="link" onClick={() => setAsking(true)} aria-label={`${T.DELETE_LICENCE}: ${name}`}>
          {T.DELETE_LICENCE}
        </Button>
      </div>
      <Modal
        open={asking}
        title={T.DELETE_LICENCE_TITLE}
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {T.CANCEL}
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                // The card goes once the list reloads: the page, which stays, says what was deleted.
                void remove
                  .mutateAsync(licence.id)
                  .then(() => onDeleted(licence))
                  .catch(() => undefined)
              }
            >
              {T.DELETE_LICENCE}
            </Button>
          </>
        }
      >
        <p>{fill(T.DELETE_LICENCE_TEXT, { name: `${name} ${licence.licenceNumber}` })}</p>
        {remove.isError && <p className="field-error">{remove.error.message}</p>}
      </Modal>
    </article>
  );
}
