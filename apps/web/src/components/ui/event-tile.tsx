import { ClaimTexts } from '@opence/shared';
import './event-tile.css';

/**
 * The picture of an in-person event that has none (issue 36): a screen and an audience on the
 * brand's colours, labelled In person, in the place a class shows its photo. Decoration: the
 * title beside it names the event.
 */
export function EventTile() {
  return (
    <span className="event-tile" aria-hidden="true">
      <svg viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
        <rect x="8" y="4" width="32" height="18" rx="2" strokeLinejoin="round" />
        <path d="M15 11h12M15 16h18" />
        <circle cx="12" cy="31" r="4" />
        <circle cx="24" cy="31" r="4" />
        <circle cx="36" cy="31" r="4" />
        <path d="M5 45c0-4 3-7 7-7s7 3 7 7M17 45c0-4 3-7 7-7s7 3 7 7M29 45c0-4 3-7 7-7s7 3 7 7" />
      </svg>
      <span>{ClaimTexts.IN_PERSON}</span>
    </span>
  );
}
