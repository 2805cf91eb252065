import { officeText, OfficeTexts, trackerDay, TrackerTexts, Texts } from '@opence/shared';
import type { TMemberHome, TMemberHomeLicence, TOfficeAssignment, TPendingRow } from '@opence/shared/schemas';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { TextWithTime } from '../../../components/ui/local-time.tsx';
import { useMemberHome } from '../api/get-member-home.ts';
import '../member-home.css';

/*
 * The start of a signed-in member's home (issue 22, decision 1005): the class to continue, the
 * exams pending, the next reserved webinar (Enter once its room is open), this year's credits and
 * the CE tracker's gap. Five cards of fixed height in the same grid while loading and once
 * loaded, so nothing below them moves.
 */

const LICENCE_TYPES: Record<string, string> = {
  dentist: TrackerTexts.LICENCE_TYPE_DENTIST,
  dental_hygienist: TrackerTexts.LICENCE_TYPE_DENTAL_HYGIENIST,
  dental_assistant: TrackerTexts.LICENCE_TYPE_DENTAL_ASSISTANT,
};

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replaceAll(`{${key}}`, String(value)), text);

/** The two small cards (exams pending, credits) share a row on a phone; the others take the width. */
const SMALL = new Set<string>([Texts.HOME_PENDING_TITLE, Texts.HOME_CREDITS_TITLE]);

