import { countText, isRoomOpenAt, Texts, webinarBadge, webinarPath } from '@opence/shared';
import { useEffect, useState } from 'react';
import type { TSeatRow } from '@opence/shared/schemas';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { ListHeader, ListRow, ListRows, ListSkeleton, RowLine } from '../../../components/ui/list.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useFirstRenderTime } from '../../../lib/hydration.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSeats } from '../api/get-seats.ts';
import { liveCreditsText } from '../components/webinar-details.tsx';

/** The clock by the minute: from the time the server drew the list at, where the browser takes it over (0833). */
function useMinuteClock(): number {
  const [now, setNow] = useState(useFirstRenderTime());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 30_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, []);
  return now;
}

/**
 * A seat or waitlist place: it opens the room; only a seat can be cancelled (01 §2). While the
 * room is open a seat's row offers Enter Webinar, the row's first action; Cancel is a quiet
 * secondary button that leads to the cancel page's confirmation (issue 22, item 13).
 */
function SeatRow({ row, now }: { row: TSeatRow; now: number }) {
  const badge = webinarBadge(row);
  const isOpen = !row.isWaiting && isRoomOpenAt(row, now);
  return (
    <ListRow
      to={webinarPath(row)}
      title={row.className}
      photo={row.photo}
      badge={badge ? { text: badge, tone: row.isWaiting ? 'warning' : 'success' } : null}
      actions={
        !row.isWaiting && (
          <>
            {isOpen && (
              <ButtonLink to={webinarPath(row)} aria-label={`${Texts.ENTER_WEBINAR}: ${row.className}`}>
                {Texts.ENTER_WEBINAR}
              </ButtonLink>
            )}
            <ButtonLink
              variant="secondary"
              to={`/cancel-seat/${encodeURIComponent(row.cancelCode)}`}
              aria-label={`${Texts.SEATS_CANCEL}: ${row.className}`}
            >
              {Texts.SEATS_CANCEL}
            </ButtonLink>
          </>
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
  const now = useMinuteClock();
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
          <SeatRow key={row.hash} row={row} now={now} />
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
