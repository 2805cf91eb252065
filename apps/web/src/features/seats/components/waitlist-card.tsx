import { countText, Texts } from '@opence/shared';
import { Button } from '../../../components/ui/button.tsx';

/** 'On Waitlist' (02 §2): the class is full; refresh reloads the member's status. */
export function WaitlistCard({
  onRefresh,
  isRefreshing,
  position,
}: {
  onRefresh: () => void;
  isRefreshing: boolean;
  /** The place's number, known right after joining the waitlist (reserve-seat). */
  position?: number;
}) {
  return (
    <section className="card room-card waitlist-card" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{Texts.ON_WAITLIST}</h2>
      {position ? (
        <p role="status" className="waitlist-position">
          <strong>{countText(Texts.WAITLIST_NUMBER, position)}</strong>
        </p>
      ) : null}
      <p>{Texts.WAITLIST_EXPLANATION}</p>
      <Button
        variant="secondary"
        onClick={onRefresh}
        disabled={isRefreshing}
        aria-busy={isRefreshing || undefined}
      >
        {Texts.REFRESH}
      </Button>
    </section>
  );
}
