import { fillText, hoursText, PlanTexts as P, trackerDay, weekStart } from '@opence/shared';
import type { TTrackerPlan, TTrackerPlanBookingResponse, TTrackerPlanItem } from '@opence/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { downloadPlanCalendar, useBookPlan, usePlan } from '../api/plan-api.ts';
import { licenceName } from '../components/tracker-labels.ts';
import '../tracker.css';
import '../plan.css';

/*
 * A licence's renewal plan (/tracker/plan/:id, issue 41): the dated sessions by week, what each
 * counts toward, what no plan here can meet in the board's words, one button that reserves every
 * live seat, and the calendar file. Recomputed by the server on every visit (decision 1140).
 */

const KIND: Record<TTrackerPlanItem['kind'], string> = {
  live: P.KIND_LIVE,
  on_demand: P.KIND_ON_DEMAND,
  in_person: P.KIND_IN_PERSON,
};
const OUTCOME: Record<TTrackerPlanBookingResponse['seats'][number]['outcome'], string> = {
  reserved: P.OUTCOME_RESERVED,
  already: P.OUTCOME_ALREADY,
  waitlisted: P.OUTCOME_WAITLISTED,
  ended: P.OUTCOME_ENDED,
};

function byWeek(items: readonly TTrackerPlanItem[]): [string, TTrackerPlanItem[]][] {
  const weeks = new Map<string, TTrackerPlanItem[]>();
  for (const item of items) {
    const week = weekStart(item.day);
    weeks.set(week, [...(weeks.get(week) ?? []), item]);
  }
  return [...weeks];
}

function PlanItem({ item }: { item: TTrackerPlanItem }) {
  return (
    <li className="plan-item">
      <div className="plan-item-when">
        {item.startsAt ? (
          <LocalTime iso={item.startsAt} format="dateTime" />
        ) : (
          <span>{fillText(P.TAKE_BY, { day: trackerDay(item.day) })}</span>
        )}
      </div>
      <div className="plan-item-body">
        <Link to={item.url} className="plan-item-title">
          {item.title}
        </Link>
        <p className="tracker-muted">
          {KIND[item.kind]} · {fillText(P.HOURS, { hours: hoursText(item.hours) })}
          {item.place ? ` · ${item.place}` : ''}
        </p>
        {item.serves.length > 0 && (
          <p className="plan-item-serves">
            {fillText(P.SERVES, { needs: item.serves.map((s) => s.label).join(', ') })}
          </p>
        )}
      </div>
      {item.isBooked && <Badge tone="success">{P.BOOKED}</Badge>}
    </li>
  );
}

function BookingResult({ answer }: { answer: Omit<TTrackerPlanBookingResponse, 'status'> }) {
  const taken = answer.seats.filter((s) => s.outcome === 'reserved' || s.outcome === 'already').length;
  const failed = answer.seats.length - taken;
  const summary =
    answer.seats.length === 0
      ? P.BOOK_NOTHING
      : failed === 0
        ? P.BOOKED_ALL
        : fillText(P.BOOKED_SOME, { taken: String(taken), failed: String(failed) });
  return (
    <Alert kind={failed === 0 ? 'success' : 'info'}>
      <p>
        <strong>{summary}</strong>
      </p>
      {answer.seats.length > 0 && (
        <ul className="plan-outcomes">
          {answer.seats.map((s) => (
            <li key={s.hash}>
              {s.title}: {OUTCOME[s.outcome]}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

function PlanBody({ plan, id }: { plan: TTrackerPlan; id: string }) {
  const book = useBookPlan(id);
  const [calendarError, setCalendarError] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const liveToBook = plan.items.filter((i) => i.kind === 'live' && !i.isBooked).length;
  // The result is said where the button was: focus moves to it, so a screen reader reads it once.
  useEffect(() => {
    if (book.isSuccess || book.isError) result.current?.focus();
  }, [book.isSuccess, book.isError]);
  if (!plan.isNeeded) return <EmptyState text={P.NOTHING_MISSING} />;
  return (
    <>
      {plan.missed.map((m) => (
        <Alert key={m.hash} kind="info">
          {fillText(P.MISSED, { title: m.title })}
        </Alert>
      ))}
      {plan.isComplete ? (
        <Alert kind="success">{P.COMPLETE}</Alert>
      ) : (
        <section className="plan-shortfalls card" aria-labelledby="plan-shortfalls">
          <h2 id="plan-shortfalls">{P.PARTIAL}</h2>
          <ul>
            {plan.shortfalls.map((s) => (
              <li key={s.need}>{s.text}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="plan-actions">
        <Button onClick={() => book.mutate()} disabled={book.isPending} aria-describedby="plan-book-status">
          {P.BOOK}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            void downloadPlanCalendar(id).then(
              () => setCalendarError(null),
              (error: Error) => setCalendarError(error.message),
            )
          }
        >
          {P.CALENDAR}
        </Button>
      </div>
      <div id="plan-book-status" ref={result} tabIndex={-1} className="plan-status">
        {book.isPending && <Spinner label={fillText(P.BOOKING, { count: String(liveToBook) })} />}
        {book.isPending && <p aria-hidden="true">{fillText(P.BOOKING, { count: String(liveToBook) })}</p>}
        {book.isSuccess && <BookingResult answer={book.data} />}
        {book.isError && <Alert>{book.error.message}</Alert>}
        {calendarError && <Alert onDismiss={() => setCalendarError(null)}>{calendarError}</Alert>}
      </div>
      {byWeek(plan.items).map(([week, items]) => (
        <section key={week} className="plan-week" aria-labelledby={`week-${week}`}>
          <h2 id={`week-${week}`}>{fillText(P.WEEK_OF, { day: trackerDay(week) })}</h2>
          <ul className="plan-items">
            {items.map((item) => (
              <PlanItem key={item.hash} item={item} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export function Component() {
  usePageTitle(P.PAGE_TITLE);
  const { id = '' } = useParams();
  const query = usePlan(id);
  return (
    <div className="container tracker-page plan-page">
      <header className="page-header">
        <Link to="/tracker">{P.BACK}</Link>
        <h1>{query.data ? fillText(P.HEADING, { licence: licenceName(query.data.plan) }) : P.PAGE_TITLE}</h1>
        {query.data && (
          <p className="tracker-muted">
            {fillText(P.INTRO, { deadline: trackerDay(query.data.plan.deadline) })}
          </p>
        )}
      </header>
      {query.isPending ? (
        <Spinner label={P.LOADING} />
      ) : query.isError ? (
        <LoadError text={P.LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : (
        <PlanBody plan={query.data.plan} id={id} />
      )}
    </div>
  );
}