function Card({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section className={`card member-home-card${SMALL.has(title) ? '' : ' is-wide'}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="member-home-card-body">{children}</div>
      {action && <div className="member-home-card-action">{action}</div>}
    </section>
  );
}

const classLink = (row: TPendingRow) => `/classroom/${row.hash}`;

function ContinueCard({ row }: { row: TPendingRow | null }) {
  if (!row) {
    return (
      <Card title={Texts.HOME_CONTINUE_TITLE}>
        <p className="member-home-muted">{Texts.HOME_CONTINUE_NONE}</p>
      </Card>
    );
  }
  return (
    <Card
      title={Texts.HOME_CONTINUE_TITLE}
      action={
        <ButtonLink to={classLink(row)} aria-label={`${Texts.HOME_CONTINUE}: ${row.className}`}>
          {Texts.HOME_CONTINUE}
        </ButtonLink>
      }
    >
      <p className="member-home-title">{row.className}</p>
      {row.speakerName && <p className="member-home-muted">{row.speakerName}</p>}
    </Card>
  );
}

function PendingCard({ pending }: { pending: TMemberHome['pendingExams'] }) {
  const countLine =
    pending.count === 0
      ? Texts.HOME_PENDING_NONE
      : pending.count === 1
        ? Texts.HOME_PENDING_COUNT_ONE
        : fill(Texts.HOME_PENDING_COUNT, { n: pending.count });
  return (
    <Card
      title={Texts.HOME_PENDING_TITLE}
      action={pending.count > 0 ? <Link to="/pending">{Texts.HOME_PENDING_ALL}</Link> : undefined}
    >
      <p className={pending.count === 0 ? 'member-home-muted' : undefined}>{countLine}</p>
      {pending.rows.length > 0 && (
        <ul className="member-home-list">
          {pending.rows.map((row) => (
            <li key={row.hash}>
              <Link to={classLink(row)}>{row.className}</Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function WebinarCard({ webinar }: { webinar: TMemberHome['nextWebinar'] }) {
  if (!webinar) {
    return (
      <Card title={Texts.HOME_WEBINAR_TITLE} action={<Link to="/webinars">{Texts.HOME_WEBINAR_BROWSE}</Link>}>
        <p className="member-home-muted">{Texts.HOME_WEBINAR_NONE}</p>
      </Card>
    );
  }
  const room = `/live/${webinar.hash}`;
  return (
    <Card
      title={Texts.HOME_WEBINAR_TITLE}
      action={
        webinar.isRoomOpen ? (
          <ButtonLink to={room}>{Texts.HOME_WEBINAR_ENTER}</ButtonLink>
        ) : (
          <Link to={room}>{Texts.HOME_WEBINAR_SHOW}</Link>
        )
      }
    >
      <p className="member-home-title">{webinar.className}</p>
      <p className={webinar.isRoomOpen ? 'member-home-open' : 'member-home-muted'}>
        {webinar.isRoomOpen ? (
          Texts.HOME_WEBINAR_OPEN
        ) : (
          <TextWithTime text={Texts.HOME_WEBINAR_STARTS} iso={webinar.releaseDateUTC} format="dateTime" />
        )}
      </p>
    </Card>
  );
}

function CreditsCard({ credits }: { credits: TMemberHome['creditsThisYear'] }) {
  return (
    <Card title={Texts.HOME_CREDITS_TITLE} action={<Link to="/completed">{Texts.HOME_CREDITS_ALL}</Link>}>
      <p className="member-home-figure">{credits.credits}</p>
      <p className="member-home-muted">
        {credits.courses === 0
          ? fill(Texts.HOME_CREDITS_NONE, { year: credits.year })
          : `${fill(Texts.HOME_CREDITS_LINE, { year: credits.year })} ${
              credits.courses === 1
                ? Texts.HOME_CREDITS_COURSES_ONE
                : fill(Texts.HOME_CREDITS_COURSES, { n: credits.courses })
            }`}
      </p>
    </Card>
  );
}

function licenceLine(l: TMemberHomeLicence): string {
  // The site's short dates ('Nov 27, 2026'), as on /tracker (issue 36).
  const date = trackerDay(l.periodEnd);
  if (!l.periodConfirmed)
    return `${fill(Texts.HOME_TRACKER_UNKNOWN, { date })} · ${Texts.HOME_TRACKER_CONFIRM}`;
  if (l.hoursNeeded === null) return fill(Texts.HOME_TRACKER_UNKNOWN, { date });
  if (l.hoursNeeded === 0 && l.needs.length === 0) return fill(Texts.HOME_TRACKER_MET, { date });
  return fill(Texts.HOME_TRACKER_NEEDED, { hours: l.hoursNeeded, date });
}

function TrackerCard({ licences }: { licences: TMemberHomeLicence[] }) {
  return (
    <Card title={Texts.HOME_TRACKER_TITLE} action={<Link to="/tracker">{Texts.HOME_TRACKER_OPEN}</Link>}>
      {licences.length === 0 ? (
        <p className="member-home-muted">{Texts.HOME_TRACKER_NONE}</p>
      ) : (
        <ul className="member-home-list">
          {licences.map((l) => (
            <li key={l.licenceId}>
              <strong>
                {l.state} · {LICENCE_TYPES[l.licenceType] ?? l.licenceType}
              </strong>
              : {licenceLine(l)}
              {l.needs.length > 0 && (
                <span className="member-home-muted member-home-needs">
                  {fill(Texts.HOME_TRACKER_MISSING, { needs: l.needs.join(', ') })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What the member's offices assigned them (issue 43); shown only to a member who has some. */
function AssignmentsCard({ assignments }: { assignments: TOfficeAssignment[] }) {
  return (
    <Card title={OfficeTexts.MY_ASSIGNMENTS} action={<Link to="/office">{OfficeTexts.PAGE_TITLE}</Link>}>
      <ul className="member-home-list">
        {assignments.map((a) => (
          <li key={a.id}>
            <strong>{a.title}</strong> · {a.officeName} ·{' '}
            {a.status === 'done'
              ? OfficeTexts.ASSIGNMENT_DONE
              : `${officeText(OfficeTexts.DUE, { date: trackerDay(a.dueOn) })}${a.status === 'overdue' ? ` (${OfficeTexts.ASSIGNMENT_OVERDUE})` : ''}`}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Skeleton() {
  return (
    <div className="member-home-grid" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      {Array.from({ length: 5 }, (_, i) => (
        <div
          key={i}
          className={`card member-home-card${i === 2 || i === 3 ? '' : ' is-wide'}`}
          aria-hidden="true"
        >
          <span className="skeleton list-skeleton-title" />
          <span className="skeleton list-skeleton-line" />
          <span className="skeleton list-skeleton-line short" />
        </div>
      ))}
    </div>
  );
}

/** The member's part of home; `name` is the member's first name from the session, if any. */
export function MemberHome({ name }: { name: string }) {
  const query = useMemberHome();
  const home = query.data?.home;
  const headingId = useId();
  return (
    <section className="member-home" aria-labelledby={headingId}>
      <h1 id={headingId}>
        {Texts.HOME_WELCOME}
        {name ? `, ${name}` : ''}
      </h1>
      <p className="visually-hidden">{Texts.HOME_MEMBER_LABEL}</p>
      {home ? (
        <div className="member-home-grid">
          <ContinueCard row={home.continueClass} />
          <WebinarCard webinar={home.nextWebinar} />
          <PendingCard pending={home.pendingExams} />
          <CreditsCard credits={home.creditsThisYear} />
          <TrackerCard licences={home.licences} />
          {home.assignments.length > 0 && <AssignmentsCard assignments={home.assignments} />}
        </div>
      ) : query.isError ? (
        <div className="member-home-grid-error">
          <LoadError text={Texts.HOME_MEMBER_ERROR} onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <Skeleton />
      )}
    </section>
  );
}
