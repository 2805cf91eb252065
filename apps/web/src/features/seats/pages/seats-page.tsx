import { countText, Texts, webinarBadge, webinarPath } from '@opence/shared';
import type { TSeatRow } from '@opence/shared/schemas';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { ListHeader, ListRow, ListRows, ListSkeleton, RowLine } from '../../../components/ui/list.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSeats } from '../api/get-seats.ts';
import { liveCreditsText } from '../components/webinar-details.tsx';

/** A seat or waitlist place: it opens the room; only a seat can be cancelled (01 §2). */
function SeatRow({ row }: { row: TSeatRow }) {
  const badge = webinarBadge(row);
  return (
    <ListRow
      to={webinarPath(row)}
      title={row.className}
      photo={row.photo}
      badge={badge ? { text: badge, tone: row.isWaiting ? 'warning' : 'success' } : null}
      actions={
        !row.isWaiting && (
          <ButtonLink
            variant="secondary"
            to={`/cancel-seat/${encodeURIComponent(row.cancelCode)}`}
            aria-label={`${Texts.SEATS_CANCEL}: ${row.className}`}
          >
            {Texts.SEATS_CANCEL}
          </ButtonLink>
        )
      }
    >
      <RowLine>{row.speakerName}</RowLine>
      <RowLine>{row.sponsorCompanyName}</RowLine>
      <RowLine>
        <LocalTime iso={row.releaseDateUTC} format="dateTime" />
      </RowLine>
      <RowLine>{liveCreditsText(row.credits)}</RowLine>
    </ListRow>
  );
}

/** Reserved Seats (/seats, 01 §2): the member's seats and waitlist places on webinars to come. */
export function Component() {
  usePageTitle(Texts.SEATS_TITLE);
  const query = useSeats();
  let body;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (query.data.data.length === 0) {
    body = (
      <EmptyState text={Texts.EMPTY_SEATS}>
        <p>{Texts.EMPTY_SEATS_DETAIL}</p>
        <ButtonLink to="/upcoming">{Texts.UPCOMING_TITLE}</ButtonLink>
      </EmptyState>
    );
  } else {
    body = (
      <ListRows busy={query.isFetching}>
        {query.data.data.map((row) => (
          <SeatRow key={row.hash} row={row} />
        ))}
      </ListRows>
    );
  }
  const count = query.isPending ? null : query.data ? countText(Texts.SEATS_COUNT, query.data.rowCount) : '';
  return (
    <div className="container">
      <ListHeader title={Texts.SEATS_TITLE} count={count} />
      {body}
    </div>
  );
}
