import { agdSubjectText, ClaimTexts, inPersonCreditsText } from '@opence/shared';
import type { TClaimEvent } from '@opence/shared/schemas';
import type { ReactNode } from 'react';
import { EventTile } from '../../../components/ui/event-tile.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';

type TFact = [label: string, value: ReactNode];

/** The facts of an event a member needs to know it is theirs: when, where, who, what credit. */
function eventFacts(event: TClaimEvent): TFact[] {
  const facts: (TFact | false)[] = [
    [ClaimTexts.DATE, <LocalTime key="date" iso={event.date} format="dateTime" />],
    [ClaimTexts.PLACE, event.place],
    Boolean(event.speakerName) && [ClaimTexts.SPEAKER, event.speakerName],
    Boolean(event.sponsorName) && [ClaimTexts.SPONSOR, event.sponsorName],
    [ClaimTexts.CREDITS, inPersonCreditsText(event.credits)],
    Boolean(event.agdCode) && [ClaimTexts.AGD_CODE, agdSubjectText(event.agdCode)],
    Boolean(event.courseNumber) && [ClaimTexts.COURSE_NUMBER, event.courseNumber],
    event.topics.length > 0 && [ClaimTexts.TOPICS, event.topics.join(', ')],
  ];
  return facts.filter((fact): fact is TFact => fact !== false);
}

/** Labelled facts in two columns: the label, then its value. */
export function EventFactList({ facts }: { facts: TFact[] }) {
  return (
    <dl className="event-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An in-person event as the claim page and the claimed event's page show it: its tile, title
 * and facts; children add what the page does with it.
 */
export function EventCard({
  event,
  level = 2,
  extraFacts = [],
  children,
}: {
  event: TClaimEvent;
  level?: 1 | 2;
  extraFacts?: TFact[];
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <article className="event-card card">
      <div className="event-card-tile">
        <EventTile />
      </div>
      <div className="event-card-body">
        <Heading className="event-card-title">{event.title}</Heading>
        <EventFactList facts={[...eventFacts(event), ...extraFacts]} />
        {children}
      </div>
    </article>
  );
}

/** Shown while an event loads: the card's frame, so nothing moves when it arrives. */
export function EventCardSkeleton({ label }: { label: string }) {
  return (
    <div className="event-card card" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="event-card-tile skeleton" aria-hidden="true" />
      <div className="event-card-body" aria-hidden="true">
        <span className="skeleton list-skeleton-title" />
        <span className="skeleton list-skeleton-line" />
        <span className="skeleton list-skeleton-line short" />
      </div>
    </div>
  );
}
