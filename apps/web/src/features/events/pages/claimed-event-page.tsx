import { ClaimTexts, Texts } from '@opence/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import { useClaimedEvent } from '../api/get-claimed-event.ts';
import { EventCard, EventCardSkeleton } from '../components/event-card.tsx';
import '../events.css';

/** The certificate button of the event's class; the modal is another feature's (composed in app/). */
export type TRenderEventCertificate = (c: string) => ReactNode;

/**
 * A claimed in-person event's own page (/in-person/{c}, issue 36, docs/decisions/1051): what
 * CE Completed's row opens, instead of the classroom that has no class to show for it. The
 * event's date, place, speaker and hours, when it was claimed, and its certificate.
 */
export function ClaimedEventPage({
  renderCertificateButton,
}: {
  renderCertificateButton: TRenderEventCertificate;
}) {
  const c = useRouteParam('c');
  const query = useClaimedEvent(c);
  usePageTitle(query.data?.event.title ?? ClaimTexts.DETAIL_TITLE);

  let body: ReactNode;
  if (!c) body = <Alert>{Texts.NO_CLASS_SELECTED}</Alert>;
  else if (query.isPending) body = <EventCardSkeleton label={ClaimTexts.DETAIL_LOADING} />;
  else if (query.isError) {
    const status = query.error instanceof ApiRequestError ? query.error.status : 0;
    body =
      status === 404 ? (
        <Alert>{ClaimTexts.DETAIL_NOT_FOUND}</Alert>
      ) : (
        <LoadError text={ClaimTexts.DETAIL_LOAD_ERROR} onRetry={() => void query.refetch()} />
      );
  } else {
    const { event, claimedAt, certificateNumber, certUrl } = query.data;
    body = (
      <EventCard
        event={event}
        level={1}
        extraFacts={[
          [ClaimTexts.CLAIMED_ON, <LocalTime key="claimed" iso={claimedAt} format="day" />],
          [ClaimTexts.CERTIFICATE_NUMBER, certificateNumber],
        ]}
      >
        <Paragraphs text={event.description} />
        <div className="in-person-actions">
          {renderCertificateButton(query.data.c)}
          <a href={certUrl} target="_blank" rel="noopener">
            {ClaimTexts.DETAIL_PDF}
          </a>
        </div>
      </EventCard>
    );
  }
  return (
    <div className="container flow-narrow claimed-event-page">
      <p className="back-link">
        <Link to="/completed?tab=in-person">« {ClaimTexts.DETAIL_BACK}</Link>
      </p>
      {/* The event's title is the heading once it is here. */}
      {!query.data && <h1>{ClaimTexts.DETAIL_TITLE}</h1>}
      {body}
    </div>
  );
}
